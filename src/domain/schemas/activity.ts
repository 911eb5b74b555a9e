/**
 * The spec's serverless functions around activity (SPEC section 7), as v2 calls: an activity's
 * feed by reference (`ref_id`: a lead or a user), adding an activity, the consolidated feed of teams,
 * a region or a lead, uploading an image ({image, name} → {fileUrl}) and the leads data logger.
 */
import { z } from 'zod';
import { boundedText, csvList, isoDateTime, jsonValue, queryInt, safeString, uuidSchema } from './common.ts';

/** How many activities one feed call answers at most, and by default. */
export const ACTIVITY_FEED_MAX = 200;
export const ACTIVITY_FEED_DEFAULT = 50;

/**
 * Activity types the server records itself, from the change they describe: a client adding one
 * would put words in the app's mouth (a status change that never happened, a weekly record).
 */
export const SERVER_ACTIVITY_TYPES = [
  'add_lead',
  'lead_deleted',
  'lead_restored',
  'lead_status_change',
  'moved_to',
  'updated_email',
  'updated_phone',
  'name_updated',
  'roof_requested',
  'lead_installed',
  'added_to_team',
  'team_to_region',
  'most_sales_week',
  'most_leads_week',
  'most_installs_week',
  'contest_won',
  'note',
  'appointment_updated',
  'media',
  'automation',
] as const;

const limit = queryInt(1, ACTIVITY_FEED_MAX);

/** GET /api/v2/activity/get?ref_id=: what concerns a lead or a user, newest first. */
export const activityGetQuerySchema = z.object({ ref_id: uuidSchema, limit: limit.optional() }).strict();

/** Addresses an activity links to: web addresses, or a file of this server. */
const linkAddress = boundedText(2000).regex(
  /^(https?:\/\/[^\s]+|\/api\/v2\/media\/[0-9a-f-]{36}\/content)$/i,
  {
    message: 'must be a web address starting with https:// or http://, or a file of this app',
  },
);

/** POST /api/v2/activity/add: an activity the caller records (a call, a visit, …). */
export const activityAddSchema = z
  .object({
    id: uuidSchema.optional(),
    type: safeString
      .regex(/^[a-z][a-z0-9_]{0,59}$/, {
        message: 'must be lower-case letters, digits and underscores (at most 60), e.g. call_made',
      })
      .refine((type) => !(SERVER_ACTIVITY_TYPES as readonly string[]).includes(type), {
        message: 'is recorded by the app itself and cannot be added',
      }),
    message: boundedText(1000).trim().min(1, { message: 'is required' }),
    category: boundedText(60).optional(),
    lead_refs: z.array(uuidSchema).max(20).optional(),
    user_refs: z.array(uuidSchema).max(50).optional(),
    links: z.array(linkAddress).max(20).optional(),
    files: z
      .array(
        z
          .object({ name: boundedText(300).trim().min(1, { message: 'is required' }), url: linkAddress })
          .strict(),
      )
      .max(20)
      .optional(),
    link_out: linkAddress.nullable().optional(),
    pre_ref: boundedText(200).nullable().optional(),
    date: isoDateTime().optional(),
  })
  .strict();
export type ActivityAddInput = z.infer<typeof activityAddSchema>;

/** GET /api/v2/activity/consolidated: the feed of some teams, a region or a lead (exactly one). */
export const consolidatedQuerySchema = z
  .object({
    team_ids: csvList(uuidSchema).pipe(
      z
        .array(z.string())
        .min(1, { message: 'name at least one team' })
        .max(50, { message: 'name at most 50 teams' }),
    ),
    lead_id: uuidSchema,
    region_id: uuidSchema,
    limit,
  })
  .partial()
  .strict()
  .refine((q) => [q.team_ids, q.lead_id, q.region_id].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of team_ids, lead_id or region_id',
    path: ['request'],
  });
export type ConsolidatedQuery = z.infer<typeof consolidatedQuerySchema>;

/** The largest image the upload takes, decoded (its base64 text must also fit the 1 MB body). */
export const IMAGE_UPLOAD_MAX_BYTES = 700 * 1024;

/**
 * POST /api/v2/images/upload {image, name}: `image` as base64 or a `data:` URL; `lead_id` attaches
 * it to a lead (so whoever sees the lead sees it), else only the uploader sees it.
 */
export const imageUploadSchema = z
  .object({
    image: safeString.min(1, { message: 'is required' }).max(1_000_000, { message: 'is too large' }),
    name: boundedText(300).trim().min(1, { message: 'is required' }),
    lead_id: uuidSchema.nullable().optional(),
  })
  .strict();
export type ImageUploadInput = z.infer<typeof imageUploadSchema>;

/**
 * POST /api/v2/leads-data/log: one event about a lead's data (what was looked at or changed and
 * how), kept in the events stream. `id` makes a resend harmless.
 */
export const leadDataLogSchema = z
  .object({
    id: uuidSchema.optional(),
    lead_id: uuidSchema,
    type: safeString
      .regex(/^[a-z][a-z0-9_.]{0,59}$/, {
        message: 'must be lower-case letters, digits, dots and underscores',
      })
      .default('lead_data'),
    value: jsonValue.optional(),
    session_id: uuidSchema.nullable().optional(),
    timestamp: isoDateTime().optional(),
  })
  .strict();
export type LeadDataLogInput = z.infer<typeof leadDataLogSchema>;
