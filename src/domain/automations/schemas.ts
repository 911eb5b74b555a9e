/**
 * Automations (SPEC: /automations, /admin/settings/automations): what starts one (trigger), what
 * must hold (conditions), and what it does (actions, in order). The same schemas check the
 * editor's save on the device and on the server (record.save.v1, table `automations`).
 */
import { z } from 'zod';
import { boundedInt, boundedText, safeString, uuidSchema } from '../schemas/common.ts';

/** How many automation runs may lead to one another before the chain stops (no loops). */
export const MAX_AUTOMATION_DEPTH = 3;
export const DEPTH_LIMIT_MESSAGE = `stopped: depth limit ${MAX_AUTOMATION_DEPTH} reached`;

/** A lead field an automation may read or set: a plain column or extra name. */
const fieldName = safeString
  .trim()
  .min(1, { message: 'is required' })
  .max(60)
  .regex(/^[a-z][a-z0-9_]*$/, { message: 'must be a field name such as deal_stage_status' });
const statusName = boundedText(100).trim();
const optionalStatus = statusName.nullable().optional();

export const TRIGGER_TYPES = [
  'lead_created',
  'status_changed',
  'appointment_set',
  'appointment_changed',
  'field_changed',
  'note_added',
  'days_in_status',
  'date_reached',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const triggerSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('lead_created') }).strict(),
    // Empty or absent `from` / `to`: any status.
    z.object({ type: z.literal('status_changed'), from: optionalStatus, to: optionalStatus }).strict(),
    z.object({ type: z.literal('appointment_set') }).strict(),
    z.object({ type: z.literal('appointment_changed') }).strict(),
    z.object({ type: z.literal('field_changed'), field: fieldName }).strict(),
    z.object({ type: z.literal('note_added') }).strict(),
    z
      .object({
        type: z.literal('days_in_status'),
        status: statusName.min(1, { message: 'is required' }),
        days: boundedInt(1, 365),
      })
      .strict(),
    z.object({ type: z.literal('date_reached'), field: fieldName }).strict(),
  ],
  { message: `must have a type, one of: ${TRIGGER_TYPES.join(', ')}` },
);
export type Trigger = z.infer<typeof triggerSchema>;

export const CONDITION_OPERATORS = ['eq', 'neq', 'in', 'contains', 'gt', 'lt', 'empty', 'not_empty'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const conditionRuleSchema = z
  .object({
    // stage, status, team, region and owner are deal_stage, deal_stage_status, team_id, region_id, owner_id.
    field: fieldName,
    op: z.enum(CONDITION_OPERATORS, { message: `must be one of: ${CONDITION_OPERATORS.join(', ')}` }),
    value: z.union([boundedText(500), z.number().finite(), z.array(boundedText(200)).max(50)]).optional(),
  })
  .strict();
export type ConditionRule = z.infer<typeof conditionRuleSchema>;

export const conditionsSchema = z
  .object({
    match: z.enum(['all', 'any'], { message: 'must be all or any' }),
    rules: z.array(conditionRuleSchema).max(20),
  })
  .strict();
export type Conditions = z.infer<typeof conditionsSchema>;

export const ACTION_TYPES = [
  'assign_round_robin',
  'set_field',
  'change_status',
  'create_note',
  'create_activity',
  'notify',
  'webhook',
  'wait',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const NOTIFY_RECIPIENTS = ['owner', 'energy_consultants', 'team_managers'] as const;
export type NotifyRecipient = (typeof NOTIFY_RECIPIENTS)[number];

export const actionSchema = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('assign_round_robin'),
        role: z.enum(['owner', 'energy_consultant'], { message: 'must be owner or energy_consultant' }),
        team_id: uuidSchema,
      })
      .strict(),
    z
      .object({
        type: z.literal('set_field'),
        field: fieldName,
        value: z.union([boundedText(2000), z.number().finite(), z.boolean(), z.null()]),
      })
      .strict(),
    z
      .object({ type: z.literal('change_status'), status: statusName.min(1, { message: 'is required' }) })
      .strict(),
    z
      .object({
        type: z.literal('create_note'),
        subject: boundedText(200),
        body: boundedText(5000).trim().min(1, { message: 'is required' }),
      })
      .strict(),
    z
      .object({
        type: z.literal('create_activity'),
        message: boundedText(500).trim().min(1, { message: 'is required' }),
      })
      .strict(),
    z
      .object({
        type: z.literal('notify'),
        recipients: z.array(z.enum(NOTIFY_RECIPIENTS)).max(3),
        user_ids: z.array(uuidSchema).max(50),
        title: boundedText(200).trim().min(1, { message: 'is required' }),
        message: boundedText(1000),
      })
      .strict()
      .refine((a) => a.recipients.length + a.user_ids.length > 0, {
        message: 'needs at least one recipient',
        path: ['recipients'],
      }),
    z.object({ type: z.literal('webhook'), endpoint_id: uuidSchema }).strict(),
    z.object({ type: z.literal('wait'), minutes: boundedInt(1, 60 * 24 * 90) }).strict(),
  ],
  { message: `must have a type, one of: ${ACTION_TYPES.join(', ')}` },
);
export type AutomationAction = z.infer<typeof actionSchema>;

/** The automation's fields a device may set (record.save.v1); `state` is the server's. */
export const automationFields = {
  name: boundedText(200).trim().min(1, { message: 'is required' }),
  description: boundedText(2000),
  enabled: z.boolean(),
  trigger: triggerSchema,
  conditions: conditionsSchema,
  actions: z.array(actionSchema).min(1, { message: 'needs at least one action' }).max(20),
};

export const AUTOMATION_REQUIRED_ON_CREATE = ['name', 'trigger', 'actions'] as const;

/** How often a failing action is tried in all before its run is recorded failed. */
export const MAX_ACTION_ATTEMPTS = 3;

/** Seconds before the next try of a failed action: 10 s, 40 s, 160 s… */
export function retryDelaySeconds(attempt: number): number {
  return 10 * 4 ** Math.max(0, attempt - 1);
}
