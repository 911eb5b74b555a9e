/**
 * A user's configuration (SPEC section 3 "User config") and the org's workspaces ("Workspace").
 * Every list and document is bounded, so a configuration cannot grow without limit: a device that
 * saves its choices on every move still stores one small row.
 */
import { z } from 'zod';
import { boundedText, jsonObject, safeJson, uuidSchema } from './common.ts';
import { TABLE_KEYS } from './tableKeys.ts';

/** The most bytes (as JSON) one configuration field, or one workspace table, may hold. */
export const CONFIG_FIELD_MAX_BYTES = 64_000;
/** The most tables a workspace's dash_data holds is the registry's; this bounds the whole document. */
export const WORKSPACE_MAX_BYTES = 256_000;

const byteSize = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

/** A JSON value no larger than `max` bytes once written out. */
const sized = <T extends z.ZodType>(schema: T, max = CONFIG_FIELD_MAX_BYTES): T =>
  schema.superRefine((value, ctx) => {
    if (byteSize(value) > max)
      ctx.addIssue({ code: 'custom', message: `is too large (at most ${max} bytes)` });
  });

const jsonList = (max: number) =>
  sized(safeJson(z.array(z.unknown()).max(max, { message: `can hold at most ${max} entries` })));

const finite = (min: number, max: number) =>
  z
    .number({ message: 'must be a number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

/** Where a map looks: centre and zoom. */
export const mapViewSchema = z
  .object({ longitude: finite(-180, 180), latitude: finite(-90, 90), zoom: finite(0, 24) })
  .strict();

/** The map layout the lead map keeps its choices in (its layer toggles and where it was left). */
export const LEAD_MAP_LAYOUT = 'lead_map';

/** One map's choices: which layers are on (by layer name) and the view it was left on. */
export const mapLayoutSchema = z
  .object({
    name: boundedText(60).min(1, { message: 'is required' }),
    layers: z
      .record(
        z.string().regex(/^[a-z_]{1,40}$/, { message: 'must be a layer name such as pins' }),
        z.boolean({ message: 'must be true or false' }),
      )
      .refine((layers) => Object.keys(layers).length <= 40, { message: 'can hold at most 40 layers' })
      .optional(),
    view: mapViewSchema.optional(),
  })
  .strict();
export type MapLayout = z.infer<typeof mapLayoutSchema>;

/** A place the user saved on the map, to go back to from any device. */
export const savedPinSchema = z
  .object({
    id: uuidSchema,
    name: boundedText(120).trim().min(1, { message: 'is required' }),
    longitude: finite(-180, 180),
    latitude: finite(-90, 90),
    zoom: finite(0, 24).optional(),
  })
  .strict();
export type SavedPin = z.infer<typeof savedPinSchema>;

export const SAVED_PINS_MAX = 200;

/**
 * The fields a user may set on their configuration (fingerprints are the device's own log); also the
 * body of POST /api/v2/user-config/add, which creates the caller's configuration with any fields given.
 */
export const userConfigFieldsSchema = z
  .object({
    pins: sized(
      z.array(savedPinSchema).max(SAVED_PINS_MAX, { message: `can hold at most ${SAVED_PINS_MAX} places` }),
    ),
    paths: jsonList(200),
    map_layouts: sized(z.array(mapLayoutSchema).max(20, { message: 'can hold at most 20 map layouts' })),
    layouts: jsonList(100),
    filters: jsonList(200),
  })
  .partial()
  .strict();
export type UserConfigFields = z.infer<typeof userConfigFieldsSchema>;
export const USER_CONFIG_FIELDS = ['pins', 'paths', 'map_layouts', 'layouts', 'filters'] as const;

/**
 * POST /api/v2/user-config/update, and the `user_config.save.v1` mutation: the fields given replace
 * the stored ones (last write wins per field); fields left out are kept.
 */
export const userConfigUpdateSchema = userConfigFieldsSchema.refine((v) => Object.keys(v).length > 0, {
  message: `name at least one of: ${USER_CONFIG_FIELDS.join(', ')}`,
});

/** GET /api/v2/user-config: the caller's own; an admin may name a user of their org. */
export const userConfigQuerySchema = z.object({ user_id: uuidSchema.optional() }).strict();

// ---------------------------------------------------------------------------------------------
// Workspaces

const workspaceKeySchema = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, {
  message: 'must be lower-case letters, digits, _ and -, e.g. sales_floor',
});

const tableKeySchema = z.enum(TABLE_KEYS, { message: `must be one of: ${TABLE_KEYS.join(', ')}` });

/** One table's part of a workspace: its headers, filters, groupings and free data. */
export const workspaceTableDataSchema = sized(
  z
    .object({
      headers: safeJson(z.array(z.unknown()).max(200, { message: 'can hold at most 200 entries' })),
      filters: safeJson(z.array(z.unknown()).max(200, { message: 'can hold at most 200 entries' })),
      groupings: safeJson(z.array(z.unknown()).max(20, { message: 'can hold at most 20 entries' })),
      data: jsonObject,
    })
    .partial()
    .strict(),
);

export const dashDataSchema = sized(
  z.partialRecord(tableKeySchema, workspaceTableDataSchema),
  WORKSPACE_MAX_BYTES,
);

export const workspaceQuerySchema = z.object({ workspace_key: workspaceKeySchema.optional() }).strict();

export const workspaceCreateSchema = z
  .object({ workspace_key: workspaceKeySchema, dash_data: dashDataSchema.default({}) })
  .strict();
export type WorkspaceCreateInput = z.infer<typeof workspaceCreateSchema>;

/** Replaces one table's data in a workspace (admins: SPEC section 6 "update workspace tables"). */
export const workspaceUpdateSchema = z
  .object({ workspace_key: workspaceKeySchema, table: tableKeySchema, table_data: workspaceTableDataSchema })
  .strict();
export type WorkspaceUpdateInput = z.infer<typeof workspaceUpdateSchema>;
