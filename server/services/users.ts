/** Users: the spec's get / add / edit (soft delete) and meta, with team membership. */
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Actor, can, canManageTeamMembership, canOnUser, scopeOf } from '#src/domain/permissions.ts';
import { nameColumns } from '#src/domain/personName.ts';
import { normalizePhone } from '#src/domain/phone.ts';
import {
  PROFILE_FIELD_KEYS,
  type ProfileSaveInput,
  USER_LIST_LIMIT,
  type UserAddInput,
  type UserEditInput,
  type UserQuery,
} from '#src/domain/schemas/user.ts';
import { userGrantDenial } from '#src/domain/userGrants.ts';
import { contacts, orgs, products, regions, teamMembers, teams, userConfigs, users } from '../db/schema.ts';
import type { UserRow } from './actors.ts';
import { hashPassword, revokeSessions, tokenHash, verifyCurrentPassword } from './auth.ts';
import type { ServiceContext, Tx } from './context.ts';
import { guardUserChange } from './lastAdmin.ts';
import { ensureKnownRoles } from './roles.ts';
import { conflict, forbidden, invalid, notFound } from './serviceError.ts';
import { recordAddedToTeam } from './teamActivities.ts';
import { INVITE_DATA_KEY, newInvite } from './userInvites.ts';
import { inVersionedTransaction } from './versions.ts';

type Membership = { id: string; name: string; role: string };

/** A user as answers show it: never the password hash. */
export function userToWire(row: UserRow, memberships: Membership[] = [], leads?: number) {
  const { password_hash: _hash, data, legacy_id, ...rest } = row;
  // An invite's hash stays on the server, like the password's.
  const { [INVITE_DATA_KEY]: _invite, ...extra } = (data ?? {}) as Record<string, unknown>;
  return {
    ...extra,
    ...rest,
    _id: row.id,
    id: row.monday_id ?? legacy_id,
    legacy_id,
    role: row.access_level,
    teams: memberships,
    ...(leads !== undefined ? { leads } : {}),
  };
}
export type UserWire = ReturnType<typeof userToWire>;

async function membershipsOf(db: Tx, userIds: string[]): Promise<Map<string, Membership[]>> {
  const map = new Map<string, Membership[]>();
  if (!userIds.length) return map;
  const rows = await db
    .select({ user_id: teamMembers.user_id, id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.team_id))
    .where(
      and(
        sql`${teamMembers.user_id} = ANY(${sql.param(userIds)}::uuid[])`,
        isNull(teamMembers.deleted_at),
        isNull(teams.deleted_at),
      ),
    )
    .orderBy(asc(teams.name));
  for (const row of rows) {
    const list = map.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name, role: row.role });
    map.set(row.user_id, list);
  }
  return map;
}

async function leadCounts(db: Tx, orgId: number, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ owner_id: contacts.owner_id, n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(and(eq(contacts.org_id, orgId), inArray(contacts.owner_id, userIds), isNull(contacts.deleted_at)))
    .groupBy(contacts.owner_id);
  return new Map(rows.map((r) => [r.owner_id as string, Number(r.n)]));
}

async function toWire(db: Tx, orgId: number, rows: UserRow[]): Promise<UserWire[]> {
  const ids = rows.map((r) => r.id);
  const [memberships, counts] = await Promise.all([membershipsOf(db, ids), leadCounts(db, orgId, ids)]);
  return rows.map((row) => userToWire(row, memberships.get(row.id) ?? [], counts.get(row.id) ?? 0));
}

/**
 * A sync pull's page of users, in their wire shape with their teams: a membership change writes
 * the user's row with its version (add and edit), so the pulled row carries the teams it has.
 */
export async function usersForPull(ctx: ServiceContext, where: SQL): Promise<UserWire[]> {
  const rows = await ctx.db.select().from(users).where(where).orderBy(asc(users.version));
  const memberships = await membershipsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => userToWire(row, memberships.get(row.id) ?? []));
}

export async function getUsers(ctx: ServiceContext, actor: Actor, query: UserQuery) {
  const scope = scopeOf(actor, 'users.read');
  const conditions: SQL[] = [eq(users.org_id, actor.org_id), isNull(users.deleted_at)];
  if (scope === 'self') conditions.push(eq(users.id, actor.user_id));
  // Deleted users leave the list (spec: soft delete); admins may still ask for them.
  if (!(query.include_inactive && can(actor, 'users.manage'))) conditions.push(eq(users.status, true));
  if (query.ids?.length) {
    conditions.push(
      sql`(${users.legacy_id} = ANY(${sql.param(query.ids)}::int[]) OR ${users.monday_id} = ANY(${sql.param(query.ids)}::int[]))`,
    );
  }
  if (query._ids?.length) conditions.push(inArray(users.id, query._ids));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(sql`(${users.name} ILIKE ${pattern} OR ${users.email} ILIKE ${pattern})`);
  }
  const limit = query.limit ?? (query.q ? 5 : USER_LIST_LIMIT);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
  return toWire(ctx.db, actor.org_id, rows);
}

