/**
 * How an activity entry reads and what it opens (SPEC section 7). An entry about a record names
 * it ('Riley Rep changed Ada Lopez to Appointment Set') by the name the device holds now, so a
 * rename shows at once, else by the name stored with the activity; clicking it opens the record.
 * The words are the catalogue's (`activityFeed.entry.<phrase>`), this module only picks them: by
 * the message key the server wrote with the entry (src/domain/serverTexts.ts), else, for entries
 * written before keys, by the entry's type and values.
 */
import { notificationLinks } from './notificationLinks.ts';
import { readServerText, serverTextName } from './serverTexts.ts';

export type ActivityRecordKind = 'lead' | 'team' | 'user' | 'region';

export interface ActivityRecordRef {
  kind: ActivityRecordKind;
  id: string;
}

/** A record as the device holds it: its name, and whether its page can be opened. */
export interface HeldRecord {
  name: string;
  /** False for a record the device holds only by name (e.g. one deleted since). */
  opens?: boolean;
}

export type HeldRecordOf = (ref: ActivityRecordRef) => HeldRecord | undefined;

/**
 * The words the server gives a note's, an appointment's and a file's activity (their lead is the
 * record): the server writes them, the device reads which change it was from them.
 */
export const RECORD_ACTIVITY = {
  notes: { type: 'note', added: 'added a note', edited: 'edited a note', deleted: 'deleted a note' },
  appointments: {
    type: 'appointment_updated',
    added: 'set an appointment',
    edited: 'updated an appointment',
    deleted: 'cancelled an appointment',
  },
  media: { type: 'media', added: 'added a file', edited: 'renamed a file', deleted: 'deleted a file' },
} as const;

const RECORD_PHRASES: Record<string, ActivityPhrase> = {
  'added a note': 'noteAdded',
  'edited a note': 'noteEdited',
  'deleted a note': 'noteDeleted',
  'set an appointment': 'appointmentSet',
  'updated an appointment': 'appointmentUpdated',
  'cancelled an appointment': 'appointmentCancelled',
  'added a file': 'fileAdded',
  'renamed a file': 'fileRenamed',
  'deleted a file': 'fileDeleted',
};

/** The phrases of `activityFeed.entry` in the shared catalogue. */
export const ACTIVITY_PHRASES = [
  'message',
  'about',
  'added',
  'deleted',
  'restored',
  'statusChanged',
  'statusCleared',
  'movedTo',
  'renamed',
  'emailUpdated',
  'phoneUpdated',
  'roofRequested',
  'installed',
  'noteAdded',
  'noteEdited',
  'noteDeleted',
  'appointmentSet',
  'appointmentUpdated',
  'appointmentCancelled',
  'fileAdded',
  'fileRenamed',
  'fileDeleted',
  'joinedTeam',
  'addedToTeam',
  'teamToRegion',
  'teamOutOfRegion',
  'reassigned',
  'contestWon',
  'mostSalesWeek',
  'mostLeadsWeek',
  'mostInstallsWeek',
] as const;
export type ActivityPhrase = (typeof ACTIVITY_PHRASES)[number];

/** One entry's words (a phrase and what fills it, besides who did it) and where it leads. */
export interface ActivityLine {
  phrase: ActivityPhrase;
  values: { message: string; record: string; value: string; other: string };
  /** The in-app path it opens, or null when it opens nothing. */
  target: string | null;
}

export interface LineActivity {
  [field: string]: unknown;
  type?: unknown;
  message?: unknown;
  lead_refs?: unknown;
  user_refs?: unknown;
  text_key?: unknown;
  text_params?: unknown;
}

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const firstOf = (value: unknown): string => (Array.isArray(value) ? str(value[0]) : '');

/** Lead activities whose server words end in the lead's name ('added Ada Lopez'). */
const NAMING_TYPES = new Set(['add_lead', 'lead_deleted', 'lead_restored']);
const TEAM_TYPES = new Set(['added_to_team', 'team_to_region']);
const USER_TYPES = new Set(['most_sales_week', 'most_leads_week', 'most_installs_week', 'contest_won']);

