import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from './i18n.ts';
import { takeMissingMessages } from './missingMessages.ts';

afterEach(() => vi.restoreAllMocks());

describe('a message the catalogue lacks', () => {
  it('is reported with its key and said on the console', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    expect(i18n.t('nav.noSuchMessage')).toBe('nav.noSuchMessage');
    expect(takeMissingMessages()).toEqual(['nav.noSuchMessage']);
    expect(console).toHaveBeenCalledWith('Missing message: nav.noSuchMessage (en)');
    expect(takeMissingMessages()).toEqual([]);
  });

  it('is not reported when found, or when the lookup names its own default (data shown as it is)', () => {
    expect(i18n.t('nav.map')).toBe('Map');
    expect(i18n.t('proposals.statuses.Made up', { defaultValue: 'Made up' })).toBe('Made up');
    expect(takeMissingMessages()).toEqual([]);
  });
});
