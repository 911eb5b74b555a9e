/**
 * The rules of automations, pure so the editor's preview and the server's runs agree: which event
 * starts which trigger, whether the conditions hold for a record, and who is next in a round-robin.
 */
import type { ConditionRule, Conditions, Trigger } from './schemas.ts';

/** What the server records when a lead, appointment or note changes (the outbox's `type`). */
export const AUTOMATION_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'appointment.set',
  'appointment.changed',
  'note.added',
] as const;
export type AutomationEventType = (typeof AUTOMATION_EVENT_TYPES)[number];

type Fields = Record<string, unknown>;

export interface AutomationEventFacts {
  type: string;
  before: Fields | null;
  after: Fields | null;
}

/** The lead's status as the app shows it. */
export const STATUS_FIELD = 'deal_stage_status';

/** A field of a lead: its column, or an extra kept in `data`. */
export function fieldOf(record: Fields | null | undefined, field: string): unknown {
  if (!record) return undefined;
  if (field in record) return record[field];
  const data = record.data;
  return data && typeof data === 'object' ? (data as Fields)[field] : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Whether the event starts this trigger (time-based triggers are started by the clock, never here). */
export function matchesTrigger(trigger: Trigger, event: AutomationEventFacts): boolean {
  switch (trigger.type) {
    case 'lead_created':
      return event.type === 'lead.created';
    case 'status_changed': {
      if (event.type !== 'lead.updated') return false;
      const from = fieldOf(event.before, STATUS_FIELD);
      const to = fieldOf(event.after, STATUS_FIELD);
      if (same(from, to)) return false;
      if (!blank(trigger.from) && from !== trigger.from) return false;
      return blank(trigger.to) || to === trigger.to;
    }
    case 'appointment_set':
      return event.type === 'appointment.set';
    case 'appointment_changed':
      return event.type === 'appointment.changed';
    case 'field_changed':
      return (
        event.type === 'lead.updated' &&
        !same(fieldOf(event.before, trigger.field), fieldOf(event.after, trigger.field))
      );
    case 'note_added':
      return event.type === 'note.added';
    default:
      return false;
  }
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
    // Dates compare as dates.
    const t = Date.parse(value);
    if (!Number.isNaN(t)) return t;
  }
  return undefined;
}

const text = (value: unknown) => (blank(value) ? '' : String(value));

function ruleHolds(rule: ConditionRule, record: Fields): boolean {
  const actual = fieldOf(record, rule.field);
  const list = Array.isArray(actual) ? actual.map(text) : undefined;
  switch (rule.op) {
    case 'empty':
      return blank(actual) || (list !== undefined && list.length === 0);
    case 'not_empty':
      return !(blank(actual) || (list !== undefined && list.length === 0));
    case 'eq':
      return list ? list.includes(text(rule.value)) : text(actual) === text(rule.value);
    case 'neq':
      return list ? !list.includes(text(rule.value)) : text(actual) !== text(rule.value);
    case 'in': {
      const wanted = Array.isArray(rule.value) ? rule.value : [text(rule.value)];
      return list ? list.some((v) => wanted.includes(v)) : wanted.includes(text(actual));
    }
    case 'contains':
      return text(actual).toLowerCase().includes(text(rule.value).toLowerCase());
    case 'gt':
    case 'lt': {
      const a = asNumber(actual);
      const b = asNumber(rule.value);
      if (a === undefined || b === undefined) return false;
      return rule.op === 'gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** Whether the record meets the conditions: every rule (all) or one of them (any); none always holds. */
export function conditionsHold(conditions: Conditions | undefined, record: Fields | null): boolean {
  const rules = conditions?.rules ?? [];
  if (!rules.length) return true;
  if (!record) return false;
  return conditions?.match === 'any'
    ? rules.some((rule) => ruleHolds(rule, record))
    : rules.every((rule) => ruleHolds(rule, record));
}

/**
 * The next person of a round-robin: the one after `last` in the ordered members (the first when
 * `last` is unknown or left); undefined for an empty team.
 */
export function roundRobinPick(
  members: readonly string[],
  last: string | null | undefined,
): string | undefined {
  if (!members.length) return undefined;
  const sorted = [...members].sort();
  const at = last ? sorted.findIndex((id) => id > last) : 0;
  return sorted[at === -1 ? 0 : at];
}

/** The key that makes one clock-started run per automation, record and occasion. */
export function timeEventKey(automationId: string, recordId: string, occasion: string): string {
  return `time:${automationId}:${recordId}:${occasion}`;
}

/** Webhook event types an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.status_changed',
  'appointment.set',
  'note.added',
  'automation.webhook',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The webhook event a recorded change sends, if any. */
export function webhookEventOf(event: AutomationEventFacts): WebhookEventType | undefined {
  if (event.type === 'lead.created') return 'lead.created';
  if (event.type === 'appointment.set') return 'appointment.set';
  if (event.type === 'note.added') return 'note.added';
  if (
    event.type === 'lead.updated' &&
    !same(fieldOf(event.before, STATUS_FIELD), fieldOf(event.after, STATUS_FIELD))
  )
    return 'lead.status_changed';
  return undefined;
}