/** A person's own win, said from its type and data (the contest's name, the week's count). */
const WIN_PHRASES: Record<string, ActivityPhrase> = {
  contest_won: 'contestWon',
  most_sales_week: 'mostSalesWeek',
  most_leads_week: 'mostLeadsWeek',
  most_installs_week: 'mostInstallsWeek',
};

function personPhrase(activity: LineActivity, message: string): Omit<ActivityLine, 'target'> | null {
  const phrase = WIN_PHRASES[str(activity.type)];
  const count = activity.count;
  const value =
    phrase === 'contestWon'
      ? str(activity.contest_name)
      : typeof count === 'number' && Number.isInteger(count)
        ? String(count)
        : '';
  return phrase && value ? { phrase, values: { message, record: '', value, other: '' } } : null;
}

/** The record an activity is about, if any: its lead, else its team, else the person it concerns. */
export function activitySubject(activity: LineActivity): ActivityRecordRef | null {
  const lead = firstOf(activity.lead_refs);
  if (lead) return { kind: 'lead', id: lead };
  const type = str(activity.type);
  const team = str(activity.team_id);
  if (TEAM_TYPES.has(type) && team) return { kind: 'team', id: team };
  const user = USER_TYPES.has(type) ? firstOf(activity.user_refs) || str(activity.actor_id) : '';
  return user ? { kind: 'user', id: user } : null;
}

/** Every record whose name an entry may show: its subject, and the person or region it names. */
export function activityRefs(activity: LineActivity): ActivityRecordRef[] {
  const refs: ActivityRecordRef[] = [];
  const subject = activitySubject(activity);
  if (subject) refs.push(subject);
  const user = str(activity.user_id);
  if (activity.type === 'added_to_team' && user) refs.push({ kind: 'user', id: user });
  const region = str(activity.region_id);
  if (activity.type === 'team_to_region' && region) refs.push({ kind: 'region', id: region });
  return refs;
}

const PAGES: Record<ActivityRecordKind, (id: string) => string> = {
  lead: notificationLinks.lead,
  team: notificationLinks.team,
  user: notificationLinks.user,
  region: notificationLinks.region,
};

/** The name an activity stored of its subject when it was written (a lead's, a team's). */
function storedName(activity: LineActivity, kind: ActivityRecordKind): string {
  if (kind === 'lead') {
    if (str(activity.lead_name)) return str(activity.lead_name);
    if (activity.type === 'name_updated') return str(activity.new);
    const named = /^(added|deleted|restored) (.+)$/.exec(str(activity.message));
    if (named && NAMING_TYPES.has(str(activity.type))) return named[2] ?? '';
  }
  return kind === 'team' ? str(activity.team_name) : '';
}

/** What an entry about a lead says, by its type (its server words for a type of no phrase). */
function leadPhrase(activity: LineActivity): { phrase: ActivityPhrase; value?: string; other?: string } {
  const type = str(activity.type);
  switch (type) {
    case 'add_lead':
      return { phrase: 'added' };
    case 'lead_deleted':
      return { phrase: 'deleted' };
    case 'lead_restored':
      return { phrase: 'restored' };
    case 'lead_status_change':
      if ('new' in activity)
        return str(activity.new)
          ? { phrase: 'statusChanged', value: str(activity.new) }
          : { phrase: 'statusCleared' };
      break;
    case 'moved_to':
      if (str(activity.new)) return { phrase: 'movedTo', value: str(activity.new) };
      break;
    case 'name_updated':
      if (str(activity.old) && str(activity.new))
        return { phrase: 'renamed', other: str(activity.old), value: str(activity.new) };
      break;
    case 'updated_email':
      return { phrase: 'emailUpdated' };
    case 'updated_phone':
      return { phrase: 'phoneUpdated' };
    case 'roof_requested':
      return { phrase: 'roofRequested' };
    case 'lead_installed':
      return { phrase: 'installed' };
    case 'lead_reassigned':
      if (str(activity.to_name)) return { phrase: 'reassigned', value: str(activity.to_name) };
      break;
  }
  const recordPhrase = RECORD_PHRASES[str(activity.message)];
  return { phrase: recordPhrase ?? 'about' };
}

