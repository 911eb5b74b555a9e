/** Session registration and error logs: append-only, inserted once by id. */
import { randomUUID } from 'node:crypto';
import type { Actor } from '#src/domain/permissions.ts';
import type { ErrorLogInput, SessionRegisterInput } from '#src/domain/schemas/logging.ts';
import { appSessions, errorLogs, fingerprints } from '../db/schema.ts';
import type { UserRow } from './actors.ts';
import type { ServiceContext } from './context.ts';
import { forbidden } from './serviceError.ts';

/** A log may only be written for the caller itself (by record id or numeric id). */
function isCaller(user: UserRow, ref: string | number | null | undefined): boolean {
  if (ref === undefined || ref === null) return true;
  return ref === user.id || ref === user.legacy_id || ref === user.monday_id;
}

export async function registerSession(
  ctx: ServiceContext,
  actor: Actor,
  user: UserRow,
  input: SessionRegisterInput,
) {
  if (!isCaller(user, input.user_id) || !isCaller(user, input.fingerprint.user)) {
    throw forbidden('A session can only be registered for the signed-in user.');
  }
  const fp = input.fingerprint;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(fingerprints)
      .values({
        id: randomUUID(),
        org_id: actor.org_id,
        user_id: user.id,
        fingerprint: fp.fingerprint,
        device: fp.device ?? null,
        browser: fp.browser ?? null,
        creation_date: fp.creation_date ?? ctx.now().toISOString(),
      })
      .onConflictDoNothing();
    await tx
      .insert(appSessions)
      .values({
        id: input.session._id,
        org_id: actor.org_id,
        user_id: user.id,
        fingerprint: input.session.fingerprint ?? fp.fingerprint,
        start_time: input.session.start_time,
        end_time: input.session.end_time ?? null,
      })
      .onConflictDoNothing();
  });
  return { session: input.session };
}

export async function writeErrorLog(ctx: ServiceContext, actor: Actor, user: UserRow, input: ErrorLogInput) {
  if (!isCaller(user, input.user_id)) throw forbidden('Logs can only be written for the signed-in user.');
  const error = input.error;
  const code =
    error && typeof error === 'object' && 'code' in error
      ? String((error as { code: unknown }).code).slice(0, 100)
      : null;
  await ctx.db.insert(errorLogs).values({
    id: randomUUID(),
    org_id: actor.org_id,
    user_id: user.id,
    session_id: input.session_id ?? null,
    event: input.event,
    code,
    log: error ?? null,
  });
}
