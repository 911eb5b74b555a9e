/**
 * Records saved through the generic `record.save.v1` / `record.delete.v1` mutations: table views,
 * notes, appointments, media, surveys, proposals, the org's reference data (teams, products, sales channels,
 * organisations, regions, survey templates) and its announcements. One schema per table says which
 * fields a device may set; the same schema checks the device's write and the server's.
 */
import { z } from 'zod';
import { AUTOMATION_REQUIRED_ON_CREATE, automationFields } from '../automations/schemas.ts';
import { CONTEST_DATES_MESSAGE, CONTEST_QUALIFIERS, CONTEST_TYPES } from '../contests.ts';
import { CARD_TYPES, cardConfigSchema, cardPlacementSchema } from '../dashboard/cards.ts';
import { PANEL_WATTAGE_RANGE, SUN_HOURS_RANGE } from '../proposals/sizing.ts';
import { FINANCING_OPTIONS, PROPOSAL_STATUSES } from '../proposals/statuses.ts';
import { REGION_GEOMETRY_MESSAGES, regionGeometryProblem } from '../regionGeometry.ts';
import { SURVEY_STATUSES } from '../surveys/answers.ts';
import { templateQuestionsSchema } from '../surveys/questions.ts';
import {
  amountSchema,
  boundedInt,
  boundedText,
  INT4_MAX,
  isoDateSchema,
  isoDateTime,
  jsonObject,
  positiveInt4,
  safeJson,
  safeString,
  uuidSchema,
} from './common.ts';
import { TABLE_KEYS } from './tableKeys.ts';

export { TABLE_KEYS, type TableKey } from './tableKeys.ts';

/** View types of SPEC section 2. */
export const VIEW_TYPES = { form: 1, gallery: 2, grid: 3, board: 4, map: 5, calendar: 6 } as const;
export type ViewTypeName = keyof typeof VIEW_TYPES;

/** Views the app shows in fixed places, by name. */
export const NAMED_VIEWS = ['dashboard', 'user_profile'] as const;

export const NOTE_TYPES = ['Lead', 'Appointment'] as const;
export const APPOINTMENT_TYPES = ['In-person', 'Virtual', 'Phone'] as const;
export const APPOINTMENT_STATUSES = ['Scheduled', 'Confirmed', 'Completed', 'Cancelled', 'No Show'] as const;

const name = boundedText(200).trim().min(1, { message: 'is required' });
const optionalText = (max: number) => boundedText(max).nullable();
const dateTime = isoDateTime('must be a date and time (ISO 8601)');
const json = jsonObject;
/** A list of free-form JSON values (view headers and groupings, survey questions). */
const jsonList = (max: number) => safeJson(z.array(z.unknown()).max(max));

const tableViewFields = {
  name,
  table_name: z.enum(TABLE_KEYS, { message: `must be one of: ${TABLE_KEYS.join(', ')}` }),
  view_type: z
    .number()
    .int()
    .min(1, { message: 'must be a view type from 1 to 6' })
    .max(6, { message: 'must be a view type from 1 to 6' }),
  properties: json,
  headers: jsonList(200),
  groupings: jsonList(20),
  global: z.boolean(),
  is_workshop: z.boolean(),
};

const noteFields = {
  lead_id: uuidSchema,
  type: z.enum(NOTE_TYPES, { message: `must be one of: ${NOTE_TYPES.join(', ')}` }),
  subject: boundedText(200),
  body: boundedText(20_000),
};

const appointmentFields = {
  lead_id: uuidSchema,
  user_id: uuidSchema.nullable(),
  start_time: dateTime,
  end_time: dateTime.nullable(),
  appointment_date: isoDateSchema.nullable(),
  appointment_type: boundedText(60).min(1, { message: 'is required' }),
  status: optionalText(60),
  notes: optionalText(5000),
};

const mediaFields = {
  lead_id: uuidSchema.nullable(),
  name: boundedText(300),
  mimetype: boundedText(120),
  /** Bytes, in an `integer` column. */
  size: boundedInt(0, INT4_MAX),
  /** Set by the server when the file has arrived; a device never sets it. */
  url: optionalText(2000),
};

const teamFields = {
  name,
  leader_id: uuidSchema.nullable(),
  region_id: uuidSchema.nullable(),
};

const productFields = {
  name,
  category: optionalText(200),
  price: amountSchema.nullable(),
  active: z.boolean(),
};

