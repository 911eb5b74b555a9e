/**
 * Invite links: a new user chooses their own password through a link shown once to the admin who
 * added them. The link carries a random token; the server keeps only its hash, with an expiry,
 * and forgets it once it has been used.
 */

/** How long an invite link works after the user was added. */
export const INVITE_DAYS = 7;

/** Where the link opens (a public page: the person has no password yet). */
export const INVITE_PATH_PREFIX = '/auth/invite/';

export function invitePath(token: string): string {
  return `${INVITE_PATH_PREFIX}${encodeURIComponent(token)}`;
}

/** What the server stores of an invite (in the user's record, never sent out). */
export interface StoredInvite {
  hash: string;
  expires_at: string;
}

export type InviteState = 'valid' | 'expired' | 'missing';

/** The stored invite of a user's free-form data, when it is well formed. */
export function storedInvite(data: unknown): StoredInvite | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const invite = (data as Record<string, unknown>).invite;
  if (!invite || typeof invite !== 'object') return undefined;
  const { hash, expires_at } = invite as Record<string, unknown>;
  if (typeof hash !== 'string' || !hash || typeof expires_at !== 'string') return undefined;
  return Number.isNaN(Date.parse(expires_at)) ? undefined : { hash, expires_at };
}

/**
 * Whether an invite whose token hashes to `hash` may be used at `now`: it must be the one stored
 * (a used invite is no longer stored), for an account that has no password yet (a password set
 * by the admin's reset replaces the invite), and not past its expiry.
 */
export function inviteState(
  stored: StoredInvite | undefined,
  hash: string,
  hasPassword: boolean,
  now: Date,
): InviteState {
  if (!stored || stored.hash !== hash || hasPassword) return 'missing';
  return Date.parse(stored.expires_at) > now.getTime() ? 'valid' : 'expired';
}

/** The expiry of an invite made at `now`. */
export function inviteExpiry(now: Date, days = INVITE_DAYS): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}
