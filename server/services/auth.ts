/**
 * Sign-in, sessions and terms. Sessions are opaque random tokens; only their SHA-256 is stored,
 * so a leaked database does not leak usable tokens. Failed sign-ins are counted in the database,
 * so every server instance sees the same count.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { TERMS_SLUG, termsAcceptanceHolds } from '#src/domain/legalDocuments.ts';
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import { authSessions, legalDocuments, loginAttempts, users } from '../db/schema.ts';
import type { UserRow } from './actors.ts';
import type { ServiceContext, Tx } from './context.ts';
import { type Revocation, SESSIONS_CHANNEL } from './liveUpdates.ts';
import { sanitizeStoredRichText } from './richText.ts';
import { conflict, forbidden, rateLimited, unauthenticated } from './serviceError.ts';
import { hasConfiguration } from './userConfigs.ts';
import { inVersionedTransaction } from './versions.ts';

/** The spec's session lifetime (cookie max age 86,400 s). */
export const SESSION_SECONDS = 86_400;
/** After this many failures in a row each further attempt waits longer… */
export const SLOW_AFTER_FAILURES = 3;
/** …and after this many the account's sign-in is refused for LOCK_SECONDS. */
export const LOCK_AFTER_FAILURES = 8;
export const LOCK_SECONDS = 15 * 60;
const SLOWDOWN_STEP_MS = 400;

export const INVALID_CREDENTIALS = 'The email or password is incorrect.';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * A hash of a random password made the same way as real ones, once (lazily). Sign-in checks the
 * password against it when there is no real hash to check (unknown email, or an account without a
 * password), so a sign-in takes as long whether the account exists or not.
 */
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url')).catch((err) => {
    dummyHash = undefined;
    throw err;
  });
  return dummyHash;
}

/** Whether the password matches; the same work is done when there is no account or no hash. */
async function passwordMatches(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const valid = await verify(passwordHash || (await dummyPasswordHash()), password).catch(() => false);
  return valid && !!passwordHash;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SignIn {
  token: string;
  expires_at: string;
  user: UserRow;
}

export async function signIn(
  ctx: ServiceContext,
  email: string,
  password: string,
  userAgent?: string,
): Promise<SignIn> {
  const key = email.trim().toLowerCase();
  await checkThrottle(ctx, key);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${key}`, isNull(users.deleted_at)));
  const valid = await passwordMatches(user?.password_hash, password);
  if (!user || !valid) {
    await recordFailure(ctx, key);
    throw unauthenticated(INVALID_CREDENTIALS);
  }
  if (!user.active || !user.status) throw forbidden(ACCOUNT_DEACTIVATED);
  await ctx.db.delete(loginAttempts).where(eq(loginAttempts.key, key));
  return startSession(ctx, user, userAgent);
}

export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask your admin to reactivate it.';

/** A new session for a user whose identity was proven (a password, a third-party sign-in). */
export async function startSession(ctx: ServiceContext, user: UserRow, userAgent?: string): Promise<SignIn> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(ctx.now().getTime() + SESSION_SECONDS * 1000).toISOString();
  await ctx.db.insert(authSessions).values({
    token_hash: tokenHash(token),
    user_id: user.id,
    org_id: user.org_id,
    expires_at: expires,
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
  // When the user was last active is part of their synced row: a versioned write, so every device
  // holding the row (the user's own, a manager's users table) pulls the new time.
  await inVersionedTransaction(ctx, user.org_id, (tx, version) =>
    tx.update(users).set({ last_active: ctx.now().toISOString(), version }).where(eq(users.id, user.id)),
  );
  return { token, expires_at: expires, user };
}

/**
 * Checks a signed-in user's current password (to change it): counted with sign-in failures, so a
 * borrowed session cannot guess it faster than the sign-in page allows.
 */
export async function verifyCurrentPassword(
  ctx: ServiceContext,
  user: Pick<UserRow, 'email' | 'password_hash'>,
  password: string | undefined,
): Promise<void> {
  if (!user.password_hash) return;
  if (!password) throw forbidden('Enter your current password to set a new one.');
  const key = user.email.trim().toLowerCase();
  await checkThrottle(ctx, key);
  if (!(await passwordMatches(user.password_hash, password))) {
    await recordFailure(ctx, key);
    throw forbidden('The current password is incorrect.');
  }
}

async function checkThrottle(ctx: ServiceContext, key: string): Promise<void> {
  const [attempt] = await ctx.db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  if (!attempt) return;
  const now = ctx.now().getTime();
  if (attempt.locked_until && new Date(attempt.locked_until).getTime() > now) {
    const seconds = Math.ceil((new Date(attempt.locked_until).getTime() - now) / 1000);
    const minutes = Math.ceil(seconds / 60);
    throw rateLimited(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask your admin to reset your password.`,
      seconds,
    );
  }
  if (attempt.failures >= SLOW_AFTER_FAILURES) {
    // Slows password guessing without telling an attacker anything.
    const delay = Math.min((attempt.failures - SLOW_AFTER_FAILURES + 1) * SLOWDOWN_STEP_MS, 3000);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function recordFailure(ctx: ServiceContext, key: string): Promise<void> {
  const now = ctx.now();
  const lockUntil = new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString();
  await ctx.db.execute(sql`
    INSERT INTO login_attempts (key, failures, last_failure_at) VALUES (${key}, 1, ${now.toISOString()})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_attempts.locked_until IS NOT NULL AND login_attempts.locked_until <= ${now.toISOString()}
                      THEN 1 ELSE login_attempts.failures + 1 END,
      locked_until = CASE
        WHEN login_attempts.locked_until IS NOT NULL AND login_attempts.locked_until <= ${now.toISOString()} THEN NULL
        WHEN login_attempts.failures + 1 >= ${LOCK_AFTER_FAILURES} THEN ${lockUntil}::timestamptz
        ELSE login_attempts.locked_until END,
      last_failure_at = ${now.toISOString()}`);
}

export async function signOut(ctx: ServiceContext, token: string): Promise<void> {
  await revokeSessions(ctx.db, ctx.now().toISOString(), { session: tokenHash(token) });
}

/**
 * The one way sessions end early: marks them revoked and, in the same transaction, tells every
 * server instance to end their open event streams (delivered at commit, dropped on a rollback;
 * see liveUpdates.ts). `except` keeps the session changing its own password.
 */
export async function revokeSessions(db: Tx, now: string, which: Revocation): Promise<void> {
  const where =
    'session' in which
      ? eq(authSessions.token_hash, which.session)
      : and(
          eq(authSessions.user_id, which.user_id),
          which.except ? ne(authSessions.token_hash, which.except) : undefined,
        );
  const revoked = await db
    .update(authSessions)
    .set({ revoked_at: now })
    .where(and(where, isNull(authSessions.revoked_at)))
    .returning({ token_hash: authSessions.token_hash });
  // Nothing was live (an unknown or already ended session): no stream to end.
  if (revoked.length === 0) return;
  await db.execute(sql`SELECT pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(which)})`);
}

/** When a live session ends by itself, or undefined when it is no longer live. */
export async function sessionExpiry(ctx: ServiceContext, token: string): Promise<Date | undefined> {
  const [session] = await ctx.db
    .select({ expires_at: authSessions.expires_at })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.token_hash, tokenHash(token)),
        isNull(authSessions.revoked_at),
        gt(authSessions.expires_at, ctx.now().toISOString()),
      ),
    );
  return session && new Date(session.expires_at);
}

