/**
 * Texts the server writes for people (a notification, an activity, an automation step's result),
 * stored as a message key with its parameters so each reader's device says them in its own
 * language. The server still writes the English text in the row's own columns (title, message,
 * result) for older devices, the legacy service and e-mails; a device reads the key when the row
 * has a known one with valid parameters and falls back to that stored text otherwise.
 *
 * Where the words are: `notification.*` in the notifications catalogue (`serverTexts.<name>.title`
 * and `.message`), `activity.*` in the shared one (`activityFeed.entry.<name>`, read through
 * src/domain/activityEntry.ts), `automation.*` in the automations one (`automations.results.<name>`).
 * Parameters that name records or people are shown as given; those named in
 * {@link ENUMERATED_PARAMS} are enumerated values each catalogue translates.
 */
import { z } from 'zod';

const name = z.string().max(1000);
const count = z.number().int().min(0);
const lead = z.object({ lead: name });

/** Every key and the parameters it is written with. */
export const SERVER_TEXTS = {
  'notification.leadAssigned': z.object({ actor: name, lead: name }),
  'notification.appointmentSet': z.object({ type: name, lead: name }),
  'notification.appointmentChanged': z.object({ type: name, lead: name }),
  'notification.addedToTeam': z.object({ team: name }),
  'notification.newTeammate': z.object({ person: name, team: name }),
  'notification.announcement': z.object({ title: name }),
  'notification.contestWon': z.object({ person: name, contest: name }),
  'notification.contestStarted': z.object({ contest: name, end: name }),
  // `count`: the doors the change gave the rep (doors already theirs are not counted).
  'notification.turfAssigned': z.object({ turf: name, region: name, count }),
  'notification.turfGrew': z.object({ turf: name, region: name, count }),
  'notification.turfHandedOver': z.object({ turf: name, rep: name }),
  // A booking whose closer was already booked then (src/domain/bookingLease.ts), told to its setter.
  'notification.bookingReassigned': z.object({ lead: name, asked: name, to: name }),
  'notification.bookingReturned': z.object({ lead: name, asked: name }),
  'notification.weeklyRecord': z.object({
    category: z.enum(['sales', 'leads', 'installs']),
    person: name,
    count,
  }),

  'activity.added': lead,
  'activity.deleted': lead,
  'activity.restored': lead,
  'activity.statusChanged': z.object({ lead: name, status: name }),
  'activity.statusCleared': lead,
  'activity.movedTo': z.object({ lead: name, stage: name }),
  'activity.renamed': z.object({ old: name, lead: name }),
  'activity.emailUpdated': lead,
  'activity.phoneUpdated': lead,
  'activity.roofRequested': lead,
  'activity.installed': lead,
  'activity.noteAdded': lead,
  'activity.noteEdited': lead,
  'activity.noteDeleted': lead,
  'activity.appointmentSet': lead,
  'activity.appointmentUpdated': lead,
  'activity.appointmentCancelled': lead,
  'activity.fileAdded': lead,
  'activity.fileRenamed': lead,
  'activity.fileDeleted': lead,
  'activity.reassigned': z.object({ lead: name, to: name }),
  'activity.joinedTeam': z.object({ team: name }),
  'activity.addedToTeam': z.object({ person: name, team: name }),
  'activity.teamToRegion': z.object({ team: name, region: name }),
  'activity.teamOutOfRegion': z.object({ team: name }),

  // `user` is the id of whom the lead was given to.
  'automation.assigned': z.object({ role: z.enum(['owner', 'energy_consultant']), user: name }),
  'automation.nobodyToNotify': z.object({}),
  'automation.notified': z.object({ count }),
  'automation.webhookQueued': z.object({ id: name }),
  'automation.fieldSet': z.object({ field: name }),
  'automation.statusSet': z.object({ status: name }),
  'automation.noteAdded': z.object({ id: name }),
  'automation.activityRecorded': z.object({}),
  'automation.waited': z.object({ minutes: count }),
  'automation.authorUnknown': z.object({}),
  'automation.authorDeactivated': z.object({}),
  'automation.authorOtherOrg': z.object({}),
  'automation.authorNoRight': z.object({}),
  'automation.authorNoExport': z.object({}),
  'automation.leadOutOfReach': z.object({}),
  'automation.depthLimit': z.object({ limit: count }),
  'automation.stopped': z.object({}),
  'automation.invalidActions': z.object({}),
} as const;

