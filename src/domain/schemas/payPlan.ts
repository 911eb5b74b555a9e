/**
 * The org's pay plan, kept in the `pay_plan` interface, which every device of the org pulls so
 * 'My pay' works offline. One plan applies to everyone in the org; with none saved, devices use
 * {@link DEFAULT_PAY_PLAN}. Only admins change it (`PUT /api/v2/pay/plan`).
 */
import { z } from 'zod';
import { PAY_BASES, type PayPlan } from '../pay.ts';
import { boundedInt, singleLineText } from './common.ts';

export const PAY_PLAN_KEY = 'pay_plan';

const decimals = (places: number) => (value: number) =>
  Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;

const percent = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be at least 0' })
  .max(100, { message: 'must be at most 100' })
  .refine(decimals(2), { message: 'must have at most 2 decimals' });

const sumsTo100 = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0) === 10_000;

export const payPlanSchema = z
  .object({
    id: singleLineText(64).trim().min(1, { message: 'must not be empty' }),
    name: singleLineText(100).trim().min(1, { message: 'must not be empty' }),
    basis: z.enum(PAY_BASES, { message: `must be one of ${PAY_BASES.join(', ')}` }),
    rate: z
      .number({ message: 'must be a number' })
      .min(0, { message: 'must be at least 0' })
      .max(1_000_000, { message: 'must be at most 1000000' })
      .refine(decimals(4), { message: 'must have at most 4 decimals' }),
    split: z
      .object({ setter: percent, closer: percent })
      .strict()
      .refine((s) => sumsTo100([s.setter, s.closer]), { message: 'setter and closer must add up to 100' }),
    milestones: z
      .array(
        z
          .object({
            status: singleLineText(100).trim().min(1, { message: 'must not be empty' }),
            share: percent,
          })
          .strict(),
      )
      .min(1, { message: 'must have at least one milestone' })
      .max(10, { message: 'must have at most 10 milestones' })
      .refine((ms) => sumsTo100(ms.map((m) => m.share)), { message: 'milestone shares must add up to 100' })
      .refine((ms) => new Set(ms.map((m) => m.status)).size === ms.length, {
        message: 'each milestone must be a different status',
      }),
    clawback_days: boundedInt(0, 3650),
  })
  .strict()
  .refine((plan) => plan.basis === 'per_deal' || plan.rate <= 100, {
    message: 'a rate per watt must be at most 100',
    path: ['rate'],
  })
  .refine((plan) => plan.basis === 'per_watt' || decimals(2)(plan.rate), {
    message: 'a rate per deal must have at most 2 decimals',
    path: ['rate'],
  }) satisfies z.ZodType<PayPlan>;