const regionFields = {
  name,
  color: safeString.regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour such as #21A1D6' }).nullable(),
  // Checked by the shared rule so a crossing or degenerate outline is refused before it is queued.
  geometry: json.nullable().superRefine((value, ctx) => {
    const problem = value === null ? undefined : regionGeometryProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: REGION_GEOMETRY_MESSAGES[problem] });
  }),
  manager_ids: z.array(uuidSchema).max(100),
};

/** Survey templates: the server alone sets `revision` (each change of the questions is a new one). */
const surveyTemplateFields = {
  name,
  questions: templateQuestionsSchema,
  description: boundedText(2000),
  archived: z.boolean(),
};

/** Announcement categories (SPEC section 3). */
export const ANNOUNCEMENT_CATEGORIES = ['General', 'Incentives', 'Commissions', 'Policies'] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];

/** Addresses an announcement opens or shows: web addresses only, so no script URL reaches a link. */
const webAddress = boundedText(2000).regex(/^https?:\/\/[^\s]+$/i, {
  message: 'must be a web address starting with https:// or http://',
});

const announcementFields = {
  category: z.enum(ANNOUNCEMENT_CATEGORIES, {
    message: `must be one of: ${ANNOUNCEMENT_CATEGORIES.join(', ')}`,
  }),
  title: name,
  date: dateTime,
  /** Rich text: stored and shown sanitised (src/domain/sanitize.ts). */
  content: boundedText(20_000),
  link: z
    .object({ url: webAddress, button_text: boundedText(80).trim().min(1, { message: 'is required' }) })
    .strict()
    .nullable(),
  image_url: webAddress.nullable(),
  files: z
    .array(
      z
        .object({ name: boundedText(300).trim().min(1, { message: 'is required' }), url: webAddress })
        .strict(),
    )
    .max(20),
};

/** Contests: the server alone sets the winner, its seed, the standings and when it decided. */
const contestFields = {
  name,
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  description: boundedText(2000),
  contest_type: z.enum(CONTEST_TYPES, { message: `must be one of: ${CONTEST_TYPES.join(', ')}` }),
  contest_qualifier: z.enum(CONTEST_QUALIFIERS, {
    message: `must be one of: ${CONTEST_QUALIFIERS.join(', ')}`,
  }),
  team_ids: z.array(uuidSchema).max(100),
  region_ids: z.array(uuidSchema).max(100),
};

/**
 * Surveys: the answers to one revision of a template (the server checks them against that
 * revision's questions and keeps a copy of those questions on the survey).
 */
const surveyFields = {
  template_id: uuidSchema,
  lead_id: uuidSchema.nullable(),
  responses: json,
  template_revision: positiveInt4,
  status: z.enum(SURVEY_STATUSES, { message: `must be one of: ${SURVEY_STATUSES.join(', ')}` }),
  completed_at: dateTime.nullable(),
};

/** Dashboard layouts (SPEC section 3): a name and the cards it holds, in order; admins make one global. */
const layoutFields = {
  name,
  cards: z.array(uuidSchema).max(60, { message: 'can hold at most 60 cards' }),
  is_global: z.boolean(),
};

/** Dashboard cards: what a card shows (src/domain/dashboard/cards.ts) and where it sits. */
const cardFields = {
  title: boundedText(200).trim().min(1, { message: 'is required' }),
  type: z.enum(CARD_TYPES, { message: `must be one of: ${CARD_TYPES.join(', ')}` }),
  card_layout: cardPlacementSchema,
  config: cardConfigSchema,
};

/** The lead guide's inputs and results, kept with the proposal (src/domain/proposals). */
const proposalDetailsSchema = z
  .object({
    utility: boundedText(200).nullable(),
    usage_source: z.enum(['annual', 'bill'], { message: 'must be annual or bill' }),
    monthly_bill: amountSchema.nullable(),
    rate: amountSchema.nullable(),
    annual_kwh: amountSchema.nullable(),
    sun_hours: z
      .number({ message: 'must be a number' })
      .min(SUN_HOURS_RANGE.min, { message: `must be at least ${SUN_HOURS_RANGE.min}` })
      .max(SUN_HOURS_RANGE.max, { message: `must be at most ${SUN_HOURS_RANGE.max}` }),
    panel_wattage: boundedInt(PANEL_WATTAGE_RANGE.min, PANEL_WATTAGE_RANGE.max),
    required_kw: amountSchema,
    system_kw: amountSchema,
    product_ids: z.array(uuidSchema).max(50),
  })
  .partial()
  .strict();

