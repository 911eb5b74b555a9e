/**
 * When a person was last active, and how long ago that reads: the one rule the server (a user's
 * sign-ins, their devices' changes), the user page and the users table share.
 */

/** The newest of these times (ISO strings, dates or absent), as ISO; null when there is none. */
export function latestTime(...times: (string | Date | null | undefined)[]): string | null {
  let best: number | undefined;
  for (const time of times) {
    if (time === null || time === undefined || time === '') continue;
    const at = time instanceof Date ? time.getTime() : Date.parse(time);
    if (Number.isFinite(at) && (best === undefined || at > best)) best = at;
  }
  return best === undefined ? null : new Date(best).toISOString();
}

/**
 * A user's last activity as a screen shows it: what the server says (online), else what their
 * synced row last carried; the newer of the two when both are known.
 */
export function lastActiveOf(fromServer: string | null | undefined, fromRow: unknown): string | null {
  return latestTime(fromServer, typeof fromRow === 'string' ? fromRow : null);
}

/** How long ago, in the largest whole unit: under a minute is 'now' (SPEC section 9). */
export type Elapsed = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

export function elapsedSince(iso: string, now: number): Elapsed {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return { unit: 'now' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
