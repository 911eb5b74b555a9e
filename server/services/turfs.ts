/**
 * Turfs: a region cut into the parts its reps work (src/domain/turfRules.ts says who may, and
 * which doors are locked). A cut replaces the region's turfs at once; a turf may then be changed
 * (its outline, name, colour or rep) or deleted. Each write, in one transaction with one version:
 * - checks every outline against the region's (src/domain/turfGeometry.ts);
 * - places the contacts the change can affect in their turf (turfAssignment.ts);
 * - gives each turf's rep the doors inside it that are not locked, through the lead edit itself
 *   (leads.ts `editLead`: the reassignment rule, the lead's version and its 'reassigned' activity),
 *   skipping and counting the doors the caller may not reassign;
 * - tells each rep once what it did for them (turfNotices.ts): the doors a turf gave them, or that
 *   their turf went to someone else; the doors' own reassignments tell no one.
 */
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { isActiveUser, reassignRefusal } from '#src/domain/leadAssignment.ts';
import { type Actor, canOnContact, scopeOf } from '#src/domain/permissions.ts';
import { effectiveAccessLevel } from '#src/domain/roles.ts';
import type {
  TurfAssignment,
  TurfCutInput,
  TurfDeleteInput,
  TurfEditInput,
} from '#src/domain/schemas/turfs.ts';
import { TURF_GEOMETRY_MESSAGES, turfGeometryProblem } from '#src/domain/turfGeometry.ts';
import { type DoorOwnerFacts, type TurfRefusal, turfOwnerFor, turfRefusal } from '#src/domain/turfRules.ts';
import type { Database } from '../db/client.ts';
import { contacts, regions, teams, turfs, users } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { editLead } from './leads.ts';
import { managedRegionsOf } from './managedRegions.ts';
import { conflict, forbidden, invalid, notFound } from './serviceError.ts';
import { placeTurfContacts } from './turfAssignment.ts';
import { gainedDoor, handedOver, sendTurfNotices, type TurfNotices, turfNotices } from './turfNotices.ts';
import { inVersionedTransaction } from './versions.ts';

type TurfRow = typeof turfs.$inferSelect;

/** A turf as devices and API clients see it (who held it before stays on the server). */
export function turfToWire(row: Record<string, unknown>) {
  const {
    data,
    former_user_ids: _former,
    ...columns
  } = row as Record<string, unknown> & {
    data?: unknown;
  };
  return {
    ...(data && typeof data === 'object' && !Array.isArray(data) ? (data as object) : {}),
    ...columns,
    _id: row.id,
  };
}

/**
 * The turfs a caller's device pulls (tombstones included): a rep their own and those they held
 * before; a manager besides those of the regions they manage and of their teams' members; an
 * admin every turf of the org.
 */
export function turfScopeWhere(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor, 'turfs.read');
  if (scope === 'none') return undefined;
  const inOrg = sql`${turfs.org_id} = ${actor.org_id}`;
  if (scope === 'org') return inOrg;
  const own = sql`(${turfs.user_id} = ${actor.user_id} OR ${actor.user_id}::uuid = ANY(${turfs.former_user_ids}))`;
  if (scope !== 'managed') return sql`${inOrg} AND ${own}`;
  const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
  return sql`${inOrg} AND (${own}
    OR ${turfs.user_id} = ANY(${uuids(actor.managed_member_ids)})
    OR ${turfs.region_id} IN (SELECT ${regions.id} FROM ${regions} WHERE ${regions.org_id} = ${actor.org_id} AND ${actor.user_id}::uuid = ANY(${regions.manager_ids}))
    OR ${turfs.region_id} IN (SELECT ${teams.region_id} FROM ${teams} WHERE ${teams.org_id} = ${actor.org_id} AND ${teams.id} = ANY(${uuids(actor.managed_team_ids)})))`;
}

const REFUSALS: Record<TurfRefusal, () => Error> = {
  not_allowed: () => forbidden('Only managers and admins can cut or change turfs.'),
  region_out_of_reach: () => forbidden('You can only cut and change the turfs of the regions you manage.'),
  inactive_rep: () => invalid('Each turf’s rep must be an active user of your organization.'),
  rep_out_of_reach: () => forbidden('You can only give turfs to members of the teams you manage.'),
};

