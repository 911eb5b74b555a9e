/**
 * Contests on the server (src/domain/contests.ts holds the rules): the checks of an admin's change
 * that need the database (teams and regions of the org), and the scheduled work that announces a
 * contest when it starts and decides it when it ends. Run by the `contest-decide` job
 * (server/jobs/definitions.ts) on every instance's schedule; each contest is announced and decided
 * once, whatever runs it: the row is locked and only changed while still undecided (unannounced).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import {
  type ContestRows,
  type ContestStanding,
  contestChangeProblem,
  contestParticipants,
  contestStandings,
  contestWinner,
  DECIDED_CONTEST_MESSAGE,
} from '#src/domain/contests.ts';
import { notificationLinks } from '#src/domain/notificationLinks.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { serverText } from '#src/domain/serverTexts.ts';
import { activities, contests, regions, teamMembers, teams, users } from '../db/schema.ts';
import { systemActor } from './actors.ts';
import type { ServiceContext, Tx } from './context.ts';
import { notifyUsers } from './notify.ts';
import { orgSales } from './sales.ts';
import { conflict, invalid } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

type ContestRecord = typeof contests.$inferSelect;

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** How many of `wanted` are not live rows of the org in `table`. */
async function unknownIds(
  tx: Tx,
  table: typeof teams | typeof regions,
  orgId: number,
  wanted: string[],
): Promise<number> {
  const unique = [...new Set(wanted)];
  if (!unique.length) return 0;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.org_id, orgId), isNull(table.deleted_at)));
  return unique.length - found.length;
}

/**
 * Refuses a contest change the record schema cannot see is wrong: a decided contest changing more
 * than its description, an end day before the (stored) start day, or a team or region that is not
 * one of the org's.
 */
export async function checkContestChange(
  tx: Tx,
  actor: Actor,
  existing: Record<string, unknown> | undefined,
  fields: Record<string, unknown>,
): Promise<void> {
  const problem = contestChangeProblem(existing as never, fields);
  if (problem?.message === DECIDED_CONTEST_MESSAGE) throw conflict(problem.message);
  if (problem) throw invalid(`Invalid input — ${problem.field}: ${problem.message}`);
  if (fields.team_ids !== undefined && (await unknownIds(tx, teams, actor.org_id, ids(fields.team_ids))))
    throw invalid('Invalid input — team_ids: every team must be one of this organisation’s teams.');
  if (
    fields.region_ids !== undefined &&
    (await unknownIds(tx, regions, actor.org_id, ids(fields.region_ids)))
  )
    throw invalid('Invalid input — region_ids: every region must be one of this organisation’s regions.');
}

/** The day (YYYY-MM-DD, UTC) of `now`. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Who is who in the org: users, teams, regions and memberships, as the participant rule reads them. */
async function orgPeople(tx: Tx, orgId: number): Promise<Omit<ContestRows, 'sales'>> {
  // One after another: the statements share the transaction's one connection.
  const people = await tx
    .select({ _id: users.id, status: users.status, active: users.active, deleted_at: users.deleted_at })
    .from(users)
    .where(eq(users.org_id, orgId));
  const teamRows = await tx
    .select({ _id: teams.id, region_id: teams.region_id, deleted_at: teams.deleted_at })
    .from(teams)
    .where(eq(teams.org_id, orgId));
  const regionRows = await tx
    .select({ _id: regions.id, manager_ids: regions.manager_ids, deleted_at: regions.deleted_at })
    .from(regions)
    .where(eq(regions.org_id, orgId));
  const members = await tx
    .select({ team_id: teamMembers.team_id, user_id: teamMembers.user_id })
    .from(teamMembers)
    .where(and(eq(teamMembers.org_id, orgId), isNull(teamMembers.deleted_at)));
  return { users: people, teams: teamRows, regions: regionRows, members };
}

/**
 * Everything the standings of an org's contest are computed from: its people and its sales
 * (src/domain/sales.ts, read by ./sales.ts: every one, whatever its day).
 */
