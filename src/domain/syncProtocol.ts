/**
 * Constants and names of the sync protocol (ARCHITECTURE.md, "Sync protocol invariants"), without validation code, so the
 * device's sync engine can use them without loading the schemas (see schemas/sync.ts).
 */

/** Bumped when the device's stored mutation format changes; the server accepts older ones. */
export const SYNC_SCHEMA_VERSION = 1;
export const PUSH_MAX_MUTATIONS = 100;
export const PULL_DEFAULT_LIMIT = 1000;
export const PULL_MAX_LIMIT = 5000;

/** Append-only logs a device sends in batches; each record is inserted once, by its id. */
export const LOG_BATCH_MAX = 500;

/**
 * Mutation names are versioned; old names stay accepted after an app update.
 * - lead.add.v1: args = the leads/add body (with the device-chosen id)
 * - lead.edit.v1: args = the leads/edit body (id and the changed fields only), plus
 *   `base_versions` — the field versions the device saw, so stale protected fields are rejected
 * - profile.save.v1: args = the signed-in user's name and phone; also creates their configuration
 * - user.edit.v1: args = the users/edit body (id and the changed fields)
 * - record.save.v1: args = {table, id, fields, create} for the records of schemas/records.ts
 * - record.delete.v1: args = {table, id}
 * - notification.read.v1: args = {id} — one of the caller's own notifications, marked read
 * - user_config.save.v1: args = the user-config/update body: the fields of the caller's own
 *   configuration it names replace the stored ones (last write wins per field); created if missing
 * - proposal.sign.v1: args = a homeowner's signature of a proposal (src/domain/proposals/signatureSchema.ts):
 *   the signed content, its SHA-256, the drawing (PNG, base64), the signed PDF's file id, the audit trail
 * - availability.save.v1: args = {user_id, fields} (src/domain/schemas/availability.ts): the fields of a
 *   person's availability it names replace the stored ones (last write wins per field); created if missing
 * - distribution_rule.save.v1: args = a team's or region's distribution rule {id, scope, kind,
 *   daily_cap, window_days}, or `removed: true` to take it away
 */
export const MUTATION_NAMES = [
  'lead.add.v1',
  'lead.edit.v1',
  'profile.save.v1',
  'user.edit.v1',
  'record.save.v1',
  'record.delete.v1',
  'notification.read.v1',
  'user_config.save.v1',
  'proposal.sign.v1',
  'availability.save.v1',
  'distribution_rule.save.v1',
] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

/** Entity tables a pull can carry. */
export const SYNC_TABLES = [
  'contacts',
  'users',
  'teams',
  'team_members',
  'regions',
  'products',
  'sales_channels',
  'interfaces',
  'notifications',
  'announcements',
  'contests',
  'layouts',
  'cards',
  'notes',
  'appointments',
  'activities',
  'table_views',
  'media',
  'surveys',
  'survey_templates',
  'orgs',
  'proposals',
  'roles',
  'knocks',
  'automations',
  'user_configs',
  'turfs',
  'availability',
  'distribution_rules',
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];