const REGION_NOT_FOUND = 'This region does not exist.';
const TURF_NOT_FOUND = 'This turf does not exist.';

interface UserFacts {
  id: string;
  org_id: number;
  active: boolean;
  owner: DoorOwnerFacts;
}

/** The org's users named, as the assignment and lock rules see them. */
async function usersById(tx: Tx, orgId: number, ids: readonly string[]): Promise<Map<string, UserFacts>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      org_id: users.org_id,
      access_level: users.access_level,
      roles: users.roles,
      status: users.status,
      active: users.active,
      deleted_at: users.deleted_at,
    })
    .from(users)
    .where(and(eq(users.org_id, orgId), inArray(users.id, unique)));
  return new Map(
    rows.map((row) => {
      const active = isActiveUser(row);
      return [
        row.id,
        {
          id: row.id,
          org_id: row.org_id,
          active,
          owner: { active, level: effectiveAccessLevel(row.access_level, row.roles) },
        },
      ];
    }),
  );
}

async function liveRegion(tx: Tx, actor: Actor, regionId: string) {
  const [region] = await tx
    .select({ id: regions.id, name: regions.name, geometry: regions.geometry })
    .from(regions)
    .where(and(eq(regions.id, regionId), eq(regions.org_id, actor.org_id), isNull(regions.deleted_at)));
  if (!region) throw notFound(REGION_NOT_FOUND);
  return region;
}

/** Refuses the turf when the caller may not give this region a turf worked by this rep. */
function checkTurf(
  actor: Actor,
  regionId: string,
  managed: readonly string[],
  people: Map<string, UserFacts>,
  repId: string | null,
) {
  const refusal = turfRefusal(actor, regionId, managed, repId === null ? null : people.get(repId));
  if (refusal) throw REFUSALS[refusal]();
}

function checkOutline(geometry: unknown, regionGeometry: unknown, field: string) {
  const problem = turfGeometryProblem(geometry, regionGeometry);
  if (problem) throw invalid(`Invalid input — ${field}: ${TURF_GEOMETRY_MESSAGES[problem]}.`);
}

/** A turf whose rep takes its doors, and whether the turf was not that rep's before the change. */
interface AssignedTurf {
  id: string;
  name: string;
  user_id: string | null;
  fresh: boolean;
}

/**
 * Gives each turf's rep the doors in it that are not locked, through the lead edit (one version:
 * the caller's transaction's) without its notification: each door given is noted in `notices`,
 * which the caller sends once per rep. Doors the caller may not reassign are left and counted.
 */
async function assignTurfDoors(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  version: number,
  assigned: readonly AssignedTurf[],
  notices: TurfNotices,
): Promise<TurfAssignment> {
  const outcome: TurfAssignment = { assigned: 0, locked: 0, out_of_reach: 0 };
  const byId = new Map(assigned.map((t) => [t.id, t]));
  const repOf = new Map(assigned.filter((t) => t.user_id).map((t) => [t.id, t.user_id as string]));
  if (!repOf.size) return outcome;
  const doors = await tx
    .select({
      id: contacts.id,
      org_id: contacts.org_id,
      owner_id: contacts.owner_id,
      energy_consultants: contacts.energy_consultants,
      team_id: contacts.team_id,
      region_id: contacts.region_id,
      turf_id: contacts.turf_id,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.org_id, actor.org_id),
        isNull(contacts.deleted_at),
        inArray(contacts.turf_id, [...repOf.keys()]),
      ),
    )
    .orderBy(contacts.id);
  const people = await usersById(tx, actor.org_id, [
    ...repOf.values(),
    ...doors.map((d) => d.owner_id).filter((id): id is string => id !== null),
  ]);
  const owners = new Map([...people].map(([id, facts]) => [id, facts.owner]));
  const batch: ServiceContext = { ...ctx, db: tx as unknown as Database, batch: { version } };
  for (const door of doors) {
    const rep = repOf.get(door.turf_id as string) as string;
    if (door.owner_id === rep) continue;
    if (!turfOwnerFor(door.owner_id, rep, owners)) {
      outcome.locked++;
      continue;
    }
    if (reassignRefusal(actor, door, people.get(rep)) || !canOnContact(actor, 'contacts.edit', door)) {
      outcome.out_of_reach++;
      continue;
    }
    const edit = { _id: door.id, owner_id: rep } as Parameters<typeof editLead>[2];
    await editLead(batch, actor, edit, undefined, { notifyAssignees: false });
    const turf = byId.get(door.turf_id as string) as AssignedTurf;
    gainedDoor(notices, rep, turf.name, turf.fresh);
    outcome.assigned++;
  }
  return outcome;
}

