import { type DistributionKind, type DistributionRule, WINDOW_DAYS } from '#src/domain/distribution.ts';

/** What a rule card's form holds: a kind (or none), a daily cap (or blank) and a ranking window. */
export interface RuleValues {
  kind: DistributionKind | 'none';
  cap: number | '';
  windowDays: number;
}

/**
 * The form and the rule it started from (`base`: the row as last read, or as the person last
 * saved it). The person's choices are in `draft`.
 */
export interface RuleDraft {
  base: RuleValues;
  draft: RuleValues;
}

/** A rule as the form shows it; no rule reads as "none" with a blank cap and the default window. */
export function valuesOf(
  rule: Pick<DistributionRule, 'kind' | 'daily_cap' | 'window_days'> | undefined,
): RuleValues {
  return {
    kind: rule?.kind ?? 'none',
    cap: rule?.daily_cap ?? '',
    windowDays: rule?.window_days ?? WINDOW_DAYS.default,
  };
}

/** Whether two forms say the same rule: with no rule, the hidden cap and window do not count. */
export const sameValues = (a: RuleValues, b: RuleValues) =>
  a.kind === b.kind && (a.kind === 'none' || (a.cap === b.cap && a.windowDays === b.windowDays));

export const draftOf = (values: RuleValues): RuleDraft => ({ base: values, draft: values });

/**
 * The form once the device's row reads `row`:
 * - the row the form already knows (its own save coming back, a re-read) changes nothing;
 * - an untouched form shows the row as it is now (another device's change, a pull);
 * - a form the person has changed keeps their choices, on top of the new row.
 */
export function withRow(form: RuleDraft, row: RuleValues): RuleDraft {
  if (sameValues(row, form.base)) return form;
  if (sameValues(form.draft, form.base)) return draftOf(row);
  return { base: row, draft: form.draft };
}

/** The form once the device stored `values` as the rule: its base is what was saved. */
export const saved = (form: RuleDraft, values: RuleValues): RuleDraft => ({
  base: values,
  draft: form.draft,
});
