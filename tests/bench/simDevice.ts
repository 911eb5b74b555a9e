/**
 * A simulated device for the load benchmark: what the app's sync engine does on the wire, without
 * its IndexedDB (hundreds of these run in one process). It numbers its mutations and pushes them in
 * order, retrying a batch with the same ids until answered; pulls from its cursor to the end after
 * each push and whenever its live stream pokes with a version it has not pulled (one cycle at a
 * time, one more if poked meanwhile, as src/sync/engine.ts and liveStream.ts do); and keeps what it
 * pulled (each row's version, or the whole row) so its view can be compared with the server's.
 */
import { randomUUID } from 'node:crypto';
import type { PullResponse, PushResponse } from '#src/domain/schemas/sync.ts';
import type { LoadUser } from './loadWorld.ts';

/** Knock and status values a rep's door takes, all of the Contact stage. */
export const DOOR_STATUSES = ['Not Home 1', 'Not Home 2', 'Not Home 3', 'Come Back', 'Not Interested'];

/** Figures of one phase of the run, shared by every device. */
export class PhaseStats {
  readonly push: number[] = [];
  readonly pull: number[] = [];
  readonly errors = new Map<string, number>();
  applied = 0;
  pushed = 0;

  error(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }

  get errorCount(): number {
    let n = 0;
    for (const v of this.errors.values()) n += v;
    return n;
  }
}

export type MutationKind = 'knock' | 'status' | 'note';

export interface SentMutation {
  id: number;
  kind: MutationKind;
  lead: string;
  /** The lead's status after a knock or status edit. */
  status?: string;
  /** When the device says a knock happened. */
  at?: string;
  /** The note a note mutation adds. */
  note?: string;
  name: string;
  args: Record<string, unknown>;
}

