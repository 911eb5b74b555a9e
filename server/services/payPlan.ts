/**
 * The org's pay plan: the `pay_plan` interface, which every device of the org pulls so reps see
 * their projected pay offline. One plan for the whole org. Only admins (`settings.manage`) change it.
 */
import type { PayPlan } from '#src/domain/pay.ts';
import { type Actor, can } from '#src/domain/permissions.ts';
import { PAY_PLAN_KEY } from '#src/domain/schemas/payPlan.ts';
import type { ServiceContext } from './context.ts';
import { editInterface } from './interfaces.ts';
import { forbidden } from './serviceError.ts';

export async function setPayPlan(ctx: ServiceContext, actor: Actor, plan: PayPlan): Promise<PayPlan> {
  if (!can(actor, 'settings.manage')) throw forbidden('Only admins can change the pay plan.');
  const saved = await editInterface(ctx, actor, { key: PAY_PLAN_KEY, type: 'config', data: plan });
  return saved.data as PayPlan;
}