export interface TermsDocument {
  version: string;
  title: string;
  content: string;
  updated_at: string;
}

/** A legal document as published: the terms, or another under its own slug (`/legal/{slug}`). */
export interface LegalDocument extends TermsDocument {
  slug: string;
}

/** The terms as anyone may read them; documents stored before the server sanitised rich text still come out clean. */
export async function publishedTerms(
  ctx: ServiceContext,
  orgId: number = DEFAULT_ORG_ID,
): Promise<LegalDocument | undefined> {
  const terms = await currentTerms(ctx, orgId);
  return terms && sanitizeStoredRichText('legal_documents', { ...terms });
}

/** The terms document in force for an org: its newest version. */
export function currentTerms(ctx: ServiceContext, orgId: number): Promise<LegalDocument | undefined> {
  return currentDocument(ctx, orgId, TERMS_SLUG);
}

/** The newest version an org published under a slug, as stored. */
export async function currentDocument(
  ctx: ServiceContext,
  orgId: number,
  slug: string,
): Promise<LegalDocument | undefined> {
  const [doc] = await ctx.db
    .select()
    .from(legalDocuments)
    .where(
      and(eq(legalDocuments.org_id, orgId), eq(legalDocuments.slug, slug), isNull(legalDocuments.deleted_at)),
    )
    .orderBy(desc(legalDocuments.created_at))
    .limit(1);
  return (
    doc && {
      slug: doc.slug,
      version: doc.doc_version,
      title: doc.title,
      content: doc.content,
      updated_at: doc.updated_at,
    }
  );
}

export async function acceptTerms(ctx: ServiceContext, user: UserRow, tosVersion: string): Promise<void> {
  const terms = await currentTerms(ctx, user.org_id);
  if (terms && terms.version !== tosVersion) {
    throw conflict(
      `These terms are out of date: the current version is ${terms.version}. Reload to read it.`,
    );
  }
  await inVersionedTransaction(ctx, user.org_id, async (tx, version) => {
    await tx
      .update(users)
      .set({ terms_accepted: tosVersion, terms_accepted_at: ctx.now().toISOString(), version })
      .where(eq(users.id, user.id));
  });
}

/** The spec's answer to token validation. */
export async function validateAnswer(ctx: ServiceContext, user: UserRow, token: string) {
  const terms = await currentTerms(ctx, user.org_id);
  // Accepting an older version of the terms does not count once new terms are published.
  const accepted = termsAcceptanceHolds(user.terms_accepted, terms?.version) ? user.terms_accepted : null;
  return {
    active: true,
    id: user.monday_id ?? user.legacy_id,
    _id: user.id,
    orgs: orgsOf(user),
    jwt: token,
    ref_lookup: { user: user.id, legacy_id: user.legacy_id, org_id: user.org_id },
    ref_id: user.ref_id ?? user.id,
    name: user.name,
    pfp: user.pfp,
    phone: user.phone,
    email: user.email,
    access: user.access_level,
    roles: user.roles,
    status: user.status,
    terms_accepted: accepted,
    /** False until the user saved the profile editor once (then the app stops sending them there). */
    has_config: await hasConfiguration(ctx.db, user.id),
  };
}

/** The spec's rule: a user's orgs, else the org of the user record, else the default org 6. */
export function orgsOf(user: Pick<UserRow, 'orgs' | 'org_id'>): number[] {
  if (user.orgs.length) return user.orgs;
  if (user.org_id) return [user.org_id];
  return [DEFAULT_ORG_ID];
}