/** Minimal public facts (name and picture) for showing who did something. */
export async function usersMeta(ctx: ServiceContext, actor: Actor, ids: (string | number)[]) {
  if (!can(actor, 'users.read')) throw forbidden();
  const uuids = ids.filter((id): id is string => typeof id === 'string');
  const numbers = ids.filter((id): id is number => typeof id === 'number');
  // The reach of users/get: the caller's org, and only themselves for a Guest ('self').
  const conditions: SQL[] = [
    eq(users.org_id, actor.org_id),
    sql`(${users.id} = ANY(${sql.param(uuids)}::uuid[]) OR ${users.legacy_id} = ANY(${sql.param(numbers)}::int[]))`,
  ];
  if (scopeOf(actor, 'users.read') === 'self') conditions.push(eq(users.id, actor.user_id));
  const rows = await ctx.db
    .select({
      _id: users.id,
      legacy_id: users.legacy_id,
      monday_id: users.monday_id,
      name: users.name,
      pfp: users.pfp,
    })
    .from(users)
    .where(and(...conditions));
  return rows.map((r) => ({ _id: r._id, id: r.monday_id ?? r.legacy_id, name: r.name, pfp: r.pfp }));
}

/** A user just added, and the token of their invite link when one was asked for (shown once). */
export interface AddedUser {
  user: UserWire;
  invite_token: string | null;
}

export async function addUser(ctx: ServiceContext, actor: Actor, input: UserAddInput): Promise<AddedUser> {
  if (!can(actor, 'users.manage')) throw forbidden('Only admins can add users.');
  const denial = userGrantDenial(actor, undefined, {
    access_level: input.access_level ?? input.role,
    roles: input.roles,
    orgs: input.orgs,
  });
  if (denial) throw forbidden(denial);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const invite = input.invite ? newInvite(ctx.now()) : undefined;
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    await ensureEmailFree(tx, input.email);
    if (input.roles?.length) await ensureKnownRoles(tx, actor.org_id, input.roles, []);
    await ensureOrgsExist(tx, input.orgs ?? []);
    await ensureProductsExist(tx, actor.org_id, input.default_products ?? []);
    if (input.region_id) await ensureRegionExists(tx, actor.org_id, input.region_id);
    const id = input.id ?? input._id;
    const data = {
      ...(invite ? { [INVITE_DATA_KEY]: { ...invite.stored } } : {}),
      ...(input.region_id ? { [REGION_DATA_KEY]: input.region_id } : {}),
    };
    const [row] = await tx
      .insert(users)
      .values({
        ...(id ? { id } : {}),
        org_id: actor.org_id,
        ...nameColumns(input.name, input),
        email: input.email.trim(),
        phone: normalizePhone(input.phone ?? ''),
        pfp: input.pfp ?? null,
        password_hash: passwordHash,
        access_level: input.access_level ?? input.role ?? 'User',
        roles: input.roles ?? [],
        orgs: input.orgs ?? [],
        setter_closer: input.setter_closer ?? null,
        // Spec: new users default to monday_role guest, active, status true.
        monday_role: input.monday_role ?? 'guest',
        active: input.active ?? true,
        status: input.status ?? true,
        monday_id: input.monday_id ?? null,
        palmetto_id: input.palmetto_id ?? null,
        source: input.source ?? null,
        ref_id: input.ref_id ?? null,
        start_date: input.start_date ?? null,
        default_products: input.default_products ?? [],
        permissions: input.permissions ?? {},
        data,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (input.teams?.length) await replaceMemberships(tx, actor, row.id, input.teams, version);
    const [wire] = await toWire(tx, actor.org_id, [row]);
    return { user: wire as UserWire, invite_token: invite?.token ?? null };
  });
}

/** A user's region is kept with their other fields without a column (`region_id` on the wire). */
const REGION_DATA_KEY = 'region_id';

/** A user's region is one of the caller's org's regions (another org's is not found). */
async function ensureRegionExists(tx: Tx, orgId: number, id: string) {
  const [found] = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, id), eq(regions.org_id, orgId), isNull(regions.deleted_at)));
  if (!found) throw notFound(`Region ${id} does not exist.`);
}

