/**
 * Append-only streams from devices (sessions, events, error logs, fingerprints, tracked paths):
 * inserted by the device's ids with ON CONFLICT DO NOTHING, so a resent batch changes nothing
 * (a session's end time and a path's end are the exceptions: they move on as the device resends).
 * A path point goes only to a path of the sender's own that is open for it (not ended, or ended no
 * earlier than the point was recorded: a device offline all day sends start, points and end in one
 * batch). Other points are skipped and counted in the answer, never failing the batch: a device
 * would otherwise resend it forever.
 */

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '#src/domain/permissions.ts';
import type { LogsPush, LogsPushResponse } from '#src/domain/schemas/sync.ts';
import { appSessions, errorLogs, events, fingerprints, pathPoints, paths } from '../db/schema.ts';
import { notePosition } from './availability.ts';
import type { ServiceContext, Tx } from './context.ts';
import { inVersionedTransaction } from './versions.ts';

type PathPoint = LogsPush['path_points'][number];

/** The points that may be added: to the sender's own, live paths, recorded while they were open. */
async function acceptablePoints(tx: Tx, actor: Actor, points: PathPoint[]): Promise<PathPoint[]> {
  const pathIds = [...new Set(points.map((p) => p.path_id))];
  const own = await tx
    .select({ id: paths.id, ended_at: paths.ended_at })
    .from(paths)
    .where(
      and(
        inArray(paths.id, pathIds),
        eq(paths.org_id, actor.org_id),
        eq(paths.user_id, actor.user_id),
        isNull(paths.deleted_at),
      ),
    );
  const endOf = new Map(own.map((p) => [p.id, p.ended_at === null ? Infinity : Date.parse(p.ended_at)]));
  return points.filter((p) => Date.parse(p.recorded_at) <= (endOf.get(p.path_id) ?? -Infinity));
}

export async function acceptLogs(
  ctx: ServiceContext,
  actor: Actor,
  batch: LogsPush,
): Promise<LogsPushResponse> {
  const owner = { org_id: actor.org_id, user_id: actor.user_id };
  let pointsTaken = 0;
  let latest: PathPoint | undefined;
  // Paths are synced rows, so a push that holds some takes the org's version first (versions.ts);
  // one of only points, sessions and events writes nothing devices pull and takes none.
  const write = async (tx: Tx, version?: number) => {
    if (version !== undefined) {
      // A path arrives when started and again when ended: the end is the only thing that changes,
      // and only on the sender's own paths.
      await tx
        .insert(paths)
        .values(
          batch.paths.map((p) => ({
            ...owner,
            id: p.id,
            name: p.name ?? null,
            started_at: p.started_at,
            ended_at: p.ended_at ?? null,
            version,
            created_by: actor.user_id,
            updated_by: actor.user_id,
          })),
        )
        .onConflictDoUpdate({
          target: paths.id,
          set: { ended_at: sql`coalesce(excluded.ended_at, ${paths.ended_at})`, version },
          setWhere: sql`${paths.user_id} = ${actor.user_id}`,
        });
    }
    // After the paths, so a path started (or ended) in this batch counts.
    const points = batch.path_points.length ? await acceptablePoints(tx, actor, batch.path_points) : [];
    pointsTaken = points.length;
    for (const p of points)
      if (!latest || Date.parse(p.recorded_at) > Date.parse(latest.recorded_at)) latest = p;
    if (points.length) {
      await tx
        .insert(pathPoints)
        .values(
          points.map((p) => ({
            ...owner,
            id: p.id,
            path_id: p.path_id,
            lat: p.lat,
            lng: p.lng,
            accuracy: p.accuracy ?? null,
            recorded_at: p.recorded_at,
          })),
        )
        .onConflictDoNothing();
    }
    if (batch.sessions.length) {
      await tx
        .insert(appSessions)
        .values(
          batch.sessions.map((s) => ({
            ...owner,
            id: s.id,
            fingerprint: s.fingerprint ?? null,
            start_time: s.start_time,
            end_time: s.end_time ?? null,
          })),
        )
        // A session is sent again as it goes on: only its end time moves, later only, and only
        // on the sender's own session.
        .onConflictDoUpdate({
          target: appSessions.id,
          set: { end_time: sql`greatest(${appSessions.end_time}, excluded.end_time)` },
          setWhere: sql`${appSessions.user_id} = ${actor.user_id} and ${appSessions.org_id} = ${actor.org_id}`,
        });
    }
    if (batch.events.length) {
      await tx
        .insert(events)
        .values(
          batch.events.map((e) => ({
            ...owner,
            id: e.id,
            session_id: e.session_id ?? null,
            type: e.type,
            ref: e.ref ?? null,
            table_name: e.table ?? null,
            value: e.value ?? null,
            timestamp: e.timestamp,
          })),
        )
        .onConflictDoNothing();
    }
    if (batch.errors.length) {
      await tx
        .insert(errorLogs)
        .values(
          batch.errors.map((e) => ({
            ...owner,
            id: e.id,
            session_id: e.session_id ?? null,
            event: e.event,
            code: e.code ?? null,
            log: e.log ?? null,
          })),
        )
        .onConflictDoNothing();
    }
    if (batch.fingerprints.length) {
      await tx
        .insert(fingerprints)
        .values(
          batch.fingerprints.map((f) => ({
            ...owner,
            id: f.id,
            fingerprint: f.fingerprint,
            device: f.device ?? null,
            browser: f.browser ?? null,
            creation_date: f.creation_date,
          })),
        )
        .onConflictDoNothing();
    }
  };
  if (batch.paths.length) await inVersionedTransaction(ctx, actor.org_id, write);
  else await ctx.db.transaction((tx) => write(tx));
  // Where the device last was, for the 'nearest' distribution rule (availability.ts).
  if (latest) await notePosition(ctx, actor, latest);
  return {
    accepted: {
      sessions: batch.sessions.length,
      events: batch.events.length,
      errors: batch.errors.length,
      fingerprints: batch.fingerprints.length,
      paths: batch.paths.length,
      path_points: pointsTaken,
    },
    rejected: { path_points: batch.path_points.length - pointsTaken },
  };
}
