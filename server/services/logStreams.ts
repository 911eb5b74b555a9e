/**
 * Append-only streams from devices (sessions, events, error logs, fingerprints): inserted by the
 * device's ids with ON CONFLICT DO NOTHING, so a resent batch changes nothing.
 */

import { sql } from 'drizzle-orm';
import type { Actor } from '../../src/domain/permissions.ts';
import type { LogsPush } from '../../src/domain/schemas/sync.ts';
import { appSessions, errorLogs, events, fingerprints, pathPoints, paths } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { nextVersion } from './versions.ts';

export async function acceptLogs(ctx: ServiceContext, actor: Actor, batch: LogsPush) {
  const owner = { org_id: actor.org_id, user_id: actor.user_id };
  await ctx.db.transaction(async (tx) => {
    if (batch.paths.length) {
      // A path arrives when started and again when ended: the end is the only thing that changes,
      // and only on the sender's own paths.
      const version = await nextVersion(tx, actor.org_id);
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
    if (batch.path_points.length) {
      await tx
        .insert(pathPoints)
        .values(
          batch.path_points.map((p) => ({
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
        .onConflictDoNothing();
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
  });
  return {
    accepted: {
      sessions: batch.sessions.length,
      events: batch.events.length,
      errors: batch.errors.length,
      fingerprints: batch.fingerprints.length,
      paths: batch.paths.length,
      path_points: batch.path_points.length,
    },
  };
}
