/**
 * Rows as the server sends them in a sync pull (`server/services/sync.ts`, `SOURCES` and each
 * `toWire`): snake_case, keyed by `_id`, with `version` and `deleted_at`. The field definitions
 * are the write schemas' own (`RECORD_FIELDS`, the lead fields), so a row and a write cannot
 * disagree; every object is loose because the server may send more fields than are named here.
 * `tests/integration/rows.contract.test.ts` parses real pulled rows of each table with these.
 *
 * The device's types (`src/db/rows.ts`) are these rows made partial (a row written on this device
 * and not yet pulled back holds only what the device wrote) plus the device-only fields.
 */
import { z } from 'zod';
import { KNOCK_CLASSIFICATIONS } from '../knocks.ts';
import { leadPlacementSchema } from '../leadPlacement.ts';
import { availabilityRowFields, distributionRuleRowFields } from './availability.ts';
import { uuidSchema } from './common.ts';
import { leadColumnFields, leadExtraFields } from './lead.ts';
import { RECORD_FIELDS } from './records.ts';
import { turfRowFields } from './turfs.ts';
import { userConfigFieldsSchema } from './userConfig.ts';

const timestamp = z.string();

/** Fields every synced row carries. */
const entityFields = {
  _id: z.string().min(1),
  org_id: z.number().int().nullable().optional(),
  version: z.number(),
  created_at: timestamp.nullable().optional(),
  updated_at: timestamp.nullable().optional(),
  deleted_at: timestamp.nullable().optional(),
  created_by: z.string().nullable().optional(),
  ref_id: z.string().nullable().optional(),
};

type Shape = Record<string, z.ZodType>;

/** Every field of a shape may be absent (values kept in the JSON `data` column). */
function optionalFields<S extends Shape>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  const out: Shape = {};
  for (const [key, schema] of Object.entries(shape)) out[key] = schema.optional();
  return out as { [K in keyof S]: z.ZodOptional<S[K]> };
}

/** Every field of a shape may be null or absent (nullable columns of the reference tables). */
function nullishFields<S extends Shape>(shape: S): { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> } {
  const out: Shape = {};
  for (const [key, schema] of Object.entries(shape)) out[key] = schema.nullable().optional();
  return out as { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };
}

const row = <S extends Shape>(shape: S) => z.looseObject({ ...entityFields, ...shape });

const lngLat = z.tuple([z.number(), z.number()]);

/**
 * Words the server wrote for people, as a message key and its parameters (src/domain/serverTexts.ts)
 * beside the English text; absent or null on rows written before keys.
 */
const serverTextFields = {
  text_key: z.string().nullable().optional(),
  text_params: z.record(z.string(), z.unknown()).nullable().optional(),
};

/** `contacts` (leads): `leadToWire`, columns plus the `data` fields plus the location. */
export const leadRowSchema = row({
  ...leadColumnFields,
  ...optionalFields(leadExtraFields),
  last_touched_at: timestamp.nullable(),
  last_touched_by: uuidSchema.nullable(),
  field_versions: z.record(z.string(), z.number()),
  coordinates: lngLat.nullable(),
  region: uuidSchema.nullable(),
  /** The turf whose outline holds the lead, set by the server (absent on leads pulled before turfs). */
  turf_id: uuidSchema.nullable().optional(),
  address_obj: z.looseObject({
    display_address: z.string(),
    coordinates: lngLat.nullable(),
    position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  }),
  /** Written by the server only: its lookup of the lead's address found no place (leadPlacement.ts). */
  placement: leadPlacementSchema.optional(),
});