export type ServerTextKey = keyof typeof SERVER_TEXTS;
export type ServerTextParams<K extends ServerTextKey> = z.infer<(typeof SERVER_TEXTS)[K]>;

/** A key with its parameters, the pair a row stores. */
export type ServerText<K extends ServerTextKey = ServerTextKey> = {
  [P in K]: { key: P; params: ServerTextParams<P> };
}[K];

/** The keys of one kind of text ('notification', 'activity', 'automation'), without the prefix. */
export type ServerTextName<Kind extends string> = ServerTextKey extends infer K
  ? K extends `${Kind}.${infer Name}`
    ? Name
    : never
  : never;

export const SERVER_TEXT_KEYS = Object.keys(SERVER_TEXTS) as ServerTextKey[];

/**
 * Parameters whose values are enumerated (an appointment's type, a record's category, an assigned
 * role): each catalogue translates them (`values.<param>.<value>`), the value itself when it has no
 * word for it. Every other parameter is a name and stays as written.
 */
export const ENUMERATED_PARAMS: ReadonlySet<string> = new Set(['type', 'category', 'role']);

export function serverText<K extends ServerTextKey>(key: K, params: ServerTextParams<K>): ServerText<K> {
  return { key, params } as ServerText<K>;
}

/** How a row stores a text: its key and parameters beside the English text of its own columns. */
export interface StoredServerText {
  text_key: string | null;
  text_params: Record<string, unknown> | null;
}

export function storedServerText(text: ServerText | null | undefined): StoredServerText {
  return text ? { text_key: text.key, text_params: text.params } : { text_key: null, text_params: null };
}

const isKey = (key: unknown): key is ServerTextKey =>
  typeof key === 'string' && Object.hasOwn(SERVER_TEXTS, key);

/**
 * The text a row stores (its `text_key` and `text_params`, or a run's `error_key` and
 * `error_params`), when the key is one this device knows and the parameters fit it; null for a row
 * written before keys (or by a newer server), which is then read by its own text.
 */
export function readServerText(key: unknown, params: unknown): ServerText | null {
  if (!isKey(key)) return null;
  const parsed = SERVER_TEXTS[key].safeParse(params ?? {});
  return parsed.success ? ({ key, params: parsed.data } as ServerText) : null;
}

/** The name of a text of that kind ('leadAssigned' of 'notification.leadAssigned'), else null. */
export function serverTextName<Kind extends 'notification' | 'activity' | 'automation'>(
  text: ServerText | null,
  kind: Kind,
): ServerTextName<Kind> | null {
  const prefix = `${kind}.`;
  return text?.key.startsWith(prefix) ? (text.key.slice(prefix.length) as ServerTextName<Kind>) : null;
}

/** A catalogue word by its key, or `fallback` when the catalogue has none. */
type Words = (key: string, fallback: string) => string;

/**
 * A text's parameters ready to fill its words, under a catalogue prefix: an enumerated value in
 * the reader's language (`<prefix>.values.<param>.<value>`, the value itself when the catalogue has
 * no word for it), an empty one by the catalogue's word for it (`<prefix>.empty.<param>`: 'a lead',
 * 'Someone'), names and numbers as written.
 */
export function serverTextValues(text: ServerText, prefix: string, words: Words): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [param, value] of Object.entries(text.params as Record<string, unknown>)) {
    if (value === '') out[param] = words(`${prefix}.empty.${param}`, '');
    else if (typeof value === 'string' && ENUMERATED_PARAMS.has(param) && /^[^.:]+$/.test(value))
      out[param] = words(`${prefix}.values.${param}.${value}`, value);
    else out[param] = value;
  }
  return out;
}
