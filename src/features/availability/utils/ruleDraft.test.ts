import { describe, expect, it } from 'vitest';
import {
  draftOf,
  type RuleDraft,
  type RuleValues,
  sameValues,
  saved,
  valuesOf,
  withRow,
} from './ruleDraft.ts';

const none: RuleValues = { kind: 'none', cap: '', windowDays: 30 };
const ranking: RuleValues = { kind: 'ranking', cap: 3, windowDays: 60 };
const nearest: RuleValues = { kind: 'nearest', cap: 5, windowDays: 30 };
const edited = (base: RuleValues, draft: RuleValues): RuleDraft => ({ base, draft });

describe("a rule card's form", () => {
  it('reads no rule as none, with a blank cap and the default window', () => {
    expect(valuesOf(undefined)).toEqual(none);
    expect(valuesOf({ kind: 'ranking', daily_cap: 3, window_days: 60 })).toEqual(ranking);
    expect(valuesOf({ kind: 'nearest', daily_cap: null, window_days: 30 })).toEqual({ ...nearest, cap: '' });
  });

  it('counts no rule as one rule, whatever its hidden cap and window', () => {
    expect(sameValues(none, { ...ranking, kind: 'none' })).toBe(true);
    expect(sameValues(ranking, { ...ranking, cap: '' })).toBe(false);
    expect(sameValues(ranking, { ...ranking, windowDays: 90 })).toBe(false);
    expect(sameValues(ranking, nearest)).toBe(false);
  });

  it.each([
    ['an untouched form shows a rule set elsewhere', draftOf(none), ranking, draftOf(ranking)],
    ['an untouched form shows a rule removed elsewhere', draftOf(ranking), none, draftOf(none)],
    ['a re-read of the same rule changes nothing', edited(ranking, none), ranking, edited(ranking, none)],
    [
      "the person's choice outlives the echo of their own save",
      saved(edited(none, { ...ranking, kind: 'none' }), ranking),
      ranking,
      edited(ranking, { ...ranking, kind: 'none' }),
    ],
    [
      "the person's unsaved choice outlives a change made elsewhere",
      edited(none, ranking),
      nearest,
      edited(nearest, ranking),
    ],
    [
      'once the changed form matches the row again, later changes show',
      withRow(edited(none, ranking), ranking),
      nearest,
      draftOf(nearest),
    ],
  ])('%s', (_, form, row, expected) => {
    expect(withRow(form, row)).toEqual(expected);
  });

  it('a save whose echo came first keeps the choice made since', () => {
    // Saved `ranking`; the row came back before the write settled; the person then chose none.
    const echoed = withRow(edited(none, ranking), ranking);
    const choseNone = { ...echoed, draft: { ...ranking, kind: 'none' as const } };
    expect(saved(choseNone, ranking)).toEqual(edited(ranking, { ...ranking, kind: 'none' }));
  });
});