/** `users`: `userToWire`, without the password hash, with the memberships and the spec's ids. */
export const userRowSchema = row({
  id: z.number().int().nullable(),
  legacy_id: z.number().int(),
  name: z.string(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  email: z.string(),
  phone: z.string().optional(),
  pfp: z.string().nullable().optional(),
  access_level: z.string(),
  role: z.string(),
  roles: z.array(z.number().int()),
  orgs: z.array(z.number().int()).optional(),
  status: z.boolean().optional(),
  active: z.boolean().optional(),
  teams: z.array(z.looseObject({ id: uuidSchema, name: z.string().optional(), role: z.string() })),
  region_id: uuidSchema.nullable().optional(),
  leads: z.number().int().optional(),
});

export const teamRowSchema = row(RECORD_FIELDS.teams);
export const teamMemberRowSchema = row({ team_id: uuidSchema, user_id: uuidSchema, role: z.string() });
export const regionRowSchema = row({
  ...RECORD_FIELDS.regions,
  color: RECORD_FIELDS.regions.color.optional(),
  geometry: RECORD_FIELDS.regions.geometry.optional(),
});
export const productRowSchema = row(RECORD_FIELDS.products);
export const salesChannelRowSchema = row(RECORD_FIELDS.sales_channels);
/** `orgs`: keyed by uuid; `id` stays the spec's numeric org id. */
export const orgRowSchema = row({ ...RECORD_FIELDS.orgs, id: z.number().int(), uuid: uuidSchema });
export const noteRowSchema = row({
  ...RECORD_FIELDS.notes,
  ...nullishFields({ subject: RECORD_FIELDS.notes.subject, type: RECORD_FIELDS.notes.type }),
});
export const appointmentRowSchema = row(RECORD_FIELDS.appointments);
export const mediaRowSchema = row(RECORD_FIELDS.media);
export const proposalRowSchema = row({
  lead_id: uuidSchema.nullable(),
  name: z.string(),
  ...nullishFields({
    financer: z.string(),
    option: z.string(),
    date: z.string(),
    panels: z.number().int(),
    status: z.string(),
    survey_id: uuidSchema,
    amount: z.number(),
    survey_response: z.record(z.string(), z.unknown()),
    details: z.record(z.string(), z.unknown()),
    signature: z.record(z.string(), z.unknown()),
  }),
});
export const tableViewRowSchema = row(RECORD_FIELDS.table_views);
/** `announcements`: the record's fields plus who published it. */
export const announcementRowSchema = row({
  ...RECORD_FIELDS.announcements,
  date: timestamp,
  author_id: uuidSchema.nullable(),
});

/** `layouts` and `cards`: the dashboard's, with the layout's owner (none for one shared with the org). */
export const layoutRowSchema = row({ ...RECORD_FIELDS.layouts, owner_id: uuidSchema.nullable() });
export const cardRowSchema = row(RECORD_FIELDS.cards);

/** `activities`: the lead and user references and the old/new values of a change. */
export const activityRowSchema = row({
  type: z.string(),
  category: z.string().nullable(),
  message: z.string(),
  actor_id: uuidSchema.nullable(),
  date: timestamp,
  files: z.array(z.unknown()),
  links: z.array(z.unknown()),
  media: z.array(z.unknown()),
  link_out: z.string().nullable(),
  pre_ref: z.string().nullable(),
  lead_refs: z.array(uuidSchema),
  user_refs: z.array(uuidSchema),
  ...serverTextFields,
});

/** `knocks`: a status change at the door and how near the pin it was made (src/domain/knocks.ts). */
export const knockRowSchema = row({
  user_id: uuidSchema,
  lead_id: uuidSchema,
  status: z.string().nullable(),
  knocked_at: timestamp,
  // Where the device stood stays on the server: only the distance from the pin is sent.
  distance_m: z.number().nullable(),
  classification: z.enum(KNOCK_CLASSIFICATIONS),
});

/** `interfaces`: only the org's `deal_stage` and `branding` interfaces are pulled. */
export const dealStageInterfaceRowSchema = row({
  key: z.string(),
  table_id: z.string().nullable(),
  table_name: z.string().nullable(),
  type: z.string(),
  data: z.unknown(),
});

/** `roles`: an org's named roles, keyed by their numeric id as text (ids are per org). */
export const roleRowSchema = row({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
});

/** `notifications`: the caller's own, numbered by `id` (the list's sort) and keyed by `_id`. */
export const notificationRowSchema = row({
  id: z.number().int(),
  user_id: uuidSchema,
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  ...serverTextFields,
});

/** `user_configs`: the user's own configuration, keyed by the user (`userConfigToWire`). */
export const userConfigRowSchema = row({
  user_id: uuidSchema,
  ...userConfigFieldsSchema.shape,
  fingerprints: z.array(z.unknown()),
});

/** `turfs`: the part of a region one rep works (`turfToWire`). */
export const turfRowSchema = row(turfRowFields);

/**
 * `availability`: a person's working hours, time off and appointment length, keyed by the person
 * (`availabilityToWire`; the booking view of someone else's leaves out notes and the address).
 */
export const availabilityRowSchema = row(availabilityRowFields);

/** `distribution_rules`: a team's or region's rule, keyed by the team or region. */
export const distributionRuleRowSchema = row(distributionRuleRowFields);

/** The row schema of each pulled table named here. */
export const ROW_SCHEMAS = {
  contacts: leadRowSchema,
  users: userRowSchema,
  teams: teamRowSchema,
  team_members: teamMemberRowSchema,
  regions: regionRowSchema,
  products: productRowSchema,
  sales_channels: salesChannelRowSchema,
  orgs: orgRowSchema,
  notes: noteRowSchema,
  appointments: appointmentRowSchema,
  media: mediaRowSchema,
  proposals: proposalRowSchema,
  table_views: tableViewRowSchema,
  announcements: announcementRowSchema,
  layouts: layoutRowSchema,
  cards: cardRowSchema,
  activities: activityRowSchema,
  knocks: knockRowSchema,
  interfaces: dealStageInterfaceRowSchema,
  roles: roleRowSchema,
  notifications: notificationRowSchema,
  user_configs: userConfigRowSchema,
  turfs: turfRowSchema,
  availability: availabilityRowSchema,
  distribution_rules: distributionRuleRowSchema,
} as const;
export type RowTable = keyof typeof ROW_SCHEMAS;

/** What only the device keeps on a row (pending changes, per-field versions). */
export interface DeviceRowFields {
  _id: string;
  version?: number;
  deleted_at?: string | null;
  /** Set while the row has mutations not yet applied by the server. */
  pending?: boolean;
  field_versions?: Record<string, number>;
}

/** A device row of a table: the pulled row's fields, each possibly absent, plus the device's. */
export type DeviceRow<T extends RowTable> = Partial<z.infer<(typeof ROW_SCHEMAS)[T]>> & DeviceRowFields;
