import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft } from './draft.ts';
import { forgetDraft, keepDraft, keptDraft } from './keptDraft.ts';

const LEAD = '00000000-0000-4000-8000-000000000001';

/** A session storage for the test (the unit tests run in Node). */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the kept guide draft', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', fakeStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('comes back for the same lead only, until it is forgotten', () => {
    const draft = { ...emptyDraft(LEAD, '2026-11-24'), utility: 'APS', productIds: ['p1'] };
    keepDraft(draft, 4);
    expect(keptDraft(LEAD)).toEqual({ draft, step: 4 });
    expect(keptDraft('00000000-0000-4000-8000-000000000002')).toBeUndefined();
    expect(keptDraft('')).toBeUndefined();
    forgetDraft();
    expect(keptDraft(LEAD)).toBeUndefined();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('proposal-guide-draft', '{not json');
    expect(keptDraft(LEAD)).toBeUndefined();
    sessionStorage.setItem(
      'proposal-guide-draft',
      JSON.stringify({ draft: { ...emptyDraft(LEAD, ''), annualKwh: 5 }, step: 2 }),
    );
    expect(keptDraft(LEAD)).toBeUndefined();
    sessionStorage.setItem(
      'proposal-guide-draft',
      JSON.stringify({ draft: emptyDraft(LEAD, ''), step: 'two' }),
    );
    expect(keptDraft(LEAD)).toBeUndefined();
  });

  it('does nothing without session storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    keepDraft(emptyDraft(LEAD, ''), 1);
    expect(keptDraft(LEAD)).toBeUndefined();
    forgetDraft();
  });
});
