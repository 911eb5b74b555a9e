import { describe, expect, it } from 'vitest';
import { DEFAULT_WALK_RULES } from '#src/domain/doorEligibility.ts';
import { closableStatuses, walkRulesFormOf, walkRulesOf } from './walkRulesForm.ts';

describe('the walk rules form', () => {
  it('round-trips the rules', () => {
    expect(walkRulesOf(walkRulesFormOf(DEFAULT_WALK_RULES))).toEqual({ rules: DEFAULT_WALK_RULES });
  });

  const days: [string, number | null][] = [
    ['0', 0],
    [' 7 ', 7],
    ['365', 365],
    ['366', null],
    ['-1', null],
    ['1.5', null],
    ['', null],
    ['three', null],
  ];
  it.each(days)('reads a cool-down of %j', (typed, expected) => {
    const made = walkRulesOf({ ...walkRulesFormOf(DEFAULT_WALK_RULES), cooldownDays: typed });
    expect(made).toEqual(
      expected === null ? { problem: 'days' } : { rules: { ...DEFAULT_WALK_RULES, cooldown_days: expected } },
    );
  });

  it('offers the pipeline’s statuses, then closed ones it no longer has', () => {
    expect(closableStatuses(['A', 'B'], ['B', 'Gone'])).toEqual(['A', 'B', 'Gone']);
  });
});
