/**
 * Invite links for new users. The token is random (256 bits) and travels only in the link the
 * admin is shown once; the user's record keeps its SHA-256 and expiry in `data.invite` (answers
 * never carry it: `userToWire` leaves it out). Accepting sets the password and forgets the
 * invite in one transaction, so a link works once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { inviteExpiry, inviteState, type StoredInvite, storedInvite } from '#src/domain/invites.ts';
import type { InviteAcceptInput } from '#src/domain/schemas/invite.ts';
import { users } from '../db/schema.ts';
import { hashPassword, tokenHash } from './auth.ts';
import type { ServiceContext } from './context.ts';
import { forbidden, notFound } from './serviceError.ts';

/** The key of `users.data` that holds the stored invite (the SQL below names it too). */
export const INVITE_DATA_KEY = 'invite';

export const INVITE_MESSAGES = {
  missing: 'This invite link is not valid or has already been used. Ask your admin for a new one.',
  expired: 'This invite link has expired. Ask your admin for a new one.',
  deactivated: 'This account has been deactivated. Ask your admin to reactivate it.',
} as const;

/** A new invite: the token for the link, and what the user's record keeps of it. */
export function newInvite(now: Date): { token: string; stored: StoredInvite } {
  const token = randomBytes(32).toString('base64url');
  return { token, stored: { hash: tokenHash(token), expires_at: inviteExpiry(now) } };
}

const byInviteHash = (hash: string) =>
  and(sql`${users.data} -> 'invite' ->> 'hash' = ${hash}`, isNull(users.deleted_at));

/**
 * Sets the password of the invited user and forgets the invite. Answers their email, so the app
 * signs them in with it. A wrong, used or expired link is refused, and so is a deleted user's.
 */
export async function acceptInvite(
  ctx: ServiceContext,
  input: InviteAcceptInput,
): Promise<{ email: string }> {
  const hash = tokenHash(input.token);
  const [found] = await ctx.db.select().from(users).where(byInviteHash(hash));
  const state = found
    ? inviteState(storedInvite(found.data), hash, !!found.password_hash, ctx.now())
    : 'missing';
  if (!found || state === 'missing') throw notFound(INVITE_MESSAGES.missing);
  if (state === 'expired') throw forbidden(INVITE_MESSAGES.expired);
  if (!found.status || !found.active) throw forbidden(INVITE_MESSAGES.deactivated);
  // Hashed before the transaction: argon2 takes a while and must not hold the row locked.
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    // Two tabs accepting the same link at once: only the first finds the invite still there.
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, found.id), byInviteHash(hash)))
      .for('update');
    if (!row || inviteState(storedInvite(row.data), hash, !!row.password_hash, ctx.now()) !== 'valid')
      throw notFound(INVITE_MESSAGES.missing);
    await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        data: sql`${users.data} - 'invite'`,
        updated_at: ctx.now().toISOString(),
      })
      .where(eq(users.id, row.id));
    return { email: row.email };
  });
}