/** A super admin may place a user in other orgs (userGrants), but only in orgs that exist. */
async function ensureOrgsExist(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: orgs.id }).from(orgs).where(inArray(orgs.id, ids));
  const missing = ids.find((id) => !found.some((o) => o.id === id));
  if (missing !== undefined) throw invalid(`Organisation ${missing} does not exist.`);
}

/** Default products are named by the spec's numeric id (198) or the record id, in the caller's org. */
async function ensureProductsExist(tx: Tx, orgId: number, ids: string[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: products.id, legacy_id: products.legacy_id })
    .from(products)
    .where(
      and(
        eq(products.org_id, orgId),
        isNull(products.deleted_at),
        sql`(${products.id}::text = ANY(${sql.param(ids)}::text[]) OR ${products.legacy_id}::text = ANY(${sql.param(ids)}::text[]))`,
      ),
    );
  const known = new Set(found.flatMap((p) => [p.id, String(p.legacy_id)]));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw invalid(`Product ${missing} does not exist.`);
}

async function ensureEmailFree(tx: Tx, email: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  if (taken && taken.id !== exceptId) throw conflict('A user with this email already exists.');
}

export interface EditUserOptions {
  /** The session the caller is using: kept when it changes its own password, the others end. */
  sessionToken?: string | undefined;
}

export async function editUser(
  ctx: ServiceContext,
  actor: Actor,
  input: UserEditInput,
  options: EditUserOptions = {},
): Promise<UserWire> {
  const id = (input.id ?? input._id) as string;
  const ownAccount = id === actor.user_id;
  if (input.password !== undefined && ownAccount) {
    // Checked before the transaction: a throttled guess must not hold the user's row locked.
    const [self] = await ctx.db
      .select({ email: users.email, password_hash: users.password_hash })
      .from(users)
      .where(and(eq(users.id, id), eq(users.org_id, actor.org_id)));
    if (self) await verifyCurrentPassword(ctx, self, input.current_password);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // The org's version before the user's row (inVersionedTransaction, versions.ts).
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.org_id, actor.org_id), isNull(users.deleted_at)))
      .for('update');
    if (!existing || !canOnUser(actor, 'users.read', existing)) throw notFound('This user does not exist.');

    const keys = Object.keys(input).filter((k) => k !== 'id' && k !== '_id');
    const admin = can(actor, 'users.manage');
    const onlyTeams = keys.length === 1 && keys[0] === 'teams';
    const profileOnly = keys.every((k) => PROFILE_FIELD_KEYS.includes(k));
    if (!admin) {
      if (onlyTeams) {
        // Managers change membership of the teams they lead or manage (checked per team below).
      } else if (!(profileOnly && canOnUser(actor, 'users.edit', existing))) {
        throw forbidden('You can change your own profile; other changes need an admin.');
      }
    }
    const denial = userGrantDenial(actor, existing, {
      access_level: input.access_level ?? input.role,
      roles: input.roles,
      orgs: input.orgs,
      permissions: input.permissions,
    });
    if (denial) throw forbidden(denial);
    if (input.roles) await ensureKnownRoles(tx, actor.org_id, input.roles, existing.roles);

    const now = ctx.now().toISOString();
    const set: Partial<typeof users.$inferInsert> = { version, updated_at: now, updated_by: actor.user_id };
    if (input.deleted) {
      // Spec: deletion is soft — status false, active false, phone emptied, removed from the list.
      Object.assign(set, { status: false, active: false, phone: '' });
      await revokeSessions(tx, now, { user_id: id });
    }
    if (input.name !== undefined) Object.assign(set, nameColumns(input.name, input));
    else {
      if (input.first_name !== undefined) set.first_name = input.first_name;
      if (input.last_name !== undefined) set.last_name = input.last_name;
    }
    if (input.phone !== undefined && !input.deleted) set.phone = normalizePhone(input.phone);
    if (input.pfp !== undefined) set.pfp = input.pfp;
    if (passwordHash) {
      set.password_hash = passwordHash;
      // A new password ends the account's sessions: all of them after an admin's reset, the
      // others (not the one in use) when the user changes their own.
      const keep = ownAccount && options.sessionToken ? tokenHash(options.sessionToken) : undefined;
      await revokeSessions(tx, now, keep ? { user_id: id, except: keep } : { user_id: id });
    }
    if (input.email !== undefined) {
      await ensureEmailFree(tx, input.email, id);
      set.email = input.email.trim();
    }
    const level = input.access_level ?? input.role;
    if (level !== undefined) set.access_level = level;
    for (const key of [
      'roles',
      'orgs',
      'setter_closer',
      'monday_role',
      'monday_id',
      'palmetto_id',
      'source',
      'ref_id',
      'start_date',
      'default_products',
      'permissions',
    ] as const) {
      if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
    }
    if (input.region_id !== undefined) {
      if (input.region_id) await ensureRegionExists(tx, actor.org_id, input.region_id);
      set.data = {
        ...((existing.data ?? {}) as Record<string, unknown>),
        [REGION_DATA_KEY]: input.region_id,
      };
    }
    if (!input.deleted) {
      if (input.status !== undefined) set.status = input.status;
      if (input.active !== undefined) set.active = input.active;
    }
    if (!input.deleted && (input.status === false || input.active === false)) {
      await revokeSessions(tx, now, { user_id: id });
    }
    const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    // Losing the admin level or role, a deletion or a deactivation must leave the org an admin.
    const grantsChanged = ['access_level', 'role', 'roles', 'status', 'active', 'deleted'].some(
      (k) => input[k as keyof UserEditInput] !== undefined,
    );
    if (row && grantsChanged) await guardUserChange(tx, actor.org_id, existing, row);
    if (input.teams) await replaceMemberships(tx, actor, id, input.teams, version);
    const [wire] = await toWire(tx, actor.org_id, [row as UserRow]);
    return wire as UserWire;
  });
}

