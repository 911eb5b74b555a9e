/** What 'Plan my walk' reads on the device: the org's walk rules and the facts of candidate doors. */
import {
  DEFAULT_WALK_RULES,
  type DoorFacts,
  laterTime,
  type WalkRules,
} from '#src/domain/doorEligibility.ts';
import { WALK_RULES_KEY, walkRulesSchema } from '#src/domain/schemas/walkRules.ts';
import type { CrmDatabase } from '../database.ts';
import { positionOf } from '../pinIndex.ts';

/** The org's walk rules as last pulled (the `walk_rules` interface), or the standard ones. */
export async function orgWalkRules(db: CrmDatabase): Promise<WalkRules> {
  const row = await db.interfaces.where('key').equals(WALK_RULES_KEY).first();
  const parsed = walkRulesSchema.safeParse(row && !row.deleted_at ? row.data : undefined);
  return parsed.success ? parsed.data : DEFAULT_WALK_RULES;
}

/** A door as the walk shows it: the rules' facts, and whom and where it is. */
export interface WalkDoor extends DoorFacts {
  name: string;
  address: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Within this of its creation, a contact's `last_touched_at` is its creation, not a status change. */
const CREATED_MS = 60_000;

/**
 * When the contact's status last changed: `last_touched_at`, which the server stamps on a status
 * change, but also on creation; a contact untouched since it was added or imported has none.
 */
function statusChangedAt(row: Record<string, unknown>): string | null {
  const touched = text(row.last_touched_at);
  const created = text(row.created_at);
  if (!touched || !created) return touched;
  return Date.parse(touched) - Date.parse(created) > CREATED_MS ? touched : null;
}

/**
 * These contacts as doors (in the order given; those not on the device left out), each with its
 * latest knock at or after `since` (the synced knocks) or its last status change, whichever is later.
 */
export async function walkDoors(db: CrmDatabase, ids: readonly string[], since: string): Promise<WalkDoor[]> {
  const rows = await db.contacts.bulkGet([...ids]);
  const knocked = new Map<string, string>();
  if (rows.length) {
    await db.knocks
      .where('knocked_at')
      .aboveOrEqual(since)
      .each((k) => {
        const lead = text(k.lead_id);
        const at = text(k.knocked_at);
        if (!lead || !at || k.deleted_at) return;
        knocked.set(lead, laterTime(knocked.get(lead), at) as string);
      });
  }
  const doors: WalkDoor[] = [];
  for (const row of rows) {
    if (!row || row.deleted_at) continue;
    const position = positionOf(row);
    const id = String(row._id);
    doors.push({
      id,
      lng: position?.[0] ?? null,
      lat: position?.[1] ?? null,
      status: text(row.deal_stage_status),
      stage: text(row.deal_stage),
      owner_id: text(row.owner_id),
      energy_consultants: Array.isArray(row.energy_consultants)
        ? row.energy_consultants.filter((c): c is string => typeof c === 'string')
        : [],
      last_knocked_at: laterTime(statusChangedAt(row), knocked.get(id)),
      name: text(row.name) ?? '',
      address: text(row.address) ?? '',
    });
  }
  return doors;
}
