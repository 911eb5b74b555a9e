/**
 * Field work: the sync mutations reps send all day from the doors — a lead's status changed (with
 * or without a knock) and a note added to a lead. Each writes only rows of its own lead and checks
 * nothing across other rows, so a batch made only of them runs beside other batches under a leased
 * version (versions.ts, `withLeasedVersion`) after locking its leads in one order; every other
 * batch holds the org's version until it commits.
 */

/** The keys a status change may carry: the status fields, the knock's position, the versions seen. */
const STATUS_CHANGE_KEYS = new Set([
  '_id',
  'status',
  'deal_stage',
  'deal_stage_status',
  'deal_status',
  'stage',
  'knock',
  'base_versions',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The lead a mutation of field work works on, or undefined when the mutation is anything else. */
export function fieldWorkLead(mutation: { name: unknown; args: unknown }): string | undefined {
  const args = objectOf(mutation.args);
  if (!args) return undefined;
  if (mutation.name === 'lead.edit.v1') {
    const id = args._id;
    if (typeof id !== 'string' || !UUID.test(id)) return undefined;
    return Object.keys(args).every((key) => STATUS_CHANGE_KEYS.has(key)) ? id.toLowerCase() : undefined;
  }
  if (mutation.name === 'record.save.v1' && args.table === 'notes' && args.create === true) {
    const lead = objectOf(args.fields)?.lead_id;
    return typeof lead === 'string' && UUID.test(lead) ? lead.toLowerCase() : undefined;
  }
  return undefined;
}

/** The leads of a batch made only of field work, each once and in one order; undefined otherwise. */
export function fieldWorkLeads(mutations: readonly { name: unknown; args: unknown }[]): string[] | undefined {
  const leads = new Set<string>();
  for (const mutation of mutations) {
    const lead = fieldWorkLead(mutation);
    if (lead === undefined) return undefined;
    leads.add(lead);
  }
  return leads.size ? [...leads].sort() : undefined;
}
