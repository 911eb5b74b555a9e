/**
 * The spec's legacy data service (SPEC section 7): `send-data`, `update-data`, `fetch-data`,
 * `add-data-bulk`, `set_filter_global`, `get_table_filters` and `add-user`, with the payloads its
 * clients send. Each names a `doc_type`, mapped here to the service that owns that data: leads,
 * users, or a record table of `record.save.v1`. Failures answer the spec's texts
 * ({@link LEGACY_FAILURE}) with the precise reason beside them.
 */
import { z } from 'zod';
import { boundedText, jsonObject, positiveInt4, safeString, uuidSchema } from './common.ts';
import { RECORD_FIELDS, RECORD_TABLES, type RecordTable } from './records.ts';
import { userAddSchema } from './user.ts';

/** The spec's failure texts (SPEC section 8, data call texts). */
export const LEGACY_FAILURE = {
  noBody: 'No body returned',
  add: 'Add error',
  update: 'Update error',
  get: 'Get error',
} as const;
export type LegacyFailureText = (typeof LEGACY_FAILURE)[keyof typeof LEGACY_FAILURE];

/** Where a doc type's documents live: the leads service, the users service or a record table. */
export type LegacyTarget = 'leads' | 'users' | RecordTable;

/** The spec's collection names (and the record tables by their own names), by where they live. */
export const LEGACY_DOC_TYPES: Record<string, LegacyTarget> = {
  contacts: 'leads',
  leads: 'leads',
  userleads: 'leads',
  users: 'users',
  filters: 'table_views',
  filter_views: 'table_views',
  ...Object.fromEntries(RECORD_TABLES.map((table) => [table, table])),
};
export const LEGACY_DOC_TYPE_NAMES = Object.keys(LEGACY_DOC_TYPES).sort();

export function legacyTarget(docType: string): LegacyTarget | undefined {
  return Object.hasOwn(LEGACY_DOC_TYPES, docType) ? LEGACY_DOC_TYPES[docType] : undefined;
}

export const UNKNOWN_DOC_TYPE = (docType: string) =>
  `doc_type '${docType.slice(0, 60)}' is not a kind of document this service keeps. Use one of: ${LEGACY_DOC_TYPE_NAMES.join(', ')}.`;

const docType = boundedText(60).min(1, { message: 'is required' });
/** The session token, for clients that send it in the payload (the Authorization header also works). */
const authToken = boundedText(500).optional();
/** Who the client says is acting: the signed-in user's id or numeric id (another user is refused). */
export const legacyUserIdSchema = z.union([uuidSchema, positiveInt4, safeString.regex(/^\d{1,10}$/)]);

export const sendDataSchema = z
  .object({
    doc_type: docType,
    doc_data: jsonObject,
    user_id: legacyUserIdSchema.optional(),
    auth_token: authToken,
  })
  .strict();
export type SendDataInput = z.infer<typeof sendDataSchema>;

export const updateDataSchema = z
  .object({
    _id: uuidSchema,
    doc_type: docType,
    doc_data: jsonObject,
    user_id: legacyUserIdSchema.optional(),
    auth_token: authToken,
  })
  .strict();
export type UpdateDataInput = z.infer<typeof updateDataSchema>;

/** At most this many documents per `add-data-bulk` call (the body is also limited to 1 MB). */
export const BULK_MAX_DOCS = 100;

/**
 * `add-data-bulk`: documents of one type, all added or none. Each document is what `send-data`
 * takes as `doc_data`.
 */
export const addDataBulkSchema = z
  .object({
    doc_type: docType,
    docs: z
      .array(jsonObject)
      .min(1, { message: 'needs at least one document' })
      .max(BULK_MAX_DOCS, { message: `can hold at most ${BULK_MAX_DOCS} documents` }),
    user_id: legacyUserIdSchema.optional(),
    auth_token: authToken,
  })
  .strict();
export type AddDataBulkInput = z.infer<typeof addDataBulkSchema>;

/** A page of `fetch-data` holds at most this many documents. */
export const FETCH_MAX_LIMIT = 100;
/**
 * Query parameters of `fetch-data` that are not field filters: the caller's `user_id` and
 * `auth_token` are sent with every call of the legacy clients, as in the other calls' payloads.
 */
export const FETCH_RESERVED_KEYS = ['doc_type', 'auth_token', 'user_id', 'limit', 'after'] as const;
/** How many field filters one `fetch-data` call may combine. */
export const FETCH_MAX_FILTERS = 20;

/**
 * `fetch-data?doc_type=…&<field>=<value>…`: documents of the type whose fields equal the values
 * (a list field matches when it holds the value), `limit` per page and `after` the last `_id` of
 * the page before.
 */
export const fetchDataQuerySchema = z
  .object({
    doc_type: docType,
    auth_token: authToken,
    user_id: legacyUserIdSchema.optional(),
    limit: z.coerce
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be at least 1' })
      .max(FETCH_MAX_LIMIT, { message: `must be at most ${FETCH_MAX_LIMIT}` })
      .optional(),
    after: uuidSchema.optional(),
  })
  .catchall(boundedText(500))
  .refine(
    (query) =>
      Object.keys(query).filter((key) => !(FETCH_RESERVED_KEYS as readonly string[]).includes(key)).length <=
      FETCH_MAX_FILTERS,
    { message: `combine at most ${FETCH_MAX_FILTERS} field filters`, path: ['request'] },
  );
export type FetchDataQuery = z.infer<typeof fetchDataQuerySchema>;

/** The field filters of a fetch-data query: every parameter but the reserved ones. */
export function fetchFilters(query: Record<string, unknown>): [string, string][] {
  return Object.entries(query).filter(
    (entry): entry is [string, string] =>
      !(FETCH_RESERVED_KEYS as readonly string[]).includes(entry[0]) && typeof entry[1] === 'string',
  );
}

/**
 * A saved table view as the legacy clients send it (SPEC section 3: name, table, properties,
 * headers, groupings, is_workshop); `table` is the view's `table_name`.
 */
const viewFields = RECORD_FIELDS.table_views;
export const legacyFilterDataSchema = z
  .object({
    name: viewFields.name,
    table: viewFields.table_name,
    table_name: viewFields.table_name,
    view_type: viewFields.view_type,
    properties: viewFields.properties,
    headers: viewFields.headers,
    groupings: viewFields.groupings,
    is_workshop: viewFields.is_workshop,
  })
  .partial()
  .strict();
export type LegacyFilterData = z.infer<typeof legacyFilterDataSchema>;

/** `set_filter_global`: makes a saved view global or takes it back (creating it from `filter_data` if new). */
export const setFilterGlobalSchema = z
  .object({
    filter_id: uuidSchema,
    is_global: z.boolean({ message: 'must be true or false' }),
    filter_data: legacyFilterDataSchema.nullable().optional(),
    rep_id: legacyUserIdSchema.optional(),
    auth_token: authToken,
  })
  .strict();
export type SetFilterGlobalInput = z.infer<typeof setFilterGlobalSchema>;

/** `get_table_filters?rep_id=`: the saved views the rep sees (global ones and their own). */
export const tableFiltersQuerySchema = z
  .object({
    rep_id: legacyUserIdSchema.optional(),
    table: boundedText(60).optional(),
    auth_token: authToken,
  })
  .strict();
export type TableFiltersQuery = z.infer<typeof tableFiltersQuerySchema>;

/** `add-user`: the body of POST /api/v2/users/add, with the spec's `auth_token` beside it. */
export const legacyUserAddSchema = userAddSchema.safeExtend({ auth_token: authToken });
