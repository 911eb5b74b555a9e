/**
 * The org's walk rules, kept in the `walk_rules` interface, which every device of the org pulls so
 * 'Plan my walk' works offline: the statuses no walk goes to, whether customers are closed, and the
 * cool-down in days after a knock. With none saved, devices use {@link DEFAULT_WALK_RULES}. Only
 * admins change them (`PUT /api/v2/map/walk-rules`).
 */
import { z } from 'zod';
import type { WalkRules } from '../doorEligibility.ts';
import { boundedInt, singleLineText } from './common.ts';

export const WALK_RULES_KEY = 'walk_rules';

/** The most statuses an org may close (a pipeline rarely has half as many). */
export const MAX_CLOSED_STATUSES = 200;
/** The longest cool-down, in days. */
export const MAX_COOLDOWN_DAYS = 365;

export const walkRulesSchema = z
  .object({
    closed_statuses: z
      .array(singleLineText(100).trim().min(1, { message: 'must not be empty' }))
      .max(MAX_CLOSED_STATUSES, { message: `must have at most ${MAX_CLOSED_STATUSES} statuses` })
      .refine((statuses) => new Set(statuses).size === statuses.length, {
        message: 'must not name a status twice',
      }),
    customers_closed: z.boolean({ message: 'must be true or false' }),
    cooldown_days: boundedInt(0, MAX_COOLDOWN_DAYS),
  })
  .strict() satisfies z.ZodType<WalkRules>;
