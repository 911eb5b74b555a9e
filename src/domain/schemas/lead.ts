/**
 * The lead (contact) record on the wire (SPEC section 3). Columns the server indexes or checks
 * permissions on are typed fields; the rest of the spec's lead travels as validated extras.
 */
import { z } from 'zod';
import { FINANCING_OPTIONS, MAX_PRICE_PER_WATT, MAX_SYSTEM_SIZE_KW } from '../deal.ts';
import {
  amountSchema,
  boundedText,
  csvList,
  isoDateSchema,
  isoDateTime,
  queryInt,
  safeString,
  uuidSchema,
} from './common.ts';
import { knockPositionSchema } from './knocks.ts';

export const PREFERRED_LANGUAGES = ['english', 'spanish'] as const;
export const CREDIT_SCORES = ['700+', '640-700', 'Under 600', 'Not sure'] as const;
/** The spec's selectable contact dates, with the field each is stored in. */
export const CONTACT_DATE_FIELDS = {
  'Appointment Date': 'appointment_date',
  'Contract Signed Date': 'contract_signed_date',
  'CRC Date': 'crc_date',
  'Permit Filed': 'permit_filed',
  'Permit Received': 'permit_received',
  'Install Ready Date': 'install_ready_date',
} as const;

export const LEAD_BULK_LIMIT = 100;
export const LEAD_SEARCH_DEFAULT_LIMIT = 5;

const text = boundedText(500);
const longText = boundedText(20_000);
const money = amountSchema;
const lngLat = z.tuple([
  z.number().min(-180).max(180, { message: 'longitude must be between -180 and 180' }),
  z.number().min(-90).max(90, { message: 'latitude must be between -90 and 90' }),
]);

const eclDataSchema = z
  .object({
    provider: text.optional(),
    bill: money.optional(),
    total_usage: money.optional(),
    twelve_month_usage: z.array(money).max(12).optional(),
    avg_usage: money.optional(),
  })
  .strict();

const mediaAttachmentSchema = z
  .object({
    url: boundedText(2000),
    mimetype: text.optional(),
    signed_url: boundedText(2000).optional(),
    thumbnails: z.record(boundedText(100), boundedText(2000)).optional(),
  })
  .strict();

/** Fields kept as typed database columns. */
export const leadColumnFields = {
  ref_id: text.nullable(),
  name: text,
  first_name: text.nullable(),
  last_name: text.nullable(),
  phone: text,
  email: z.union([z.literal(''), z.email({ message: 'must be a valid email address' }).max(500)]).nullable(),
  address: text.nullable(),
  street: text.nullable(),
  city: text.nullable(),
  state: text.nullable(),
  zip: z
    .union([
      z.literal(''),
      safeString.regex(/^\d{5}(-\d{4})?$/, { message: 'must be a 5-digit ZIP or ZIP+4' }),
    ])
    .nullable(),
  status: text.nullable(),
  deal_stage: text.nullable(),
  deal_stage_status: text,
  lead_source: text.nullable(),
  owner_id: uuidSchema.nullable(),
  team_id: uuidSchema.nullable(),
  region_id: uuidSchema.nullable(),
  energy_consultants: z.array(uuidSchema).max(20),
  appointment_date: text.nullable(),
  appointment_time: z
    .union([z.literal(''), safeString.regex(/^\d{2}:\d{2}$/, { message: 'must be a time as HH:MM' })])
    .nullable(),
  preferred_language: z.enum(PREFERRED_LANGUAGES, { message: "must be 'english' or 'spanish'" }),
  property_type: text.nullable(),
  credit_score: z.enum(CREDIT_SCORES, { message: `must be one of: ${CREDIT_SCORES.join(', ')}` }).nullable(),
} as const;

