import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyMessageKey, MessageKey } from '../ui/messages.ts';
import i18n from './i18n.ts';
import { takeMissingMessages } from './missingMessages.ts';

afterEach(() => vi.restoreAllMocks());

// Keys no catalogue has, which the type check would refuse written as they are.
const nowhere = (key: string) => key as AnyMessageKey;

describe('a message the catalogue lacks', () => {
  it('is reported with its key and said on the console', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    expect(i18n.t(nowhere('nav.noSuchMessage'))).toBe('nav.noSuchMessage');
    expect(takeMissingMessages()).toEqual(['nav.noSuchMessage']);
    expect(console).toHaveBeenCalledWith('Missing message: nav.noSuchMessage (en)');
    expect(takeMissingMessages()).toEqual([]);
  });

  it("is reported with its feature's namespace when that namespace lacks it", async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    await i18n.loadNamespaces('regions');
    const t = i18n.getFixedT(null, 'regions');
    expect(t('regions.title')).toBe('Region');
    expect(t('regions.noSuchMessage' as MessageKey<'regions'>)).toBe('regions.noSuchMessage');
    expect(takeMissingMessages()).toEqual(['regions:regions.noSuchMessage']);
    expect(console).toHaveBeenCalledWith('Missing message: regions:regions.noSuchMessage (en)');
  });

  it('is not reported when found, or when the lookup names its own default (data shown as it is)', () => {
    expect(i18n.t('nav.map')).toBe('Map');
    expect(i18n.t('proposals:proposals.statuses.Made up', { defaultValue: 'Made up' })).toBe('Made up');
    expect(takeMissingMessages()).toEqual([]);
  });
});