export async function contestRows(tx: Tx, orgId: number): Promise<ContestRows> {
  const people = await orgPeople(tx, orgId);
  return { ...people, sales: await orgSales(tx, orgId) };
}

/** A fresh seed for a Random draw: 128 random bits as hex, recorded with the result. */
export const freshSeed = () => randomBytes(16).toString('hex');

/** A contest the job acts on: its org's version is taken before its row (versions.ts). */
interface ContestRef {
  id: string;
  org_id: number;
}

export interface ContestJobOptions {
  /** The seed of each Random draw (tests pass a fixed one). */
  seed?: () => string;
}

/**
 * Decides one ended contest, once: the row is locked while undecided, the standings computed from
 * the database, the winner picked by the qualifier, then the contest, a `contest_won` activity and
 * the participants' notifications written with one new org version. False when it was already
 * decided (another instance got there first) or is gone.
 */
async function decideContest(
  ctx: ServiceContext,
  { id: contestId, org_id: orgId }: ContestRef,
  options: ContestJobOptions,
): Promise<boolean> {
  return inVersionedTransaction(ctx, orgId, async (tx, version) => {
    const [contest] = await tx
      .select()
      .from(contests)
      .where(and(eq(contests.id, contestId), isNull(contests.decided_at), isNull(contests.deleted_at)))
      .for('update');
    if (!contest) return false;
    const rows = await contestRows(tx, contest.org_id);
    const standings: ContestStanding[] = contestStandings(contest, rows);
    const seed = contest.contest_qualifier === 'Random' ? (options.seed ?? freshSeed)() : null;
    const winner = contestWinner(contest, standings, seed ?? '') ?? null;
    const now = ctx.now().toISOString();
    const decided = await tx
      .update(contests)
      .set({
        winner_id: winner,
        winner_seed: seed,
        standings,
        decided_at: now,
        version,
        updated_at: now,
      })
      .where(and(eq(contests.id, contest.id), isNull(contests.decided_at)))
      .returning({ id: contests.id });
    if (!decided.length) return false;
    if (winner) await announceWinner(tx, contest, winner, version, now, rows, seed);
    return true;
  });
}

async function announceWinner(
  tx: Tx,
  contest: ContestRecord,
  winner: string,
  version: number,
  now: string,
  rows: ContestRows,
  seed: string | null,
) {
  const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, winner));
  const name = person?.name?.trim() || 'Someone';
  await tx.insert(activities).values({
    org_id: contest.org_id,
    type: 'contest_won',
    category: 'user',
    message: `won ${contest.name}`,
    // The winner as the actor, so their own device pulls it too (as the weekly winners do).
    actor_id: winner,
    user_refs: [winner],
    date: now,
    data: {
      contest_id: contest.id,
      contest_name: contest.name,
      contest_qualifier: contest.contest_qualifier,
      ...(seed ? { seed } : {}),
    },
    version,
  });
  await notifyUsers(tx, systemActor(contest.org_id), version, contestParticipants(contest, rows), {
    title: 'Contest won',
    message: `${name} won ${contest.name}.`,
    text: serverText('notification.contestWon', {
      person: person?.name?.trim() ?? '',
      contest: contest.name,
    }),
    link: notificationLinks.contest(),
  });
}

/** Tells a contest's participants it has started, once (false when already told). */
async function announceStart(ctx: ServiceContext, { id: contestId, org_id: orgId }: ContestRef) {
  return inVersionedTransaction(ctx, orgId, async (tx, version) => {
    const [contest] = await tx
      .select()
      .from(contests)
      .where(
        and(eq(contests.id, contestId), isNull(contests.start_announced_at), isNull(contests.deleted_at)),
      )
      .for('update');
    if (!contest) return false;
    const now = ctx.now().toISOString();
    const marked = await tx
      .update(contests)
      .set({ start_announced_at: now, version, updated_at: now })
      .where(and(eq(contests.id, contest.id), isNull(contests.start_announced_at)))
      .returning({ id: contests.id });
    if (!marked.length) return false;
    const people = await orgPeople(tx, contest.org_id);
    await notifyUsers(tx, systemActor(contest.org_id), version, contestParticipants(contest, people), {
      title: 'Contest started',
      message: `${contest.name} has started. It runs until ${contest.end_date}.`,
      text: serverText('notification.contestStarted', {
        contest: contest.name,
        end: contest.end_date ?? '',
      }),
      link: notificationLinks.contest(),
    });
    return true;
  });
}