/**
 * Cuts a region into turfs: the given turfs replace the region's live ones (those not named are
 * deleted), contacts inside each take it, and each rep takes the turf's doors that are not locked.
 */
export async function cutRegionTurfs(ctx: ServiceContext, actor: Actor, input: TurfCutInput) {
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const region = await liveRegion(tx, actor, input.region_id);
    const managed = await managedRegionsOf(tx, actor, 'turfs.manage');
    const people = await usersById(
      tx,
      actor.org_id,
      input.turfs.map((t) => t.user_id),
    );
    for (const turf of input.turfs) checkTurf(actor, region.id, managed, people, turf.user_id);
    for (const [index, turf] of input.turfs.entries())
      checkOutline(turf.geometry, region.geometry, `turfs.${index}.geometry`);

    const ids = input.turfs.map((t) => t.id);
    const named = await tx.select().from(turfs).where(inArray(turfs.id, ids)).for('update');
    const known = new Map(named.map((row) => [row.id, row]));
    for (const row of named) {
      if (row.org_id !== actor.org_id || row.region_id !== region.id || row.deleted_at)
        throw conflict('This record already exists.');
    }
    const now = ctx.now().toISOString();
    const stale = await tx
      .update(turfs)
      .set({ deleted_at: now, updated_at: now, updated_by: actor.user_id, version })
      .where(
        and(
          eq(turfs.org_id, actor.org_id),
          eq(turfs.region_id, region.id),
          isNull(turfs.deleted_at),
          sql`NOT (${turfs.id} = ANY(${sql.param(ids)}::uuid[]))`,
        ),
      )
      .returning({ id: turfs.id });
    const saved: TurfRow[] = [];
    const notices = turfNotices();
    for (const turf of input.turfs) {
      const values = {
        name: turf.name,
        color: turf.color ?? null,
        geometry: turf.geometry,
        user_id: turf.user_id,
      };
      const before = known.get(turf.id);
      if (before?.user_id && before.user_id !== turf.user_id)
        handedOver(notices, before.user_id, before.name, turf.user_id);
      const [row] = before
        ? await tx
            .update(turfs)
            .set({
              ...values,
              former_user_ids: formerAfter(before, turf.user_id),
              version,
              updated_at: now,
              updated_by: actor.user_id,
            })
            .where(eq(turfs.id, turf.id))
            .returning()
        : await tx
            .insert(turfs)
            .values({
              ...values,
              id: turf.id,
              org_id: actor.org_id,
              region_id: region.id,
              version,
              created_by: actor.user_id,
              updated_by: actor.user_id,
              created_at: now,
              updated_at: now,
            })
            .returning();
      saved.push(row as TurfRow);
    }
    const change = { version, now, userId: actor.user_id };
    await placeTurfContacts(tx, actor.org_id, [...ids, ...stale.map((s) => s.id)], change);
    const handed = saved.map((row) => ({ ...row, fresh: known.get(row.id)?.user_id !== row.user_id }));
    const assignment = await assignTurfDoors(ctx, tx, actor, version, handed, notices);
    await sendTurfNotices(tx, actor, version, region, notices);
    return { turfs: saved.map(turfToWire), ...assignment };
  });
}

