/**
 * The org a super admin (role 10) chose to act in from the header, per user on this device. Every
 * request then names it (`x-org-id`, which the server refuses from anyone else), and the device
 * keeps that org's data in a database of its own, so two orgs' rows never mix.
 */
const key = (userId: string) => `hs.actingOrg.${userId}`;

interface Stored {
  org: number;
  /** The user's own org, to go back to. */
  home: number;
}

function read(userId: string): Stored | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as Partial<Stored> | null;
    const valid = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;
    return value && valid(value.org) && valid(value.home) ? { org: value.org, home: value.home } : undefined;
  } catch {
    return undefined;
  }
}

/** The other org this user acts in, or undefined when in their own. */
export function actingOrgOf(userId: string): number | undefined {
  return read(userId)?.org;
}

/** The user's own org while they act in another, else undefined. */
export function homeOrgOf(userId: string): number | undefined {
  return read(userId)?.home;
}

/** Acts in `org` from now on (`home` is the user's own org); choosing `home`, or undefined, goes back. */
export function chooseActingOrg(userId: string, org: number | undefined, home?: number): void {
  if (org === undefined || home === undefined || org === home) localStorage.removeItem(key(userId));
  else localStorage.setItem(key(userId), JSON.stringify({ org, home } satisfies Stored));
}
