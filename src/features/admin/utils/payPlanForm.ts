/** The pay plan editor's form: every value as typed, and the plan it makes or what is wrong with it. */
import { typedNumber } from '#src/domain/deal.ts';
import type { PayBasis, PayPlan } from '#src/domain/pay.ts';
import { payPlanSchema } from '#src/domain/schemas/payPlan.ts';

export interface PayPlanForm {
  id: string;
  name: string;
  basis: PayBasis;
  rate: string;
  setter: string;
  milestones: { status: string; share: string }[];
  clawbackDays: string;
}

/** Why a form cannot be saved; the editor words each. */
export type PayPlanProblem = 'name' | 'rate' | 'split' | 'shares' | 'statuses' | 'days';

export function payPlanFormOf(plan: PayPlan): PayPlanForm {
  return {
    id: plan.id,
    name: plan.name,
    basis: plan.basis,
    rate: String(plan.rate),
    setter: String(plan.split.setter),
    milestones: plan.milestones.map((m) => ({ status: m.status, share: String(m.share) })),
    clawbackDays: String(plan.clawback_days),
  };
}

/** The closer's percent: what the setter's leaves of 100 (empty while the setter's is not a percent). */
export function closerPercent(setter: string): string {
  const value = typedNumber(setter, 2);
  return typeof value === 'number' && value <= 100 ? String(Math.round((100 - value) * 100) / 100) : '';
}

/** The plan the form makes, or the first thing wrong with it. */
export function payPlanOf(form: PayPlanForm): { plan: PayPlan } | { problem: PayPlanProblem } {
  const rate = typedNumber(form.rate, form.basis === 'per_watt' ? 4 : 2);
  const setter = typedNumber(form.setter, 2);
  const shares = form.milestones.map((m) => typedNumber(m.share, 2));
  const days = typedNumber(form.clawbackDays, 0);
  if (!form.name.trim()) return { problem: 'name' };
  if (typeof rate !== 'number') return { problem: 'rate' };
  if (typeof setter !== 'number' || setter > 100) return { problem: 'split' };
  if (shares.some((s) => typeof s !== 'number')) return { problem: 'shares' };
  if (typeof days !== 'number') return { problem: 'days' };
  const candidate = {
    id: form.id.trim() || 'default',
    name: form.name.trim(),
    basis: form.basis,
    rate,
    split: { setter, closer: Math.round((100 - setter) * 100) / 100 },
    milestones: form.milestones.map((m, i) => ({ status: m.status.trim(), share: shares[i] ?? 0 })),
    clawback_days: days,
  };
  const parsed = payPlanSchema.safeParse(candidate);
  if (parsed.success) return { plan: parsed.data };
  const path = parsed.error.issues[0]?.path[0];
  if (path === 'rate') return { problem: 'rate' };
  if (path === 'clawback_days') return { problem: 'days' };
  if (path === 'name') return { problem: 'name' };
  if (path === 'split') return { problem: 'split' };
  const message = parsed.error.issues[0]?.message ?? '';
  return {
    problem: message.includes('different status') || message.includes('empty') ? 'statuses' : 'shares',
  };
}