/** Sets a user's team memberships; each team added or removed must be one the caller may manage. */
async function replaceMemberships(
  tx: Tx,
  actor: Actor,
  userId: string,
  wanted: { id: string; role: 'Leader' | 'Manager' | 'Member' }[],
  version: number,
) {
  const teamIds = [...new Set(wanted.map((t) => t.id))];
  const known = teamIds.length
    ? await tx
        .select({ id: teams.id, org_id: teams.org_id })
        .from(teams)
        .where(and(inArray(teams.id, teamIds), isNull(teams.deleted_at)))
    : [];
  for (const teamId of teamIds) {
    const team = known.find((t) => t.id === teamId);
    if (!team || team.org_id !== actor.org_id) throw notFound(`Team ${teamId} does not exist.`);
  }
  const current = await tx
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.user_id, userId), isNull(teamMembers.deleted_at)));
  const now = new Date().toISOString();
  for (const membership of current) {
    const next = wanted.find((w) => w.id === membership.team_id);
    if (next && next.role === membership.role) continue;
    if (!canManageTeamMembership(actor, { id: membership.team_id, org_id: membership.org_id })) {
      throw forbidden('You can only change membership of the teams you lead or manage.');
    }
    if (next) {
      await tx
        .update(teamMembers)
        .set({ role: next.role, version, updated_at: now, updated_by: actor.user_id })
        .where(eq(teamMembers.id, membership.id));
    } else {
      await tx
        .update(teamMembers)
        .set({ deleted_at: now, version, updated_by: actor.user_id })
        .where(eq(teamMembers.id, membership.id));
    }
  }
  for (const w of wanted) {
    if (current.some((m) => m.team_id === w.id)) continue;
    if (!canManageTeamMembership(actor, { id: w.id, org_id: actor.org_id })) {
      throw forbidden('You can only change membership of the teams you lead or manage.');
    }
    await recordAddedToTeam(tx, actor, version, { user_id: userId, team_id: w.id, role: w.role });
    await tx
      .insert(teamMembers)
      .values({
        org_id: actor.org_id,
        team_id: w.id,
        user_id: userId,
        role: w.role,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .onConflictDoUpdate({
        target: [teamMembers.team_id, teamMembers.user_id],
        set: { role: w.role, deleted_at: null, version, updated_at: now, updated_by: actor.user_id },
      });
  }
}

/**
 * The profile editor's save: the signed-in user's name and phone, and their configuration, created
 * the first time (its absence is what sends a user to /profile/edit).
 */
export async function saveOwnProfile(
  ctx: ServiceContext,
  actor: Actor,
  input: ProfileSaveInput,
): Promise<void> {
  await inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const now = ctx.now().toISOString();
    const [updated] = await tx
      .update(users)
      .set({
        ...nameColumns(input.name),
        phone: normalizePhone(input.phone),
        version,
        updated_at: now,
        updated_by: actor.user_id,
      })
      .where(and(eq(users.id, actor.user_id), eq(users.org_id, actor.org_id), isNull(users.deleted_at)))
      .returning({ id: users.id });
    if (!updated) throw notFound('This user does not exist.');
    await tx
      .insert(userConfigs)
      .values({
        org_id: actor.org_id,
        user_id: actor.user_id,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .onConflictDoNothing({ target: userConfigs.user_id });
  });
}
