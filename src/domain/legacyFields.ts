/**
 * The legacy data service's documents under the spec's field names (SPEC section 3): a note or an
 * appointment names its lead `lead_ref`, a proposal `ref`, a team its `leader` and `region`, where
 * the stored documents say `lead_id`, `leader_id` and `region_id`. Fields the server keeps itself
 * (who created a document and when, computed totals, a contest's winner) come back in documents
 * the clients read, so they are accepted when sent and left out: the server sets them.
 */
import type { LegacyTarget } from './schemas/legacyData.ts';

/** Spec name → stored name, by where the documents live. */
export const LEGACY_RENAMED: Partial<Record<LegacyTarget, Readonly<Record<string, string>>>> = {
  notes: { lead_ref: 'lead_id' },
  appointments: { lead_ref: 'lead_id' },
  media: { lead_ref: 'lead_id' },
  surveys: { lead_ref: 'lead_id' },
  proposals: { ref: 'lead_id', lead_ref: 'lead_id', surveyResponse: 'survey_response' },
  teams: { leader: 'leader_id', region: 'region_id' },
};

/** Fields of every document that the server sets (its creation and last change). */
const SERVER_SET_EVERYWHERE = [
  'created_by',
  'created_date',
  'created_at',
  'createdAt',
  'updated_by',
  'updated_date',
  'updated_at',
  'updatedAt',
];

/** Fields the spec lists for a kind of document that the server sets or computes itself. */
const SERVER_SET: Partial<Record<LegacyTarget, readonly string[]>> = {
  users: [
    'jwt',
    'auth_token',
    'ref_lookup',
    'terms_accepted',
    'integrations',
    'leads',
    'active_sessions',
    'monthly_sales',
    'total_sales',
    'active_deals',
    'last_active',
  ],
  notes: ['ref_id'],
  appointments: ['ref_id', 'timestamp'],
  teams: ['ref_id', 'members', 'managers', 'active_deals', 'total_sales', 'monthly_sales'],
  contests: ['ref_id', 'winner'],
  announcements: ['author'],
  layouts: ['ref_id'],
  table_views: ['creator_ref', 'global'],
};

/** Whether the server sets `key` itself on documents of `target` (a user's numeric `id` too). */
function serverSet(target: LegacyTarget, key: string, value: unknown): boolean {
  if (SERVER_SET_EVERYWHERE.includes(key) || SERVER_SET[target]?.includes(key)) return true;
  return target === 'users' && key === 'id' && typeof value === 'number';
}

/** The stored name of a field the spec names `key` (itself when not renamed). */
export function legacyFieldName(target: LegacyTarget, key: string): string {
  const renamed = LEGACY_RENAMED[target];
  return renamed && Object.hasOwn(renamed, key) ? (renamed[key] as string) : key;
}

export type LegacyFields = { fields: Record<string, unknown> } | { problem: string };

/**
 * A document as sent, with the stored names and without the fields the server sets. Refused (a
 * `problem` to answer) only when two names of one field carry different values.
 */
export function legacyFields(target: LegacyTarget, doc: Record<string, unknown>): LegacyFields {
  const fields: Record<string, unknown> = {};
  const namedAs: Record<string, string> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (serverSet(target, key, value)) continue;
    const name = legacyFieldName(target, key);
    if (Object.hasOwn(fields, name) && JSON.stringify(fields[name]) !== JSON.stringify(value))
      return { problem: `${namedAs[name]} and ${key} name the same field with different values: send one.` };
    fields[name] = value;
    namedAs[name] = key;
  }
  return { fields };
}
