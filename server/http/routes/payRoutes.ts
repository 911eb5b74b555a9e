import { z } from 'zod';
import { setPayPlan } from '#server/services/payPlan.ts';
import { payPlanSchema } from '#src/domain/schemas/payPlan.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/pay/...`: the org's pay plan, which devices pull to project reps' pay offline. */
export const payRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/v2/pay/plan',
    operationId: 'setPayPlan',
    summary: 'Save the org’s pay plan (admins)',
    description:
      'One plan for the whole org: a rate per watt or per deal, the split between setter (owner) and closer (energy consultants), the milestones (statuses) that release the pay with their shares, and the days within which a cancellation claws back what was released. Devices pull it with the other org settings.',
    tag: 'Interfaces',
    access: 'session',
    body: { name: 'PayPlan', schema: payPlanSchema },
    answer: { description: '`data`: the plan as saved.', schema: z.object({ data: payPlanSchema }) },
    handler: async (_c, { ctx, actor, body }) => ({ data: await setPayPlan(ctx, actor, body) }),
  }),
];