/** The reps who held a turf before, with the one it leaves when it changes hands. */
function formerAfter(before: TurfRow, next: string | null | undefined): string[] {
  const former = [...before.former_user_ids];
  if (next !== undefined && before.user_id && before.user_id !== next && !former.includes(before.user_id))
    former.push(before.user_id);
  return former;
}

async function liveTurf(tx: Tx, actor: Actor, id: string): Promise<TurfRow> {
  const [row] = await tx
    .select()
    .from(turfs)
    .where(and(eq(turfs.id, id), eq(turfs.org_id, actor.org_id)))
    .for('update');
  if (!row || row.deleted_at) throw notFound(TURF_NOT_FOUND);
  return row;
}

/**
 * Changes one turf: a new outline places contacts again; a new outline or rep gives the rep the
 * turf's doors that are not locked.
 */
export async function editTurf(ctx: ServiceContext, actor: Actor, input: TurfEditInput) {
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const existing = await liveTurf(tx, actor, input.id);
    const region = await liveRegion(tx, actor, existing.region_id);
    const managed = await managedRegionsOf(tx, actor, 'turfs.manage');
    const repId = input.user_id ?? existing.user_id;
    const people = await usersById(tx, actor.org_id, repId ? [repId] : []);
    checkTurf(actor, region.id, managed, people, repId);
    if (input.geometry !== undefined) checkOutline(input.geometry, region.geometry, 'geometry');
    const now = ctx.now().toISOString();
    const { id, ...fields } = input;
    const [row] = await tx
      .update(turfs)
      .set({
        ...fields,
        former_user_ids: formerAfter(existing, input.user_id),
        version,
        updated_at: now,
        updated_by: actor.user_id,
      })
      .where(eq(turfs.id, id))
      .returning();
    const saved = row as TurfRow;
    const moved =
      input.geometry !== undefined && JSON.stringify(input.geometry) !== JSON.stringify(existing.geometry);
    if (moved) await placeTurfContacts(tx, actor.org_id, [id], { version, now, userId: actor.user_id });
    const handed = input.user_id !== undefined && input.user_id !== existing.user_id;
    const notices = turfNotices();
    if (handed && existing.user_id) handedOver(notices, existing.user_id, existing.name, saved.user_id);
    const assignment: TurfAssignment =
      moved || handed
        ? await assignTurfDoors(ctx, tx, actor, version, [{ ...saved, fresh: handed }], notices)
        : { assigned: 0, locked: 0, out_of_reach: 0 };
    await sendTurfNotices(tx, actor, version, region, notices);
    return { turf: turfToWire(saved), ...assignment };
  });
}

/** Deletes a turf (a tombstone); its contacts go to another turf holding them, or none. Owners stay. */
export async function deleteTurf(ctx: ServiceContext, actor: Actor, input: TurfDeleteInput) {
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const existing = await liveTurf(tx, actor, input.id);
    checkTurf(actor, existing.region_id, await managedRegionsOf(tx, actor, 'turfs.manage'), new Map(), null);
    const now = ctx.now().toISOString();
    const [row] = await tx
      .update(turfs)
      .set({ deleted_at: now, updated_at: now, updated_by: actor.user_id, version })
      .where(eq(turfs.id, input.id))
      .returning();
    await placeTurfContacts(tx, actor.org_id, [input.id], { version, now, userId: actor.user_id });
    return turfToWire(row as TurfRow);
  });
}

/** A deleted region's turfs go with it (inside the region's deletion, with its version). */
export async function deleteRegionTurfs(
  tx: Tx,
  actor: Actor,
  regionId: string,
  change: { version: number; now: string },
): Promise<void> {
  const gone = await tx
    .update(turfs)
    .set({
      deleted_at: change.now,
      updated_at: change.now,
      updated_by: actor.user_id,
      version: change.version,
    })
    .where(and(eq(turfs.org_id, actor.org_id), eq(turfs.region_id, regionId), isNull(turfs.deleted_at)))
    .returning({ id: turfs.id });
  await placeTurfContacts(
    tx,
    actor.org_id,
    gone.map((t) => t.id),
    { ...change, userId: actor.user_id },
  );
}
