/**
 * Live updates: tells open event streams that their org has something newer to pull.
 * - Every write takes its version through `nextVersion`, whose statement also runs
 *   `pg_notify(CHANGES_CHANNEL, {org_id, version})`; PostgreSQL delivers it at commit, to every
 *   server instance listening, and never for a rolled-back write. PGlite does the same in-process.
 * - Each process holds one listening connection while it has at least one open stream, and fans
 *   each notification out to the streams of that org. It is closed with the last stream.
 * - A poke carries only an org and a version: the device then pulls through its own,
 *   permission-scoped pull, so nothing anyone may not see travels through a stream.
 * - Should the listening connection drop, every stream is ended: devices reconnect, and each new
 *   stream starts with the org's current version, so a change made during the gap is not missed.
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { orgVersions } from '../db/schema.ts';

export const CHANGES_CHANNEL = 'hs_changes';

export interface Change {
  org_id: number;
  version: number;
}

export interface LiveSubscriber {
  org: number;
  /** A write in the subscriber's org committed. */
  onChange(change: Change): void;
  /** Notifications can no longer be relied on (the listening connection dropped): end the stream. */
  onLost(): void;
}

/** A listening connection: notifications' payloads go to `onPayload`; `onLost` when it drops. */
export type ChangeSource = (
  onPayload: (payload: string) => void,
  onLost: () => void,
) => Promise<() => Promise<void>>;

export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private listening: Promise<() => Promise<void>> | undefined;
  private readonly source: ChangeSource;

  constructor(source: ChangeSource) {
    this.source = source;
  }

  /** Resolves once notifications for the subscriber are flowing; returns its unsubscribe. */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    this.subscribers.add(subscriber);
    if (!this.listening) {
      const opening = this.source(
        (payload) => this.deliver(payload),
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

  private unsubscribe(subscriber: LiveSubscriber): void {
    if (!this.subscribers.delete(subscriber) || this.subscribers.size > 0) return;
    const closing = this.listening;
    this.listening = undefined;
    void closing?.then((stop) => stop()).catch(() => undefined);
  }

  private deliver(payload: string): void {
    const change = parseChange(payload);
    if (!change) return;
    for (const subscriber of this.subscribers) {
      if (subscriber.org === change.org_id) subscriber.onChange(change);
    }
  }

  private lose(connection: Promise<unknown>): void {
    if (this.listening !== connection) return;
    this.listening = undefined;
    const lost = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of lost) subscriber.onLost();
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

/** The org's newest version: what a new stream announces first. */
export async function currentVersion(db: Database, orgId: number): Promise<number> {
  const [row] = await db.select({ v: orgVersions.v }).from(orgVersions).where(eq(orgVersions.org_id, orgId));
  return Number(row?.v ?? 0);
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
      if (message.channel === CHANGES_CHANNEL && message.payload) onPayload(message.payload);
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
    const unlisten = await client.listen(CHANGES_CHANNEL, onPayload);
    return async () => {
      // Closing the database first already ended the listening.
      if (!client.closed) await unlisten();
    };
  };
}