/** Proposals (SPEC section 3): what the lead guide saves. */
const proposalFields = {
  lead_id: uuidSchema,
  name,
  financer: optionalText(200),
  option: z
    .enum(FINANCING_OPTIONS, { message: `must be one of: ${FINANCING_OPTIONS.join(', ')}` })
    .nullable(),
  date: isoDateSchema.nullable(),
  panels: boundedInt(0, 100_000).nullable(),
  status: z.enum(PROPOSAL_STATUSES, { message: `must be one of: ${PROPOSAL_STATUSES.join(', ')}` }),
  survey_id: uuidSchema.nullable(),
  survey_response: json.nullable(),
  amount: amountSchema.nullable(),
  details: safeJson(proposalDetailsSchema),
};

/** The fields of each record table; every one is optional on an edit. */
export const RECORD_FIELDS = {
  table_views: tableViewFields,
  notes: noteFields,
  appointments: appointmentFields,
  media: mediaFields,
  teams: teamFields,
  products: productFields,
  sales_channels: { name },
  orgs: { name },
  regions: regionFields,
  survey_templates: surveyTemplateFields,
  surveys: surveyFields,
  announcements: announcementFields,
  layouts: layoutFields,
  cards: cardFields,
  contests: contestFields,
  automations: automationFields,
  proposals: proposalFields,
} as const;

export type RecordTable = keyof typeof RECORD_FIELDS;
export const RECORD_TABLES = Object.keys(RECORD_FIELDS) as RecordTable[];

/** Fields a new record must have (the others take their defaults). */
const REQUIRED_ON_CREATE: Record<RecordTable, readonly string[]> = {
  table_views: ['name', 'table_name'],
  notes: ['lead_id', 'body'],
  appointments: ['lead_id', 'start_time'],
  media: ['name', 'mimetype', 'size'],
  teams: ['name'],
  products: ['name'],
  sales_channels: ['name'],
  orgs: ['name'],
  regions: ['name'],
  survey_templates: ['name'],
  surveys: ['template_id'],
  announcements: ['title', 'category'],
  layouts: ['name'],
  cards: ['title', 'type', 'config'],
  contests: ['name', 'start_date', 'end_date'],
  automations: AUTOMATION_REQUIRED_ON_CREATE,
  proposals: ['lead_id', 'name', 'status'],
};

/** Schema of the fields of a record: all required ones present when `create`, else any subset. */
export function recordFieldsSchema(table: RecordTable, create: boolean) {
  const shape = RECORD_FIELDS[table] as Record<string, z.ZodType>;
  const required = new Set(create ? REQUIRED_ON_CREATE[table] : []);
  const fields: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape))
    fields[key] = required.has(key) ? schema : schema.optional();
  let schema = z.object(fields).strict();
  if (table === 'appointments') {
    schema = schema.refine(
      (v) =>
        typeof v.start_time !== 'string' ||
        typeof v.end_time !== 'string' ||
        Date.parse(v.end_time) >= Date.parse(v.start_time),
      { message: 'end_time must not be before start_time', path: ['end_time'] },
    );
  }
  if (table === 'contests') {
    schema = schema.refine(
      (v) => typeof v.start_date !== 'string' || typeof v.end_date !== 'string' || v.end_date >= v.start_date,
      { message: CONTEST_DATES_MESSAGE, path: ['end_date'] },
    );
  }
  return schema;
}

export const recordTableSchema = z.enum(RECORD_TABLES as [RecordTable, ...RecordTable[]], {
  message: 'is not a table that can be saved',
});

/** `record.save.v1` args: creates the record with this id, or changes the given fields of it. */
export const recordSaveSchema = z
  .object({
    table: recordTableSchema,
    id: uuidSchema,
    fields: jsonObject,
    /** True when the device created the record (so a missing row is an error only on edits). */
    create: z.boolean().default(false),
  })
  .strict();
export type RecordSaveInput = z.infer<typeof recordSaveSchema>;

/** `record.delete.v1` args. */
export const recordDeleteSchema = z.object({ table: recordTableSchema, id: uuidSchema }).strict();
export type RecordDeleteInput = z.infer<typeof recordDeleteSchema>;
