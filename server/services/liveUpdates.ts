/**
 * Live updates: tells open event streams that their org has something newer to pull, and ends
 * the streams of a session when it is revoked.
 * - Every write notifies `CHANGES_CHANNEL` with `{org_id, version}` (versions.ts): on PostgreSQL
 *   right after it commits, naming the highest version a pull may then reach (the write's own, or
 *   less while a write under a lower version is still open; that one's notification follows when
 *   it commits), to every server instance listening, and never for a rolled-back write. On PGlite
 *   the statement that takes the version notifies, delivered at commit, in-process.
 * - Revoking sessions (`revokeSessions` in auth.ts: sign-out, a password change or reset, a
 *   deactivation or deletion) notifies `SESSIONS_CHANNEL` in the same transaction: every instance
 *   ends the streams of those sessions as soon as it commits, this one included.
 * - Each process holds one listening connection while it has at least one open stream, and fans
 *   each notification out to the streams of that org. It is closed with the last stream.
 * - A poke carries only an org and a version: the device then pulls through its own,
 *   permission-scoped pull, so nothing anyone may not see travels through a stream.
 * - An org's pokes are spaced (pokeSpacing.ts): the commits that follow one within
 *   `POKE_SPACING_MS` go out together, as the highest version, that long after it.
 * - Should the listening connection drop, every stream is ended: devices reconnect, and each new
 *   stream starts with the org's current version (and its session is checked again), so neither a
 *   change nor a revocation made during the gap is missed.
 * - Streams are capped per session, per user and per process (`StreamLimits`, from
 *   server/limits.ts); one past a cap is refused with 429 and Retry-After before it subscribes.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { type Change, POKE_SPACING_MS, PokeSpacer } from './pokeSpacing.ts';
import { rateLimited } from './serviceError.ts';

export const CHANGES_CHANNEL = 'hs_changes';
export const SESSIONS_CHANNEL = 'hs_sessions';
/** What a stream refused for a cap is told to wait before trying again. */
export const STREAM_RETRY_SECONDS = 30;

/**
 * Sessions that were revoked: one session (by the SHA-256 of its token), or every session of a
 * user except, when given, one (the one changing its own password).
 */
export type Revocation = { session: string } | { user_id: string; except?: string };

export interface LiveSubscriber {
  org: number;
  /** The signed-in user. */
  user: string;
  /** The SHA-256 of the session token the stream was opened with. */
  session: string;
  /** A write in the subscriber's org committed. */
  onChange(change: Change): void;
  /**
   * End the stream: its session was revoked, or notifications can no longer be relied on (the
   * listening connection dropped). The subscriber is already removed.
   */
  onEnd(): void;
}

export interface StreamLimits {
  perSession: number;
  perUser: number;
  perProcess: number;
}

/** A listening connection: each notification's channel and payload go to `onPayload`; `onLost` when it drops. */
export type ChangeSource = (
  onPayload: (channel: string, payload: string) => void,
  onLost: () => void,
) => Promise<() => Promise<void>>;