interface KeyedPhrase {
  /** Every activity key the server writes is a phrase of the catalogue (the type check says so). */
  phrase: ActivityPhrase;
  /** The record's name when it was written. */
  record: string;
  value: string;
  other: string;
}

/**
 * An entry the server wrote with a message key: the key's phrase, filled from its parameters; a
 * person or region it names is named as the device holds them now, like its record.
 */
function keyedPhrase(activity: LineActivity, held: HeldRecordOf): KeyedPhrase | null {
  const text = readServerText(activity.text_key, activity.text_params);
  const phrase = serverTextName(text, 'activity');
  if (!text || !phrase) return null;
  const params = text.params as Record<string, unknown>;
  const heldName = (kind: ActivityRecordKind, id: unknown) =>
    str(id) ? (held({ kind, id: str(id) })?.name.trim() ?? '') : '';
  const values: Partial<Record<ActivityPhrase, { value?: string; other?: string }>> = {
    statusChanged: { value: str(params.status) },
    movedTo: { value: str(params.stage) },
    renamed: { value: str(params.lead), other: str(params.old) },
    reassigned: { value: str(params.to) },
    addedToTeam: { other: heldName('user', activity.user_id) || str(params.person) },
    teamToRegion: { value: heldName('region', activity.region_id) || str(params.region) },
  };
  return {
    phrase,
    record: str(params.lead) || str(params.team),
    value: values[phrase]?.value ?? '',
    other: values[phrase]?.other ?? '',
  };
}

/**
 * How one activity reads and what it opens. `held` gives the name (and openness) of a record the
 * device holds; a record it does not hold is named by the activity's stored name and opens nothing.
 */
export function activityLine(activity: LineActivity, held: HeldRecordOf): ActivityLine {
  const message = str(activity.message) || str(activity.type);
  const plain: ActivityLine = {
    phrase: 'message',
    values: { message, record: '', value: '', other: '' },
    target: null,
  };
  const subject = activitySubject(activity);
  if (!subject) return plain;
  const found = held(subject);
  const keyed = subject.kind === 'user' ? null : keyedPhrase(activity, held);
  const record = found?.name.trim() || keyed?.record || storedName(activity, subject.kind);
  const target = found && found.opens !== false ? PAGES[subject.kind](subject.id) : null;
  const line = (phrase: ActivityPhrase, value = '', other = ''): ActivityLine => ({
    phrase,
    values: { message, record, value, other },
    target,
  });

  if (subject.kind === 'user') return { ...(personPhrase(activity, message) ?? plain), target };
  if (!record) return { ...plain, target };
  if (keyed) return line(keyed.phrase, keyed.value, keyed.other);
  if (subject.kind === 'lead') {
    const { phrase, value, other } = leadPhrase(activity);
    return line(phrase, value, other);
  }
  // A team's make-up.
  if (activity.type === 'added_to_team') {
    const userId = str(activity.user_id);
    if (userId && userId === str(activity.actor_id)) return line('joinedTeam');
    const person = userId ? held({ kind: 'user', id: userId })?.name.trim() : '';
    const added = /^added (.+) to /.exec(message)?.[1];
    const who = person || added || '';
    return who ? line('addedToTeam', '', who) : { ...plain, target };
  }
  const regionId = str(activity.region_id);
  if (!regionId) return line('teamOutOfRegion');
  const region = held({ kind: 'region', id: regionId })?.name.trim() || str(activity.region_name);
  return region ? line('teamToRegion', region) : { ...plain, target };
}