/** The rest of the spec's lead fields, stored together. */
export const leadExtraFields = {
  state_short: text.nullable(),
  deal_status: text.nullable(),
  stage: text.nullable(),
  appointment_notes: longText.nullable(),
  new_roof: z.boolean(),
  roof_type: text.nullable(),
  job_source: text.nullable(),
  division: text.nullable(),
  ecl_data: eclDataSchema.nullable(),
  referee: text.nullable(),
  bill: money.nullable(),
  event: text.nullable(),
  provider: text.nullable(),
  utility: text.nullable(),
  utility_notes: longText.nullable(),
  design_notes: longText.nullable(),
  image: boundedText(2000).nullable(),
  current_capacity: money.nullable(),
  total_usage: money.nullable(),
  twelve_month_usage: z.array(money).max(12).nullable(),
  monthly_usage: money.nullable(),
  monthly_cost: money.nullable(),
  annual_cost: money.nullable(),
  milestones: z.array(z.object({ key: text, value: text }).strict()).max(100),
  media: z.array(mediaAttachmentSchema).max(200),
  /** The signed contract's value: sales volume for contests and revenue for leaderboards. */
  contract_amount: money.nullable(),
  /** The system's size in kW and its price per watt in dollars (`src/domain/deal.ts`). */
  system_size_kw: z
    .number({ message: 'must be a number' })
    .min(0, { message: 'must not be negative' })
    .max(MAX_SYSTEM_SIZE_KW, { message: `must be at most ${MAX_SYSTEM_SIZE_KW} kW` })
    .nullable(),
  price_per_watt: z
    .number({ message: 'must be a number' })
    .min(0, { message: 'must not be negative' })
    .max(MAX_PRICE_PER_WATT, { message: `must be at most ${MAX_PRICE_PER_WATT} dollars a watt` })
    .nullable(),
  financing: z
    .enum(FINANCING_OPTIONS, { message: `must be one of: ${FINANCING_OPTIONS.join(', ')}` })
    .nullable(),
  contract_signed_date: isoDateSchema.nullable(),
  crc_date: isoDateSchema.nullable(),
  permit_filed: isoDateSchema.nullable(),
  permit_received: isoDateSchema.nullable(),
  install_ready_date: isoDateSchema.nullable(),
  owner: text.nullable(),
} as const;

export const LEAD_COLUMN_KEYS = Object.keys(leadColumnFields) as (keyof typeof leadColumnFields)[];
export const LEAD_EXTRA_KEYS = Object.keys(leadExtraFields) as (keyof typeof leadExtraFields)[];

const locationFields = {
  coordinates: lngLat.nullable(),
  address_obj: z
    .object({
      display_address: text.optional(),
      coordinates: lngLat.optional(),
      position: z
        .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
        .strict()
        .optional(),
    })
    .strict()
    .nullable(),
  /** The spec names the lead's region `region`. */
  region: uuidSchema.nullable(),
};

const leadFields = z
  .object({ ...leadColumnFields, ...leadExtraFields, ...locationFields })
  .partial()
  .strict();

/** POST /api/v2/leads/add. A device may choose the id (UUID v7) so offline creates replay safely. */
export const leadAddSchema = leadFields.extend({
  id: uuidSchema.optional(),
  _id: uuidSchema.optional(),
});
export type LeadAddInput = z.infer<typeof leadAddSchema>;

/** POST /api/v2/leads/edit: the lead's id and only the fields that change. */
export const leadEditSchema = leadFields
  .extend({
    id: uuidSchema.optional(),
    _id: uuidSchema.optional(),
    deleted: z.boolean().optional(),
    /** Where the device was when it changed the status at the door (a knock); older devices send none. */
    knock: knockPositionSchema.optional(),
  })
  .refine((v) => v.id ?? v._id, { message: 'id or _id is required', path: ['_id'] });
export type LeadEditInput = z.infer<typeof leadEditSchema>;

/** The filters a lead query accepts (JSON in the `filters` query parameter). */
export const leadFiltersSchema = z
  .object({
    deal_stage: z.union([text, z.array(text).max(50)]),
    deal_stage_status: z.union([text, z.array(text).max(200)]),
    status: z.union([text, z.array(text).max(200)]),
    owner_id: z.union([uuidSchema, z.array(uuidSchema).max(200)]),
    team_id: z.union([uuidSchema, z.array(uuidSchema).max(200)]),
    region_id: z.union([uuidSchema, z.array(uuidSchema).max(200)]),
    city: text,
    state: text,
    zip: text,
    lead_source: text,
    updated_since: isoDateTime(),
    touched_since: isoDateTime(),
  })
  .partial()
  .strict();
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

const filtersParam = safeString
  .max(10_000)
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object, e.g. {"deal_stage":"Lead"}' });
      return z.NEVER;
    }
  })
  .pipe(leadFiltersSchema);

/** GET /api/v2/leads/get. */
export const leadQuerySchema = z
  .object({
    ids: csvList(uuidSchema),
    _ids: csvList(uuidSchema),
    q: boundedText(200),
    limit: queryInt(1, LEAD_BULK_LIMIT),
    filters: filtersParam,
    /** Keyset paging: the last id of the previous page. */
    after: uuidSchema,
  })
  .partial()
  .strict();
export type LeadQuery = z.infer<typeof leadQuerySchema>;

/** How many deleted leads one call answers at most, and by default. */
export const DELETED_LEADS_LIMIT = 100;

/** GET /api/v2/leads/deleted: the org's deleted leads (admins), newest delete first. */
export const deletedLeadsQuerySchema = z
  .object({ q: boundedText(200), limit: queryInt(1, DELETED_LEADS_LIMIT) })
  .partial()
  .strict();
export type DeletedLeadsQuery = z.infer<typeof deletedLeadsQuerySchema>;
