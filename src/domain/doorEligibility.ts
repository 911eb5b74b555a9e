/**
 * Which doors a rep's walk may take (issue 29): a door is a contact with a position, and it is
 * eligible when
 * - its status is not one of the org's closed statuses, and (when the org says so) it is not a
 *   customer: on the sold stage or after it (`soldFrom`, the stage the sales figures count from);
 * - it was not knocked within the org's cool-down: its last knock, or its last status change (the
 *   server stamps `last_touched_at` when a status changes), is at least that many days ago;
 * - it is not another person's lead, unless it is shared with the rep: unowned, owned by the rep,
 *   or the rep is one of its energy consultants (the `owned` scope of `permissions.ts`).
 * Pure: the device plans walks with it and the server can apply the same rules.
 */
import { type DealStage, stageOfStatus } from './dealStages.ts';
import { soldFrom } from './pipeline.ts';

/** An org's walk rules (the `walk_rules` interface; `schemas/walkRules.ts`). */
export interface WalkRules {
  /** Statuses no walk goes to (e.g. Not Interested, No Soliciting). */
  closed_statuses: string[];
  /** Customers (the sold stage and after) are closed too. */
  customers_closed: boolean;
  /** A door knocked (or whose status changed) fewer than this many days ago waits; 0 for none. */
  cooldown_days: number;
}

/** The rules of an org that saved none. */
export const DEFAULT_WALK_RULES: WalkRules = {
  closed_statuses: [
    'Not Interested',
    'No Soliciting',
    'Disqualified',
    'Renter',
    'Already Has Solar',
    'Older Customer',
    'DQ Property',
    'Closed Won',
  ],
  customers_closed: true,
  cooldown_days: 3,
};

const DAY_MS = 86_400_000;

/** What the rules read of a door. */
export interface DoorFacts {
  id: string;
  lng: number | null;
  lat: number | null;
  status: string | null;
  stage: string | null;
  owner_id: string | null;
  energy_consultants: readonly string[];
  /** The latest of its last knock and its last status change (ISO), if known. */
  last_knocked_at: string | null;
}

/** Why a door is left out of a walk. */
export type DoorExclusion = 'no_position' | 'closed' | 'customer' | 'cooling_down' | 'not_shared';

export interface EligibilityContext {
  /** The rep walking. */
  user_id: string;
  rules: WalkRules;
  /** The org's pipeline, to tell customers. */
  stages: readonly DealStage[];
  /** Now, in ms since the epoch. */
  now: number;
}

const validPosition = (door: DoorFacts) =>
  door.lng !== null &&
  door.lat !== null &&
  Number.isFinite(door.lng) &&
  Number.isFinite(door.lat) &&
  Math.abs(door.lat) <= 90 &&
  Math.abs(door.lng) <= 180;

/** Whether the door stands on the sold stage or after it. */
function isCustomer(door: DoorFacts, stages: readonly DealStage[]): boolean {
  if (!stages.length) return false;
  const stage = door.stage || (door.status ? stageOfStatus(stages, door.status)?.value : undefined);
  const at = stages.findIndex((s) => s.value === stage);
  return at >= 0 && at >= soldFrom(stages);
}

/** Whether a time (ISO) lies within the cool-down before now; a time in the future counts as now. */
export function coolingDown(lastKnockedAt: string | null, cooldownDays: number, now: number): boolean {
  if (!lastKnockedAt || cooldownDays <= 0) return false;
  const at = Date.parse(lastKnockedAt);
  if (!Number.isFinite(at)) return false;
  return now - at < cooldownDays * DAY_MS;
}

/** Why a door is not for this rep's walk, or null when it is. */
export function doorExclusion(door: DoorFacts, context: EligibilityContext): DoorExclusion | null {
  if (!validPosition(door)) return 'no_position';
  const status = (door.status ?? '').trim();
  if (status && context.rules.closed_statuses.some((s) => s.trim() === status)) return 'closed';
  if (context.rules.customers_closed && isCustomer(door, context.stages)) return 'customer';
  const shared =
    door.owner_id === null ||
    door.owner_id === '' ||
    door.owner_id === context.user_id ||
    door.energy_consultants.includes(context.user_id);
  if (!shared) return 'not_shared';
  if (coolingDown(door.last_knocked_at, context.rules.cooldown_days, context.now)) return 'cooling_down';
  return null;
}

export function isEligibleDoor(door: DoorFacts, context: EligibilityContext): boolean {
  return doorExclusion(door, context) === null;
}

/** The doors a walk may take, in the order given, and how many were left out for each reason. */
export function sortDoors<D extends DoorFacts>(
  doors: readonly D[],
  context: EligibilityContext,
): { eligible: D[]; excluded: Record<DoorExclusion, number> } {
  const excluded: Record<DoorExclusion, number> = {
    no_position: 0,
    closed: 0,
    customer: 0,
    cooling_down: 0,
    not_shared: 0,
  };
  const eligible: D[] = [];
  for (const door of doors) {
    const why = doorExclusion(door, context);
    if (why) excluded[why] += 1;
    else eligible.push(door);
  }
  return { eligible, excluded };
}

/** The later of two ISO times (either may be missing). */
export function laterTime(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}