const key = (table: string, id: string) => `${table}\u0000${id}`;
/** What a failed fetch ran into: the socket's error code, or the error's name. */
const failureOf = (err: unknown) => {
  const e = err as { name?: string; cause?: { code?: string; name?: string } };
  return e.cause?.code ?? e.cause?.name ?? e.name ?? 'unknown';
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimDevice {
  readonly index: number;
  readonly user: LoadUser;
  /** Which instance it talks to, and where. */
  readonly instance: number;
  readonly url: string;
  readonly clientId = randomUUID();
  token = '';
  userId = '';
  stats: PhaseStats;
  cursor = 0;
  /** The tombstone horizon its last full sync started under, sent with every pull (as the engine does). */
  horizon = 0;
  lastMutationId = 0;
  /** Live rows this device holds: table and id → version. */
  readonly view = new Map<string, number>();
  /** The rows themselves, when asked to keep them (to compare whole rows at the end). */
  readonly rows: Map<string, Record<string, unknown>> | undefined;
  /** Every mutation the server acknowledged (applied now or before), in id order. */
  readonly acknowledged: SentMutation[] = [];
  readonly rejected: { mutation: SentMutation; message: string }[] = [];
  /** Every row key this device ever received (for the org isolation check). */
  readonly received: Set<string>;
  /** Called for each knock the server acknowledged as applied, with when its push was sent. */
  onKnock: ((device: SimDevice, mutation: SentMutation, sentAt: number) => void) | undefined;
  /** Pokes as they arrived: version, time (performance.now()), …; kept only on observing devices. */
  pokes: number[] | undefined;

  private nextId = 1;
  private outbox: SentMutation[] = [];
  private readonly status = new Map<string, string>();
  private readonly fieldVersions = new Map<string, Record<string, number>>();
  private running: Promise<void> | undefined;
  private again = false;
  private requested = 0;
  private stream: AbortController | undefined;
  private closing = false;
  private knockSeq = 0;

  constructor(options: {
    index: number;
    user: LoadUser;
    instance: number;
    url: string;
    stats: PhaseStats;
    keepRows: boolean;
    received: Set<string>;
  }) {
    this.index = options.index;
    this.user = options.user;
    this.instance = options.instance;
    this.url = options.url;
    this.stats = options.stats;
    this.rows = options.keepRows ? new Map() : undefined;
    this.received = options.received;
    for (const lead of this.user.leads) this.status.set(lead, 'Prospect');
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' };
  }

  /** Mutations waiting for an answer. */
  get pending(): number {
    return this.outbox.length;
  }

  // --- writes ----------------------------------------------------------------------------------

  /**
   * Queues a small batch as a rep at the door makes it: knocks (a status with where the device
   * was), status edits from the lead page and notes, each on a different lead of the device's own.
   */
  queueBatch(random: () => number, size: number): void {
    const leads = [...this.user.leads];
    for (let i = 0; i < size && leads.length; i++) {
      const lead = leads.splice(Math.floor(random() * leads.length), 1)[0] as string;
      const roll = random();
      const kind: MutationKind = roll < 0.5 ? 'knock' : roll < 0.75 ? 'status' : 'note';
      this.outbox.push(this.mutation(kind, lead, random));
    }
  }

  private mutation(kind: MutationKind, lead: string, random: () => number): SentMutation {
    const id = this.nextId++;
    if (kind === 'note') {
      const note = randomUUID();
      return {
        id,
        kind,
        lead,
        note,
        name: 'record.save.v1',
        args: {
          table: 'notes',
          id: note,
          create: true,
          fields: {
            lead_id: lead,
            type: 'Lead',
            subject: 'At the door',
            body: `<p>Spoke with the homeowner (${this.index}.${id}); call back about the bill.</p>`,
          },
        },
      };
    }
    const current = this.status.get(lead) ?? 'Prospect';
    const choices = DOOR_STATUSES.filter((s) => s !== current);
    const status = choices[Math.floor(random() * choices.length)] as string;
    this.status.set(lead, status);
    const seen = this.fieldVersions.get(lead) ?? {};
    const base: Record<string, number> = {};
    if (seen.deal_stage_status !== undefined) base.deal_stage_status = seen.deal_stage_status;
    // Unique per knock, so the knock row it makes can be told from any other.
    const at =
      kind === 'knock' ? new Date(Date.now() - 60_000 + (this.knockSeq++ % 1000)).toISOString() : undefined;
    const args: Record<string, unknown> = { _id: lead, deal_stage_status: status, base_versions: base };
    if (at) args.knock = { lat: 33.4 + random() * 0.01, lng: -111.8 + random() * 0.01, accuracy: 8, at };
    return { id, kind, lead, status, ...(at ? { at } : {}), name: 'lead.edit.v1', args };
  }

  // --- the sync cycle ----------------------------------------------------------------------------

  /** Runs a cycle (push, then pull); a call during one runs one more after it. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.cycle().finally(() => {
      this.running = undefined;
      if (this.again && !this.closing) {
        this.again = false;
        void this.sync();
      }
    });
    return this.running;
  }

  /** Waits until no cycle runs. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async cycle(): Promise<void> {
    try {
      await this.pushAll();
      await this.pullAll();
    } catch {
      // Counted where it happened; the next cycle retries (after a pause, as the engine backs off).
      await sleep(1_000);
    }
  }

  private async pushAll(): Promise<void> {
    while (this.outbox.length) {
      const batch = this.outbox.slice(0, 100);
      const sentAt = performance.now();
      let res: Response;
      try {
        res = await fetch(`${this.url}/api/v2/sync/push`, {
          method: 'POST',
          headers: this.headers(),
          body: JSON.stringify({
            client_id: this.clientId,
            schema_version: 1,
            mutations: batch.map((m) => ({ id: m.id, name: m.name, args: m.args })),
          }),
        });
      } catch (err) {
        this.stats.error(`push: network (${failureOf(err)})`);
        throw new Error(`push failed: network (${failureOf(err)})`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        this.stats.error(`push: ${res.status}`);
        throw new Error('push failed');
      }
      const answer = (await res.json()) as PushResponse;
      this.stats.push.push(performance.now() - sentAt);
      this.stats.pushed += batch.length;
      const results = new Map(answer.results.map((r) => [r.id, r]));
      for (const m of batch) {
        const result = results.get(m.id);
        if (!result && m.id > answer.last_mutation_id) break;
        this.outbox.shift();
        if (result?.status === 'rejected') {
          this.rejected.push({ mutation: m, message: result.message ?? '' });
          this.stats.error('push: rejected');
          continue;
        }
        this.acknowledged.push(m);
        if (result?.status === 'applied') {
          this.stats.applied += 1;
          if (m.kind === 'knock') this.onKnock?.(this, m, sentAt);
        }
      }
      if (answer.last_mutation_id < (batch[0]?.id ?? 0)) {
        this.stats.error('push: gap');
        throw new Error('gap');
      }
    }
  }

  /** Pulls from the cursor until the server has nothing more. */
  async pullAll(limit = 1000): Promise<void> {
    for (;;) {
      const sentAt = performance.now();
      let res: Response;
      try {
        res = await fetch(
          `${this.url}/api/v2/sync/pull?cursor=${this.cursor}&limit=${limit}&client_id=${this.clientId}&horizon=${this.horizon}`,
          { headers: this.headers() },
        );
      } catch (err) {
        this.stats.error(`pull: network (${failureOf(err)})`);
        throw new Error(`pull failed: network (${failureOf(err)})`);
      }
      if (!res.ok) {
        const answer = await res.text().catch(() => '');
        this.stats.error(`pull: ${res.status}`);
        throw new Error(`pull failed: ${res.status} ${answer.slice(0, 200)}`);
      }
      const page = (await res.json()) as PullResponse;
      this.stats.pull.push(performance.now() - sentAt);
      this.apply(page);
      if (!page.has_more) return;
    }
  }

  private apply(page: PullResponse): void {
    if (this.cursor === 0 || page.reset) this.horizon = page.horizon ?? 0;
    if (page.reset) {
      this.view.clear();
      this.rows?.clear();
    }
    for (const { table, row } of page.changes) {
      const k = key(table, row._id);
      this.received.add(k);
      if (row.deleted_at) {
        this.view.delete(k);
        this.rows?.delete(k);
      } else {
        this.view.set(k, row.version);
        this.rows?.set(k, row);
      }
      if (table === 'contacts' && this.status.has(row._id)) {
        this.fieldVersions.set(row._id, (row.field_versions as Record<string, number> | undefined) ?? {});
      }
    }
    this.cursor = page.cursor;
    this.lastMutationId = page.last_mutation_id;
  }

  // --- the live stream -------------------------------------------------------------------------

  /** Opens the live update stream; resolves once its first poke arrived. */
  async openStream(): Promise<void> {
    const controller = new AbortController();
    this.stream = controller;
    const res = await fetch(`${this.url}/api/v2/events/stream`, {
      headers: { authorization: `Bearer ${this.token}` },
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      this.stats.error(`stream: ${res.status}`);
      throw new Error(`stream answered ${res.status}`);
    }
    let first: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      first = resolve;
    });
    void this.read(res.body, controller, first);
    await opened;
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController, first: () => void) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: poke')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data:')) ?? '';
          const version = Number((JSON.parse(data.slice(5)) as { version: number }).version);
          this.pokes?.push(version, performance.now());
          first();
          this.poked(version);
        }
      }
    } catch {
      // Aborted by close(), or the connection failed (counted below).
    }
    if (controller.signal.aborted || this.closing) return;
    this.stats.error('stream: ended');
    await sleep(1_000);
    if (!this.closing) await this.openStream().catch(() => undefined);
  }

  private poked(version: number): void {
    if (version <= this.cursor || version <= this.requested) return;
    this.requested = version;
    void this.sync();
  }

  /** Closes the stream and lets the cycle in flight end. */
  async close(): Promise<void> {
    this.closing = true;
    this.stream?.abort();
    await this.settled();
  }
}
