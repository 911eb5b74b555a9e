/**
 * How much one caller may hold or ask of a server process: open live update streams, sync pulls
 * answered at once, and the throttles of API keys and of the public invite endpoint. Each process counts on its own, in
 * memory (nothing is shared between instances). The defaults suit a production server; tests
 * set small ones through the server settings (`ServerConfig.limits`).
 */

/** A token bucket: up to `burst` requests at once, refilled at `burst` per `perSeconds`. */
export interface RateLimit {
  burst: number;
  perSeconds: number;
}

export interface ServerLimits {
  /** Open event streams of one session (a device's tabs share it). */
  streamsPerSession: number;
  /** Open event streams of one user, over all their sessions. */
  streamsPerUser: number;
  /** Open event streams of the whole process. */
  streamsPerProcess: number;
  /**
   * Sync pulls answered at once by the process (`pullGate`): a few, so pushes and the rest always
   * find a connection of the pool (20) and the database's cores are not all taken by reads. 4 did
   * best of 4 and 10 under `npm run bench -- load` on 2 cores; a larger database server may take more.
   */
  pullsAtOnce: number;
  /** Requests made with one API key. */
  apiKey: RateLimit;
  /** Requests carrying an API key (valid or not) from one client address. */
  apiKeyAddress: RateLimit;
  /** Invite acceptances (`POST /api/v2/auth/invite`) from one client address. */
  invite: RateLimit;
  /**
   * Signed proposals' links emailed to homeowners by one org: at most `count` in any `seconds`,
   * counted in the database (so across every instance).
   */
  shareEmails: { count: number; seconds: number };
  /** Test emails (Settings → Email) of one org. */
  smtpTest: RateLimit;
}

export const DEFAULT_LIMITS: ServerLimits = {
  streamsPerSession: 3,
  streamsPerUser: 6,
  streamsPerProcess: 2_000,
  pullsAtOnce: 4,
  // 120 at once, then 2 a second.
  apiKey: { burst: 120, perSeconds: 60 },
  // Several keys may call from one integration host.
  apiKeyAddress: { burst: 600, perSeconds: 60 },
  // A person opens an invite link once or twice; 10 tries, then one every 90 s.
  invite: { burst: 10, perSeconds: 900 },
  // A busy office emails a few dozen homeowners an hour; a runaway client stops well short of spam.
  shareEmails: { count: 100, seconds: 3600 },
  // An admin tries a setting a few times; 5, then one a minute.
  smtpTest: { burst: 5, perSeconds: 300 },
};

/** "120 at once, then 2 a second", "10 at once, then one every 90 s": a limit as the API documents it. */
export function describeLimit({ burst, perSeconds }: RateLimit): string {
  const perSecond = burst / perSeconds;
  const pace =
    perSecond >= 1
      ? `${Math.round(perSecond * 10) / 10} a second`
      : `one every ${Math.round(perSeconds / burst)} s`;
  return `${burst} at once, then ${pace}`;
}
