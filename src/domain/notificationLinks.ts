/**
 * Where a notification leads. The server stores an in-app path in a notification's `link`; the
 * device opens only the paths named here, so a stored link can never send someone off the app or
 * to a screen that does not exist.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const notificationLinks = {
  lead: (leadId: string) => `/contacts/${leadId}`,
  announcements: () => '/update',
  /** The updates page with this announcement opened. */
  announcement: (id: string) => `/update?open=${id}`,
  contest: () => '/contest',
  team: (teamId: string) => `/teams/${teamId}`,
  user: (userId: string) => `/users/${userId}`,
  region: (regionId: string) => `/regions/${regionId}`,
  leaderboard: () => '/leaderboard',
} as const;

const OPENABLE = [
  new RegExp(`^/contacts/${UUID}$`, 'i'),
  new RegExp(`^/teams/${UUID}$`, 'i'),
  new RegExp(`^/users/${UUID}$`, 'i'),
  new RegExp(`^/regions/${UUID}$`, 'i'),
  /^\/update$/,
  new RegExp(`^/update\\?open=${UUID}$`, 'i'),
  /^\/contest$/,
  /^\/leaderboard$/,
];

/** The in-app path a notification opens, or null when it opens nothing (the list stays). */
export function notificationTarget(link: string | null | undefined): string | null {
  if (typeof link !== 'string') return null;
  const path = link.trim();
  return OPENABLE.some((pattern) => pattern.test(path)) ? path : null;
}
