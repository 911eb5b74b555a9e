/** The walk rules form: what the admin typed, and the rules it makes (or what is wrong with it). */
import type { WalkRules } from '#src/domain/doorEligibility.ts';
import { walkRulesSchema } from '#src/domain/schemas/walkRules.ts';

export interface WalkRulesForm {
  closedStatuses: string[];
  customersClosed: boolean;
  /** As typed. */
  cooldownDays: string;
}

export function walkRulesFormOf(rules: WalkRules): WalkRulesForm {
  return {
    closedStatuses: [...rules.closed_statuses],
    customersClosed: rules.customers_closed,
    cooldownDays: String(rules.cooldown_days),
  };
}

/** The rules the form holds, or `days` when the cool-down is not a whole number of days the org may set. */
export function walkRulesOf(form: WalkRulesForm): { rules: WalkRules } | { problem: 'days' } {
  const typed = form.cooldownDays.trim();
  const days = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  const parsed = walkRulesSchema.safeParse({
    closed_statuses: form.closedStatuses,
    customers_closed: form.customersClosed,
    cooldown_days: days,
  });
  return parsed.success ? { rules: parsed.data } : { problem: 'days' };
}

/** The statuses to offer: the pipeline's, in its order, then any closed one it no longer has. */
export function closableStatuses(pipeline: readonly string[], closed: readonly string[]): string[] {
  return [...new Set([...pipeline, ...closed])];
}
