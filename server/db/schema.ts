/**
 * Database schema: every entity of the product, one PostgreSQL dialect for PGlite and PostgreSQL.
 * Invariants: every row belongs to an org (`org_id`); synced rows carry `version` (taken from the
 * org's version counter) and a `deleted_at` tombstone instead of being removed. Field names are
 * snake_case, the same as on the wire and on the device, so rows need no renaming.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Time stamps travel as ISO 8601 strings ('2026-11-22T10:00:00.000Z') whatever the driver returns,
 * so PGlite and PostgreSQL answer alike and every client can parse them.
 */
const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => toIsoTimestamp(value),
  toDriver: (value) => value,
});

// PostgreSQL's text ('2026-01-02 03:04:05.678+00') or its JSON ('2026-01-02T03:04:05.678+00:00').
const UTC_TEXT = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(\.\d{1,6})?\+00(?::00)?$/;

/** A driver's time stamp (a Date, or PostgreSQL's text in UTC or another offset) as ISO 8601. */
export function toIsoTimestamp(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  // Sessions run in UTC, so the common case is plain string work (this runs for every row of a list).
  const utc = UTC_TEXT.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}${(utc[3] ?? '.').padEnd(4, '0').slice(0, 4)}Z`;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}

const ts = (name: string) => isoTimestamp(name);
type Json = Record<string, unknown>;

/** Columns every synced, deletable entity has. */
const entity = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  org_id: integer('org_id').notNull(),
  ref_id: text('ref_id'),
  // Starts at 1 so that a first pull (cursor 0) includes rows written outside the version counter.
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  created_by: uuid('created_by'),
  created_at: ts('created_at').notNull().default(sql`now()`),
  updated_by: uuid('updated_by'),
  updated_at: ts('updated_at').notNull().default(sql`now()`),
  deleted_at: ts('deleted_at'),
});

/** Columns of append-only streams (logs, GPS points): inserted once by a client-chosen id. */
const stream = () => ({
  id: uuid('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  user_id: uuid('user_id'),
  received_at: ts('received_at').notNull().default(sql`now()`),
});

export const orgs = pgTable('orgs', {
  // Orgs are numbered (the spec's default org is 6), unlike every other entity.
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  ref_id: text('ref_id'),
  name: text('name').notNull(),
  parent_id: integer('parent_id'),
  data: jsonb('data').$type<Json>().notNull().default({}),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  created_at: ts('created_at').notNull().default(sql`now()`),
  updated_at: ts('updated_at').notNull().default(sql`now()`),
  deleted_at: ts('deleted_at'),
});

/** One counter per org: each write transaction takes the next value, so versions commit in order. */
export const orgVersions = pgTable('org_versions', {
  org_id: integer('org_id').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
  // Tombstones at or below this version may have been pruned: older cursors must re-sync in full.
  horizon: bigint('horizon', { mode: 'number' }).notNull().default(0),
});

/**
 * Versions handed out and not yet committed or given up, on PostgreSQL: a write takes its version
 * with a lease in a short statement of its own, writes its rows in its transaction and removes the
 * lease in that transaction, so a pull reads only versions below the lowest lease still held
 * (versions.ts). `pid` and `backend_start` name the connection whose transaction holds it: a lease
 * whose connection is gone was given up.
 */
export const versionLeases = pgTable(
  'version_leases',
  {
    org_id: integer('org_id').notNull(),
    v: bigint('v', { mode: 'number' }).notNull(),
    pid: integer('pid').notNull(),
    backend_start: ts('backend_start'),
    taken_at: ts('taken_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.org_id, t.v] })],
);

export const users = pgTable(
  'users',
  {
    ...entity(),
    // The spec's numeric user id (`id` / monday_id in legacy answers).
    legacy_id: integer('legacy_id').notNull().unique().generatedByDefaultAsIdentity({ startWith: 1000 }),
    name: text('name').notNull(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    pfp: text('pfp'),
    password_hash: text('password_hash'),
    access_level: text('access_level').notNull().default('User'),
    roles: integer('roles').array().notNull().default(sql`'{}'::integer[]`),
    orgs: integer('orgs').array().notNull().default(sql`'{}'::integer[]`),
    setter_closer: text('setter_closer'),
    status: boolean('status').notNull().default(true),
    active: boolean('active').notNull().default(true),
    monday_role: text('monday_role').notNull().default('guest'),
    monday_id: integer('monday_id'),
    palmetto_id: text('palmetto_id'),
    source: text('source'),
    permissions: jsonb('permissions').$type<Json>().notNull().default({}),
    default_products: text('default_products').array().notNull().default(sql`'{}'::text[]`),
    start_date: text('start_date'),
    terms_accepted: text('terms_accepted'),
    terms_accepted_at: ts('terms_accepted_at'),
    last_active: ts('last_active'),
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_org_idx').on(t.org_id, t.id),
    index('users_org_version_idx').on(t.org_id, t.version),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id').notNull(),
    org_id: integer('org_id').notNull(),
    created_at: ts('created_at').notNull().default(sql`now()`),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    user_agent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.user_id)],
);

/** Failed sign-in counter per email, shared by every server instance through the database. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  last_failure_at: ts('last_failure_at').notNull().default(sql`now()`),
  locked_until: ts('locked_until'),
});

/**
 * A user's account at the third-party sign-in provider: its issuer and subject (`iss`, `sub` of
 * the ID token), recorded at the first sign-in by verified email and required from then on. One
 * account per user and issuer, one user per account. Server-side only: never synced nor answered.
 */
export const userOidcIdentities = pgTable(
  'user_oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    user_id: uuid('user_id').notNull(),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    uniqueIndex('user_oidc_identities_user_issuer').on(t.user_id, t.issuer),
  ],
);

export const regions = pgTable(
  'regions',
  {
    ...entity(),
    name: text('name').notNull(),
    color: text('color'),
    // GeoJSON Polygon or MultiPolygon geometry.
    geometry: jsonb('geometry').$type<Json>(),
    manager_ids: uuid('manager_ids').array().notNull().default(sql`'{}'::uuid[]`),
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [index('regions_org_version_idx').on(t.org_id, t.version)],
);

/**
 * A turf: the part of a region one rep works (src/domain/turfRules.ts). Cut and changed by the
 * region's managers; contacts inside it carry its id (`contacts.turf_id`).
 */
export const turfs = pgTable(
  'turfs',
  {
    ...entity(),
    region_id: uuid('region_id').notNull(),
    // The rep who works it.
    user_id: uuid('user_id'),
    name: text('name').notNull(),
    color: text('color'),
    // GeoJSON Polygon.
    geometry: jsonb('geometry').$type<Json>().notNull(),
    // Reps who worked it before: their devices still pull its changes, so they learn it is no longer theirs.
    former_user_ids: uuid('former_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [
    index('turfs_org_version_idx').on(t.org_id, t.version),
    index('turfs_region_idx').on(t.region_id),
    index('turfs_user_idx').on(t.user_id),
  ],
);

/**
 * A person's availability for appointments (src/domain/availability.ts): weekly working hours,
 * time off, appointment length, time zone and home base. Keyed by the person (`id` is their user
 * id); `last_position` is where their device last was, set by the server from their path points.
 */
export const availability = pgTable(
  'availability',
  {
    ...entity(),
    user_id: uuid('user_id').notNull(),
    weekly_hours: jsonb('weekly_hours').$type<Json>().notNull().default({}),
    time_off: jsonb('time_off').$type<unknown[]>().notNull().default([]),
    appointment_minutes: integer('appointment_minutes').notNull().default(60),
    time_zone: text('time_zone').notNull().default('UTC'),
    home_base: jsonb('home_base').$type<Json>(),
    last_position: jsonb('last_position').$type<Json>(),
  },
  (t) => [
    uniqueIndex('availability_user_unique').on(t.user_id),
    index('availability_org_version_idx').on(t.org_id, t.version),
  ],
);

/**
 * A team's or region's appointment distribution rule (src/domain/distribution.ts); `id` is the
 * team's or region's. `given` is the server's record of the leads the rule gave each person.
 */
export const distributionRules = pgTable(
  'distribution_rules',
  {
    ...entity(),
    scope: text('scope').notNull(),
    kind: text('kind').notNull(),
    daily_cap: integer('daily_cap'),
    window_days: integer('window_days').notNull().default(30),
    given: jsonb('given').$type<Json>().notNull().default({}),
  },
  (t) => [index('distribution_rules_org_version_idx').on(t.org_id, t.version)],
);

export const teams = pgTable(
  'teams',
  {
    ...entity(),
    name: text('name').notNull(),
    leader_id: uuid('leader_id'),
    region_id: uuid('region_id'),
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [index('teams_org_version_idx').on(t.org_id, t.version)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    ...entity(),
    team_id: uuid('team_id').notNull(),
    user_id: uuid('user_id').notNull(),
    role: text('role').notNull().default('Member'),
  },
  (t) => [
    index('team_members_org_version_idx').on(t.org_id, t.version),
    uniqueIndex('team_members_unique').on(t.team_id, t.user_id),
    index('team_members_user_idx').on(t.user_id),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    ...entity(),
    name: text('name').notNull().default(''),
    first_name: text('first_name'),
    last_name: text('last_name'),
    phone: text('phone').notNull().default(''),
    email: text('email'),
    address: text('address'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    status: text('status'),
    deal_stage: text('deal_stage'),
    deal_stage_status: text('deal_stage_status').notNull().default(''),
    lead_source: text('lead_source'),
    owner_id: uuid('owner_id'),
    team_id: uuid('team_id'),
    region_id: uuid('region_id'),
    // The turf whose outline holds it (server/services/turfAssignment.ts).
    turf_id: uuid('turf_id'),
    energy_consultants: uuid('energy_consultants').array().notNull().default(sql`'{}'::uuid[]`),
    appointment_date: text('appointment_date'),
    appointment_time: text('appointment_time'),
    preferred_language: text('preferred_language').notNull().default('english'),
    property_type: text('property_type'),
    credit_score: text('credit_score'),
    last_touched_at: ts('last_touched_at'),
    last_touched_by: uuid('last_touched_by'),
    // Per-field versions, so a stale protected-field edit from a device can be detected.
    field_versions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    // Which device wrote each field last, so a device's own queued edits never conflict with themselves.
    field_writers: jsonb('field_writers').$type<Record<string, string>>().notNull().default({}),
    // Everything else of the spec's lead record (ecl_data, milestones, utility, notes fields…).
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [
    index('contacts_org_idx').on(t.org_id, t.id),
    index('contacts_org_version_idx').on(t.org_id, t.version),
    index('contacts_owner_idx').on(t.owner_id),
    index('contacts_team_idx').on(t.team_id),
    index('contacts_region_idx').on(t.region_id),
    index('contacts_turf_idx').on(t.turf_id),
  ],
);

export const notes = pgTable(
  'notes',
  {
    ...entity(),
    lead_id: uuid('lead_id'),
    type: text('type').notNull().default('Lead'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
  },
  (t) => [index('notes_lead_idx').on(t.lead_id), index('notes_org_version_idx').on(t.org_id, t.version)],
);

export const appointments = pgTable(
  'appointments',
  {
    ...entity(),
    lead_id: uuid('lead_id'),
    user_id: uuid('user_id'),
    start_time: ts('start_time'),
    end_time: ts('end_time'),
    appointment_date: text('appointment_date'),
    appointment_type: text('appointment_type').notNull().default('In-person'),
    status: text('status'),
    notes: text('notes'),
    /** What the server did with a booking whose slot was taken (src/domain/bookingLease.ts). */
    booking: jsonb('booking').$type<Json>(),
  },
  (t) => [
    index('appointments_lead_idx').on(t.lead_id),
    index('appointments_org_version_idx').on(t.org_id, t.version),
  ],
);

export const products = pgTable(
  'products',
  {
    ...entity(),
    // Products keep the spec's numeric ids (default product 198).
    legacy_id: integer('legacy_id').unique().generatedByDefaultAsIdentity({ startWith: 1000 }),
    name: text('name').notNull(),
    category: text('category'),
    price: doublePrecision('price'),
    active: boolean('active').notNull().default(true),
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [index('products_org_version_idx').on(t.org_id, t.version)],
);

export const salesChannels = pgTable(
  'sales_channels',
  {
    ...entity(),
    name: text('name').notNull(),
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [index('sales_channels_org_version_idx').on(t.org_id, t.version)],
);

export const media = pgTable(
  'media',
  {
    ...entity(),
    lead_id: uuid('lead_id'),
    name: text('name'),
    url: text('url'),
    mimetype: text('mimetype'),
    size: integer('size'),
    storage_key: text('storage_key'),
    thumbnails: jsonb('thumbnails').$type<Json>().notNull().default({}),
  },
  (t) => [index('media_org_version_idx').on(t.org_id, t.version), index('media_lead_idx').on(t.lead_id)],
);

/** Raw bytes as `bytea`; PGlite and node-postgres both hand back a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The bytes of uploaded files, keyed by the media record's id. A device uploads the file before
 * it pushes the record, so a file may exist before its `media` row does.
 */
export const mediaFiles = pgTable('media_files', {
  media_id: uuid('media_id').primaryKey(),
  org_id: integer('org_id').notNull(),
  uploader_id: uuid('uploader_id').notNull(),
  mimetype: text('mimetype').notNull(),
  bytes: bytea('bytes').notNull(),
  thumb: bytea('thumb'),
  created_at: ts('created_at').notNull().default(sql`now()`),
});

export const surveyTemplates = pgTable(
  'survey_templates',
  {
    ...entity(),
    name: text('name').notNull(),
    questions: jsonb('questions').$type<unknown[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    // Every change to the questions is a new revision; filled surveys keep the one they answered.
    revision: integer('revision').notNull().default(1),
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [index('survey_templates_org_version_idx').on(t.org_id, t.version)],
);

/** Each revision's questions as they were, so a survey filled against an old one still reads right. */
export const surveyTemplateRevisions = pgTable(
  'survey_template_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    org_id: integer('org_id').notNull(),
    template_id: uuid('template_id').notNull(),
    revision: integer('revision').notNull(),
    questions: jsonb('questions').$type<unknown[]>().notNull(),
    created_by: uuid('created_by'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('survey_template_revisions_unique').on(t.template_id, t.revision)],
);

export const surveys = pgTable(
  'surveys',
  {
    ...entity(),
    template_id: uuid('template_id'),
    lead_id: uuid('lead_id'),
    responses: jsonb('responses').$type<Json>().notNull().default({}),
    // The template revision answered and its questions (copied from survey_template_revisions).
    template_revision: integer('template_revision'),
    questions: jsonb('questions').$type<unknown[]>(),
    status: text('status').notNull().default('completed'),
    completed_at: ts('completed_at'),
  },
  (t) => [index('surveys_org_version_idx').on(t.org_id, t.version)],
);

export const contests = pgTable(
  'contests',
  {
    ...entity(),
    name: text('name').notNull(),
    start_date: text('start_date').notNull(),
    end_date: text('end_date').notNull(),
    description: text('description').notNull().default(''),
    contest_type: text('contest_type').notNull().default('General'),
    contest_qualifier: text('contest_qualifier').notNull().default('Sales Volume'),
    winner_id: uuid('winner_id'),
    // Who takes part: members of these teams or regions; both empty means the whole org.
    team_ids: uuid('team_ids').array().notNull().default(sql`'{}'::uuid[]`),
    region_ids: uuid('region_ids').array().notNull().default(sql`'{}'::uuid[]`),
    // Set once when the contest is decided; a Random draw keeps its seed so anyone can redo it.
    winner_seed: text('winner_seed'),
    decided_at: ts('decided_at'),
    // When participants were told the contest started (once, by the scheduled job).
    start_announced_at: ts('start_announced_at'),
    standings: jsonb('standings').$type<unknown[]>().notNull().default([]),
  },
  (t) => [index('contests_org_version_idx').on(t.org_id, t.version)],
);

export const announcements = pgTable(
  'announcements',
  {
    ...entity(),
    category: text('category').notNull().default('General'),
    title: text('title').notNull(),
    date: ts('date').notNull().default(sql`now()`),
    author_id: uuid('author_id'),
    content: text('content').notNull().default(''),
    link: jsonb('link').$type<{ url: string; button_text: string } | null>(),
    files: jsonb('files').$type<unknown[]>().notNull().default([]),
    image_url: text('image_url'),
  },
  (t) => [index('announcements_org_version_idx').on(t.org_id, t.version)],
);

export const proposals = pgTable(
  'proposals',
  {
    ...entity(),
    lead_id: uuid('lead_id'),
    name: text('name').notNull(),
    financer: text('financer'),
    option: text('option'),
    date: text('date'),
    panels: integer('panels'),
    status: text('status'),
    survey_response: jsonb('survey_response').$type<Json>(),
    survey_id: uuid('survey_id'),
    amount: doublePrecision('amount'),
    // The lead guide's inputs and results: utility and usage, system size, products, financing.
    details: jsonb('details').$type<Json>().notNull().default({}),
    // The homeowner's signature: what was signed, its hash, the signed PDF's file and the audit
    // trail (src/domain/proposals/signature.ts); null until signed. Written only by proposal.sign.v1.
    signature: jsonb('signature').$type<Json>(),
  },
  (t) => [index('proposals_org_version_idx').on(t.org_id, t.version)],
);

export const activities = pgTable(
  'activities',
  {
    ...entity(),
    type: text('type').notNull(),
    category: text('category'),
    message: text('message').notNull().default(''),
    actor_id: uuid('actor_id'),
    date: ts('date').notNull().default(sql`now()`),
    files: jsonb('files').$type<unknown[]>().notNull().default([]),
    links: jsonb('links').$type<unknown[]>().notNull().default([]),
    media: jsonb('media').$type<unknown[]>().notNull().default([]),
    link_out: text('link_out'),
    pre_ref: text('pre_ref'),
    lead_refs: uuid('lead_refs').array().notNull().default(sql`'{}'::uuid[]`),
    user_refs: uuid('user_refs').array().notNull().default(sql`'{}'::uuid[]`),
    // Old and new values of a change, so a same-field conflict keeps both.
    data: jsonb('data').$type<Json>().notNull().default({}),
  },
  (t) => [
    index('activities_org_version_idx').on(t.org_id, t.version),
    index('activities_org_date_idx').on(t.org_id, t.date),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    ...entity(),
    // Legacy answers number notifications; the list sorts by this id.
    seq: integer('seq').notNull().unique().generatedByDefaultAsIdentity(),
    user_id: uuid('user_id').notNull(),
    title: text('title').notNull().default(''),
    message: text('message').notNull().default(''),
    link: text('link'),
    is_read: boolean('is_read').notNull().default(false),
    // The title and message as a message key and its parameters (src/domain/serverTexts.ts), so
    // each device says them in its reader's language; null on notifications written before keys.
    text_key: text('text_key'),
    text_params: jsonb('text_params').$type<Json>(),
  },
  (t) => [
    index('notifications_org_version_idx').on(t.org_id, t.version),
    index('notifications_user_idx').on(t.user_id, t.seq),
  ],
);

export const cards = pgTable(
  'cards',
  {
    ...entity(),
    title: text('title').notNull().default(''),
    type: text('type').notNull().default('number'),
    card_layout: jsonb('card_layout').$type<Json>().notNull().default({}),
    config: jsonb('config').$type<Json>().notNull().default({}),
  },
  (t) => [index('cards_org_version_idx').on(t.org_id, t.version)],
);

export const layouts = pgTable(
  'layouts',
  {
    ...entity(),
    name: text('name').notNull(),
    cards: uuid('cards').array().notNull().default(sql`'{}'::uuid[]`),
    owner_id: uuid('owner_id'),
    is_global: boolean('is_global').notNull().default(false),
    // Set when the layout first becomes global: from then on every member's pull carries its
    // changes, so taking it back from global reaches the devices that hold it.
    shared_at: ts('shared_at'),
  },
  (t) => [index('layouts_org_version_idx').on(t.org_id, t.version)],
);

export const filterViews = pgTable(
  'filter_views',
  {
    ...entity(),
    name: text('name').notNull(),
    table_name: text('table_name').notNull(),
    view_type: integer('view_type').notNull().default(3),
    properties: jsonb('properties').$type<Json>().notNull().default({}),
    headers: jsonb('headers').$type<unknown[]>().notNull().default([]),
    groupings: jsonb('groupings').$type<unknown[]>().notNull().default([]),
    global: boolean('global').notNull().default(false),
    creator_id: uuid('creator_id'),
    is_workshop: boolean('is_workshop').notNull().default(true),
    // Set when the view first becomes global (see layouts.shared_at).
    shared_at: ts('shared_at'),
  },
  (t) => [
    index('filter_views_org_version_idx').on(t.org_id, t.version),
    index('filter_views_org_table_idx').on(t.org_id, t.table_name),
  ],
);

export const userConfigs = pgTable(
  'user_configs',
  {
    ...entity(),
    user_id: uuid('user_id').notNull().unique(),
    pins: jsonb('pins').$type<unknown[]>().notNull().default([]),
    paths: jsonb('paths').$type<unknown[]>().notNull().default([]),
    map_layouts: jsonb('map_layouts').$type<unknown[]>().notNull().default([]),
    layouts: jsonb('layouts').$type<unknown[]>().notNull().default([]),
    filters: jsonb('filters').$type<unknown[]>().notNull().default([]),
    fingerprints: jsonb('fingerprints').$type<unknown[]>().notNull().default([]),
  },
  (t) => [index('user_configs_org_version_idx').on(t.org_id, t.version)],
);

export const workspaces = pgTable('workspaces', {
  ...entity(),
  workspace_key: text('workspace_key').notNull(),
  dash_data: jsonb('dash_data').$type<Json>().notNull().default({}),
});

/** The spec's interface configurations (key `deal_stage`, …), one per org and key. */
export const interfaces = pgTable(
  'interfaces',
  {
    ...entity(),
    key: text('key').notNull(),
    table_id: text('table_id'),
    table_name: text('table_name'),
    type: text('type').notNull().default('config'),
    data: jsonb('data').$type<unknown>().notNull(),
  },
  (t) => [
    index('interfaces_org_version_idx').on(t.org_id, t.version),
    uniqueIndex('interfaces_org_key_unique').on(t.org_id, t.key),
  ],
);

export const automations = pgTable(
  'automations',
  {
    ...entity(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    trigger: jsonb('trigger').$type<Json>().notNull().default({}),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    conditions: jsonb('conditions').$type<Json>().notNull().default({ match: 'all', rules: [] }),
    // What the automation remembers between runs (e.g. the round-robin's next person).
    state: jsonb('state').$type<Json>().notNull().default({}),
  },
  (t) => [index('automations_org_version_idx').on(t.org_id, t.version)],
);

/**
 * Things that happened that automations may act on, written in the same transaction as the change
 * (a transactional outbox); `depth` counts how many automation runs led to it, to stop loops.
 */
export const automationEvents = pgTable(
  'automation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    org_id: integer('org_id').notNull(),
    type: text('type').notNull(),
    record_table: text('record_table').notNull(),
    record_id: uuid('record_id').notNull(),
    before: jsonb('before').$type<Json>(),
    after: jsonb('after').$type<Json>(),
    actor_id: uuid('actor_id'),
    depth: integer('depth').notNull().default(0),
    created_at: ts('created_at').notNull().default(sql`now()`),
    dispatched_at: ts('dispatched_at'),
  },
  (t) => [index('automation_events_pending_idx').on(t.dispatched_at, t.created_at)],
);

/** One automation's run for one event: unique per (automation, event) so it runs exactly once. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    org_id: integer('org_id').notNull(),
    automation_id: uuid('automation_id').notNull(),
    event_key: text('event_key').notNull(),
    event_type: text('event_type').notNull(),
    record_table: text('record_table'),
    record_id: uuid('record_id'),
    depth: integer('depth').notNull().default(0),
    status: text('status').notNull().default('running'),
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    error: text('error'),
    // Why it was skipped or stopped, as a message key and its parameters (src/domain/serverTexts.ts).
    error_key: text('error_key'),
    error_params: jsonb('error_params').$type<Json>(),
    attempts: integer('attempts').notNull().default(0),
    started_at: ts('started_at').notNull().default(sql`now()`),
    finished_at: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('automation_runs_once').on(t.automation_id, t.event_key),
    index('automation_runs_list_idx').on(t.org_id, t.automation_id, t.started_at),
  ],
);

export const integrations = pgTable('integrations', {
  ...entity(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  value: text('value'),
  user_id: uuid('user_id'),
  config: jsonb('config').$type<Json>().notNull().default({}),
  provider_id: uuid('provider_id'),
  status: text('status').notNull().default('connected'),
  // OAuth tokens, encrypted at rest (server/security/secretBox.ts); never sent to a device.
  access_token_enc: text('access_token_enc'),
  refresh_token_enc: text('refresh_token_enc'),
  token_expires_at: ts('token_expires_at'),
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
  last_error: text('last_error'),
});

/** An OAuth 2 provider an admin set up: where to send people and how to swap a code for tokens. */
export const integrationProviders = pgTable('integration_providers', {
  ...entity(),
  key: text('key').notNull(),
  name: text('name').notNull(),
  client_id: text('client_id').notNull(),
  client_secret_enc: text('client_secret_enc'),
  authorize_url: text('authorize_url').notNull(),
  token_url: text('token_url').notNull(),
  revoke_url: text('revoke_url'),
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
});

/** An authorization in flight: the state and PKCE verifier, used once and only for a short while. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  org_id: integer('org_id').notNull(),
  user_id: uuid('user_id').notNull(),
  provider_id: uuid('provider_id').notNull(),
  code_verifier_enc: text('code_verifier_enc').notNull(),
  return_to: text('return_to'),
  created_at: ts('created_at').notNull().default(sql`now()`),
  expires_at: ts('expires_at').notNull(),
});

/** Where an org's outgoing webhooks go, for which event types, signed with the endpoint's secret. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  ...entity(),
  name: text('name').notNull().default(''),
  url: text('url').notNull(),
  event_types: text('event_types').array().notNull().default(sql`'{}'::text[]`),
  secret_enc: text('secret_enc').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

/** Every webhook message and its delivery: attempts, the last answer, and when it is tried next. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    org_id: integer('org_id').notNull(),
    endpoint_id: uuid('endpoint_id').notNull(),
    message_id: text('message_id').notNull(),
    event_type: text('event_type').notNull(),
    payload: jsonb('payload').$type<Json>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    response_status: integer('response_status'),
    last_error: text('last_error'),
    next_attempt_at: ts('next_attempt_at'),
    delivered_at: ts('delivered_at'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once').on(t.endpoint_id, t.message_id),
    index('webhook_deliveries_list_idx').on(t.org_id, t.endpoint_id, t.created_at),
  ],
);

/** An org's keys for the public API: only a hash is kept; the key is shown once when made. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    org_id: integer('org_id').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    created_by: uuid('created_by'),
    created_at: ts('created_at').notNull().default(sql`now()`),
    last_used_at: ts('last_used_at'),
    expires_at: ts('expires_at'),
    revoked_at: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_prefix_unique').on(t.prefix)],
);

export const legalDocuments = pgTable(
  'legal_documents',
  {
    ...entity(),
    slug: text('slug').notNull(),
    doc_version: text('doc_version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
  },
  (t) => [uniqueIndex('legal_documents_org_slug_version').on(t.org_id, t.slug, t.doc_version)],
);

export const paths = pgTable('paths', {
  ...entity(),
  user_id: uuid('user_id').notNull(),
  name: text('name'),
  started_at: ts('started_at').notNull(),
  ended_at: ts('ended_at'),
});

export const pathPoints = pgTable(
  'path_points',
  {
    ...stream(),
    path_id: uuid('path_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    recorded_at: ts('recorded_at').notNull(),
  },
  (t) => [index('path_points_path_idx').on(t.path_id, t.recorded_at)],
);

/**
 * One knock: a status change made at the door, with where the device was. The server classifies
 * it against the lead's pin (verified, near, far, unknown), so a leaderboard can count only knocks
 * made in front of the house.
 */
export const knocks = pgTable(
  'knocks',
  {
    ...entity(),
    user_id: uuid('user_id').notNull(),
    lead_id: uuid('lead_id').notNull(),
    status: text('status'),
    knocked_at: ts('knocked_at').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    accuracy: doublePrecision('accuracy'),
    distance_m: doublePrecision('distance_m'),
    classification: text('classification').notNull().default('unknown'),
  },
  (t) => [
    index('knocks_org_version_idx').on(t.org_id, t.version),
    index('knocks_org_user_idx').on(t.org_id, t.user_id, t.knocked_at),
  ],
);

/**
 * A user's calendar (ICS) feed: a secret address a calendar app subscribes to. Only the token's
 * hash is kept; revoking it (or asking for a new one) ends the old address.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id').notNull(),
    org_id: integer('org_id').notNull(),
    created_at: ts('created_at').notNull().default(sql`now()`),
    revoked_at: ts('revoked_at'),
  },
  (t) => [index('calendar_feeds_user_idx').on(t.user_id)],
);

/**
 * A signed proposal's copy for the homeowner: a secret, expiring address (the token travels only
 * in the link; the server keeps its sha-256). Server-side only: never synced.
 */
export const proposalShares = pgTable(
  'proposal_shares',
  {
    token_hash: text('token_hash').primaryKey(),
    org_id: integer('org_id').notNull(),
    proposal_id: uuid('proposal_id').notNull(),
    created_by: uuid('created_by').notNull(),
    created_at: ts('created_at').notNull().default(sql`now()`),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('proposal_shares_proposal_idx').on(t.proposal_id)],
);

/**
 * An org's own mail server (Settings → Email): the password sealed (secretBox, `smtp.password`).
 * Server-side only: never synced or answered beyond `password_set`.
 */
export const orgSmtpSettings = pgTable('org_smtp_settings', {
  org_id: integer('org_id').primaryKey(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  security: text('security').notNull(),
  username: text('username').notNull().default(''),
  password_enc: text('password_enc'),
  from_address: text('from_address').notNull(),
  from_name: text('from_name').notNull().default(''),
  updated_by: uuid('updated_by'),
  updated_at: ts('updated_at').notNull().default(sql`now()`),
});

/**
 * A signed proposal's link emailed to its homeowner, and how the sending went (queued, sending,
 * sent, failed with a coarse reason). The link is kept sealed (`share_email.link`) only until the
 * job has tried it. Server-side only.
 */
export const proposalShareEmails = pgTable(
  'proposal_share_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    org_id: integer('org_id').notNull(),
    proposal_id: uuid('proposal_id').notNull(),
    share_token_hash: text('share_token_hash').notNull(),
    link_enc: text('link_enc'),
    to_address: text('to_address').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('queued'),
    failure: text('failure'),
    sent_by: uuid('sent_by').notNull(),
    created_at: ts('created_at').notNull().default(sql`now()`),
    started_at: ts('started_at'),
    sent_at: ts('sent_at'),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [
    index('proposal_share_emails_proposal_idx').on(t.org_id, t.proposal_id, t.created_at),
    index('proposal_share_emails_org_idx').on(t.org_id, t.created_at),
    index('proposal_share_emails_status_idx').on(t.status, t.created_at),
  ],
);

/** The spec's analytics session (fingerprint, start and end), not the sign-in session. */
export const appSessions = pgTable('app_sessions', {
  ...stream(),
  fingerprint: text('fingerprint'),
  start_time: ts('start_time').notNull(),
  end_time: ts('end_time'),
});

export const events = pgTable('events', {
  ...stream(),
  session_id: uuid('session_id'),
  type: text('type').notNull(),
  ref: text('ref'),
  table_name: text('table_name'),
  value: jsonb('value').$type<unknown>(),
  timestamp: ts('timestamp'),
});

export const errorLogs = pgTable('error_logs', {
  ...stream(),
  session_id: uuid('session_id'),
  event: text('event').notNull(),
  code: text('code'),
  log: jsonb('log').$type<unknown>(),
});

export const fingerprints = pgTable(
  'fingerprints',
  {
    ...stream(),
    fingerprint: text('fingerprint').notNull(),
    device: text('device'),
    browser: text('browser'),
    creation_date: ts('creation_date'),
  },
  (t) => [uniqueIndex('fingerprints_user_fp_unique').on(t.user_id, t.fingerprint)],
);

/** Each device's last applied mutation id: replays below it are duplicates, gaps stop a batch. */
export const syncClients = pgTable(
  'sync_clients',
  {
    client_id: uuid('client_id').primaryKey(),
    org_id: integer('org_id').notNull(),
    user_id: uuid('user_id').notNull(),
    last_mutation_id: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
    // What the caller could reach at its last pull; a change means the device must re-sync in full.
    scope_hash: text('scope_hash'),
    updated_at: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [index('sync_clients_user_idx').on(t.user_id)],
);

export const syncRejections = pgTable(
  'sync_rejections',
  {
    client_id: uuid('client_id').notNull(),
    mutation_id: bigint('mutation_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.client_id, t.mutation_id] })],
);

/**
 * An org's named roles: numbered per org from 100, above the built-in role ids, and held by users
 * in their `roles` list. Soft-deleted (never renumbered), so an id never comes to mean another role.
 */
export const roles = pgTable(
  'roles',
  {
    org_id: integer('org_id').notNull(),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    created_by: uuid('created_by'),
    created_at: ts('created_at').notNull().default(sql`now()`),
    updated_by: uuid('updated_by'),
    updated_at: ts('updated_at').notNull().default(sql`now()`),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.org_id, t.id] }),
    uniqueIndex('roles_org_name_unique')
      .on(t.org_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} IS NULL`),
    index('roles_org_version_idx').on(t.org_id, t.version),
  ],
);