export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private listening: Promise<() => Promise<void>> | undefined;
  private readonly source: ChangeSource;
  private readonly spacer: PokeSpacer;

  constructor(source: ChangeSource, spacingMs = POKE_SPACING_MS) {
    this.source = source;
    this.spacer = new PokeSpacer((change) => this.fanOut(change), spacingMs);
  }

  /**
   * Resolves once notifications for the subscriber are flowing; returns its unsubscribe. Past one
   * of `limits`, refused (rate limited) at once, before anything is held.
   */
  async subscribe(subscriber: LiveSubscriber, limits?: StreamLimits): Promise<() => void> {
    if (limits) this.admit(subscriber, limits);
    this.subscribers.add(subscriber);
    if (!this.listening) {
      const opening = this.source(
        (channel, payload) => this.deliver(channel, payload),
        () => this.lose(opening),
      );
      this.listening = opening;
      // A failed start must not stay cached: the next stream tries again.
      opening.catch(() => {
        if (this.listening === opening) this.listening = undefined;
      });
    }
    try {
      await this.listening;
    } catch (err) {
      this.subscribers.delete(subscriber);
      throw err;
    }
    return () => this.unsubscribe(subscriber);
  }

  /** Ends every open stream and stops listening (the server is shutting down). */
  endAll(): void {
    const listening = this.listening;
    if (listening) this.lose(listening);
    void listening?.then((stop) => stop()).catch(() => undefined);
  }

  /** Open streams in this process. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Counted synchronously, so streams opened at the same moment cannot all pass the check. */
  private admit(subscriber: LiveSubscriber, limits: StreamLimits): void {
    if (this.subscribers.size >= limits.perProcess)
      throw rateLimited(
        'The server has too many live update streams open right now. Try again shortly.',
        STREAM_RETRY_SECONDS,
      );
    let session = 0;
    let user = 0;
    for (const open of this.subscribers) {
      if (open.session === subscriber.session) session += 1;
      if (open.user === subscriber.user) user += 1;
    }
    if (session >= limits.perSession)
      throw rateLimited(
        `This session already has ${limits.perSession} live update streams open (one per open tab). Close a tab or window of the app and try again.`,
        STREAM_RETRY_SECONDS,
      );
    if (user >= limits.perUser)
      throw rateLimited(
        `Your account already has ${limits.perUser} live update streams open. Close the app on another device or tab and try again.`,
        STREAM_RETRY_SECONDS,
      );
  }

  private unsubscribe(subscriber: LiveSubscriber): void {
    if (!this.subscribers.delete(subscriber) || this.subscribers.size > 0) return;
    this.spacer.clear();
    const closing = this.listening;
    this.listening = undefined;
    void closing?.then((stop) => stop()).catch(() => undefined);
  }

  private deliver(channel: string, payload: string): void {
    if (channel === SESSIONS_CHANNEL) {
      const revoked = parseRevocation(payload);
      if (revoked) this.end([...this.subscribers].filter((s) => isRevoked(s, revoked)));
      return;
    }
    if (channel !== CHANGES_CHANNEL) return;
    const change = parseChange(payload);
    if (change) this.spacer.offer(change);
  }

  private fanOut(change: Change): void {
    for (const subscriber of this.subscribers) {
      if (subscriber.org === change.org_id) subscriber.onChange(change);
    }
  }

  /** Ends these subscribers' streams; the connection closes with the last one. */
  private end(ended: LiveSubscriber[]): void {
    for (const subscriber of ended) {
      this.unsubscribe(subscriber);
      subscriber.onEnd();
    }
  }

  private lose(connection: Promise<unknown>): void {
    if (this.listening !== connection) return;
    this.listening = undefined;
    this.spacer.clear();
    const lost = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of lost) subscriber.onEnd();
  }
}

function isRevoked(subscriber: LiveSubscriber, revoked: Revocation): boolean {
  if ('session' in revoked) return subscriber.session === revoked.session;
  return subscriber.user === revoked.user_id && subscriber.session !== revoked.except;
}

function parseRevocation(payload: string): Revocation | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.session === 'string') return { session: value.session };
    if (typeof value.user_id !== 'string') return undefined;
    return typeof value.except === 'string'
      ? { user_id: value.user_id, except: value.except }
      : { user_id: value.user_id };
  } catch {
    return undefined;
  }
}

function parseChange(payload: string): Change | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Change>;
    const orgId = Number(value.org_id);
    const version = Number(value.version);
    return Number.isInteger(orgId) && Number.isFinite(version) ? { org_id: orgId, version } : undefined;
  } catch {
    return undefined;
  }
}

const hubs = new WeakMap<Database, LiveHub>();

/** The one hub of this process for this database. */
export function liveHub(db: Database): LiveHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new LiveHub(changeSourceFor(db));
    hubs.set(db, hub);
  }
  return hub;
}

function changeSourceFor(db: Database): ChangeSource {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return postgresSource(client);
  if (client && typeof (client as PGlite).listen === 'function') return pgliteSource(client as PGlite);
  throw new Error('live updates need a PostgreSQL pool or PGlite');
}

/** A connection of its own (outside the pool), so LISTEN never holds up the pool's queries. */
function postgresSource(pool: pg.Pool): ChangeSource {
  return async (onPayload, onLost) => {
    const client = new pg.Client((pool as unknown as { options: pg.ClientConfig }).options);
    let closing = false;
    client.on('notification', (message) => {
      if (message.payload) onPayload(message.channel, message.payload);
    });
    const lost = () => {
      if (closing) return;
      closing = true;
      onLost();
      client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    return async () => {
      closing = true;
      await client.end();
    };
  };
}

/** PGlite runs in this process: its own listen delivers the notifications of its commits. */
function pgliteSource(client: PGlite): ChangeSource {
  return async (onPayload) => {
    const unlisten = await Promise.all(
      [SESSIONS_CHANNEL, CHANGES_CHANNEL].map((channel) =>
        client.listen(channel, (payload) => onPayload(channel, payload)),
      ),
    );
    return async () => {
      // Closing the database first already ended the listening.
      if (!client.closed) await Promise.all(unlisten.map((stop) => stop()));
    };
  };
}