/** Whether stored standings (jsonb, whose key order is its own) say the same as these. */
function sameStandings(standings: readonly ContestStanding[], stored: unknown): boolean {
  const key = (list: readonly unknown[]) =>
    JSON.stringify(
      list.map((s) => {
        const r = (s ?? {}) as Record<string, unknown>;
        return [r.user_id, r.sales_number, r.sales_volume, r.rank];
      }),
    );
  return Array.isArray(stored) && key(standings) === key(stored);
}

/**
 * Stores a running contest's standings as the server counts them now (every deal of the org, which
 * a rep's device may not hold), only when they changed, so devices show at least that much.
 */
async function refreshStandings(ctx: ServiceContext, { id: contestId, org_id: orgId }: ContestRef) {
  // Compared before the write too, so a quarter hour that changed nothing takes no version.
  const [seen] = await ctx.db
    .select()
    .from(contests)
    .where(and(eq(contests.id, contestId), isNull(contests.decided_at), isNull(contests.deleted_at)));
  if (!seen || sameStandings(contestStandings(seen, await contestRows(ctx.db, orgId)), seen.standings))
    return false;
  return inVersionedTransaction(ctx, orgId, async (tx, version) => {
    const [contest] = await tx
      .select()
      .from(contests)
      .where(and(eq(contests.id, contestId), isNull(contests.decided_at), isNull(contests.deleted_at)))
      .for('update');
    if (!contest) return false;
    const standings = contestStandings(contest, await contestRows(tx, contest.org_id));
    if (sameStandings(standings, contest.standings)) return false;
    await tx
      .update(contests)
      .set({ standings, version })
      .where(and(eq(contests.id, contest.id), isNull(contests.decided_at)));
    return true;
  });
}

export interface ContestJobResult {
  started: number;
  decided: number;
  /** Running contests whose stored standings changed. */
  refreshed: number;
}

/**
 * The scheduled work at `now`: every running contest not yet announced is announced, every
 * contest whose end day (UTC) is over and that is not yet decided is decided, and every running
 * contest's stored standings are brought up to date. Safe to run again and on several instances
 * at once.
 */
export async function runContestJob(
  ctx: ServiceContext,
  options: ContestJobOptions = {},
): Promise<ContestJobResult> {
  const today = utcDay(ctx.now());
  const toStart = await ctx.db
    .select({ id: contests.id, org_id: contests.org_id })
    .from(contests)
    .where(
      and(
        isNull(contests.deleted_at),
        isNull(contests.start_announced_at),
        isNull(contests.decided_at),
        lte(contests.start_date, today),
        gte(contests.end_date, today),
      ),
    )
    .orderBy(asc(contests.start_date));
  let started = 0;
  for (const contest of toStart) if (await announceStart(ctx, contest)) started++;
  const toDecide = await ctx.db
    .select({ id: contests.id, org_id: contests.org_id })
    .from(contests)
    .where(and(isNull(contests.deleted_at), isNull(contests.decided_at), lt(contests.end_date, today)))
    .orderBy(asc(contests.end_date));
  let decided = 0;
  for (const contest of toDecide) if (await decideContest(ctx, contest, options)) decided++;
  const running = await ctx.db
    .select({ id: contests.id, org_id: contests.org_id })
    .from(contests)
    .where(
      and(
        isNull(contests.deleted_at),
        isNull(contests.decided_at),
        lte(contests.start_date, today),
        gte(contests.end_date, today),
      ),
    );
  let refreshed = 0;
  for (const contest of running) if (await refreshStandings(ctx, contest)) refreshed++;
  return { started, decided, refreshed };
}
