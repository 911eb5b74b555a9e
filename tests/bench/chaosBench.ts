/**
 * Chaos soak (`npm run bench -- chaos`): CHAOS_MUTATIONS (10,000) changes made on CHAOS_DEVICES (20)
 * devices — the app's own device database, commands and sync engine (chaosDevice.ts), two per
 * person (a rep's phone and tablet; a manager; an admin) — through a fault-injecting proxy
 * (faultProxy.ts) in front of two API instances on one PostgreSQL database. Meanwhile:
 * - requests are lost on the way, answers are lost after the server applied them (the device
 *   retries), requests are delivered twice (at once or after the first answer), some wait;
 * - instance A is killed with SIGKILL at a third of the run and started again 4 s later;
 * - each device's clock is hours ahead or behind (the knocks it records carry its time);
 * - one device is offline from the start to the end, making changes all along; meanwhile the
 *   other device of its person deletes notes, and at nine tenths of the run the org's tombstones
 *   are pruned: the product has no pruning job yet (nothing raises `org_versions.horizon`, see
 *   server/services/sync.ts `pull`), so the bench plays one, raising the horizon to the org's
 *   version and deleting the notes' tombstones at or below it, which any device behind it must
 *   answer with a full re-sync.
 * The changes: knocks and status edits on each device's own leads (one writer per lead), notes
 * added, edited and deleted, emails edited by both devices of a person on leads they share, and
 * status edits on those shared leads, which the server may refuse as conflicts (they must then be
 * in the device's "needs attention" list). Then faults stop, every device comes online and syncs
 * until its queue is empty, and the bench checks: each change applied exactly once (knock rows per
 * lead; one activity per note added, edited, deleted and per email), or refused and shown as such
 * (lost / duplicated / refusals the device never heard of); the server's last mutation id of each
 * device; each device's rows equal what its user may see, at the server's versions, and whole
 * rows equal a fresh pull (not converged).
 * Randomness is seeded (CHAOS_SEED; printed); the timing of requests is not, so a replay makes the
 * same changes and the same fault decisions in an order that may differ.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { createRandom } from '#server/db/seed/random.ts';
import { deleteRecord, editLead, InvalidChangeError, saveRecord } from '#src/sync/commands/index.ts';
import { createPostgresDatabase } from '../support/postgresDatabase.ts';
import { ChaosDevice } from './chaosDevice.ts';
import { FaultProxy, NO_FAULTS } from './faultProxy.ts';
import { Instance, newSecretsKey, signIn } from './instances.ts';
import { buildLoadWorld, DEMO_ORG, type LoadUser, PASSWORD } from './loadWorld.ts';
import type { Figure } from './serverBench.ts';
import { DOOR_STATUSES } from './simDevice.ts';
import { compareViews, freshRows, ServerViews } from './syncChecks.ts';

const MUTATIONS = Number(process.env.CHAOS_MUTATIONS ?? 10_000);
const DEVICES = Math.max(4, Number(process.env.CHAOS_DEVICES ?? 20));
const SEED = Number(process.env.CHAOS_SEED ?? randomInt(1, 2 ** 31));
const OWN_LEADS = 5;
const SHARED_LEADS = 2;
const FAULTS = { lostRequest: 0.05, lostAnswer: 0.1, duplicate: 0.1, delay: 0.1 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number) => Math.round(n * 10) / 10;

type Kind = 'knock' | 'status' | 'note_add' | 'note_edit' | 'note_delete' | 'email' | 'contested';

interface Made {
  device: number;
  id: number;
  kind: Kind;
  lead: string;
  status?: string;
  at?: string;
  note?: string;
  email?: string;
}

interface Player {
  index: number;
  device: ChaosDevice;
  userId: string;
  user: LoadUser;
  own: string[];
  shared: string[];
  notes: string[];
  lastAt: number;
  skewMs: number;
}

/** The promise's value, or an error naming what did not finish within five minutes. */
function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within 300 s`)), 300_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** What a device's sync has got to: its pull cursor and the changes it still holds. */
async function progressOf(player: Player): Promise<string> {
  const cursor = (await player.device.db.meta.get('cursor'))?.value;
  return `cursor ${cursor}, ${await player.device.db.outbox.count()} queued`;
}

/**
 * One sync round of every device; the slowest one is named. A round may take long (after the
 * pruning, every device that was behind the horizon pulls all it may see again, and all of them
 * share this one thread), so it fails only once no unfinished device moved its cursor or queue for
 * five minutes: the error names those devices (engine state, last error) and what the database's
 * sessions were doing (waiting on a lock, idle in a transaction…).
 */
async function syncRound(db: DatabaseHandle['db'], players: Player[]): Promise<string> {
  const started = performance.now();
  const pending = new Set(players);
  let slowest = '';
  const all = Promise.all(
    players.map((p) =>
      p.device.engine.syncNow().finally(() => {
        pending.delete(p);
        slowest = `device ${p.index}, ${round((performance.now() - started) / 1000)} s`;
      }),
    ),
  );
  let seen = '';
  let movedAt = performance.now();
  while (pending.size) {
    const done = await Promise.race([all.then(() => true), sleep(5_000).then(() => false)]);
    if (done) break;
    const now = (await Promise.all([...pending].map(progressOf))).join('; ');
    if (now !== seen) {
      seen = now;
      movedAt = performance.now();
    } else if (performance.now() - movedAt > 300_000) {
      for (const p of pending) {
        const status = p.device.engine.getSnapshot();
        console.log(
          `# chaos: device ${p.index} did not finish: ${status.state}, leader ${status.leader}, error ${status.error}, retry at ${status.retryAt}, ${await progressOf(p)}`,
        );
      }
      const sessions = await rowsOf<Record<string, unknown>>(
        db,
        sql`SELECT pid, state, wait_event_type, wait_event,
              round(extract(epoch FROM now() - xact_start)) AS xact_s, left(query, 160) AS query
            FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND state <> 'idle'`,
      );
      for (const row of sessions) console.log(`# chaos: session ${JSON.stringify(row)}`);
      throw new Error('a sync round of every device made no progress for 300 s');
    }
  }
  await all;
  return slowest;
}

async function rowsOf<T>(db: DatabaseHandle['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One change of a device, as a person would make it; undefined when the device refused it. */
async function makeChange(player: Player, random: () => number, seq: number): Promise<Made | undefined> {
  const { db } = player.device;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const roll = random();
  const kind: Kind =
    roll < 0.3
      ? 'knock'
      : roll < 0.45
        ? 'status'
        : roll < 0.63
          ? 'note_add'
          : roll < 0.73
            ? 'note_edit'
            : roll < 0.78
              ? 'note_delete'
              : roll < 0.93
                ? 'email'
                : 'contested';
  const base = { device: player.index, kind };
  const newStatus = async (lead: string) => {
    const current = (await db.contacts.get(lead))?.deal_stage_status;
    return pick(DOOR_STATUSES.filter((s) => s !== current));
  };
  try {
    if (kind === 'knock' || kind === 'status' || kind === 'contested') {
      const lead = pick(kind === 'contested' ? player.shared : player.own);
      const status = await newStatus(lead);
      let at: string | undefined;
      if (kind === 'knock') {
        // The device's own clock, hours off; never the same moment twice on one device.
        player.lastAt = Math.max(player.lastAt + 1, player.device.clock.now());
        at = new Date(player.lastAt).toISOString();
      }
      const knock = at
        ? { lat: 33.45 + random() * 0.01, lng: -112.07 + random() * 0.01, accuracy: 10, at }
        : undefined;
      await editLead(db, lead, { deal_stage_status: status, ...(knock ? { knock } : {}) });
      return { ...base, id: await player.device.lastMutationId(), lead, status, ...(at ? { at } : {}) };
    }
    if (kind === 'email') {
      const lead = pick(player.shared);
      const email = `c${SEED}.${player.index}.${seq}@chaos.test`;
      await editLead(db, lead, { email });
      return { ...base, id: await player.device.lastMutationId(), lead, email };
    }
    if (kind === 'note_add' || (kind !== 'note_delete' && !player.notes.length)) {
      const lead = pick(player.own);
      const note = await saveRecord(db, 'notes', undefined, {
        lead_id: lead,
        type: 'Lead',
        subject: `Visit ${seq}`,
        body: `<p>Door ${seq} of device ${player.index}</p>`,
      });
      player.notes.push(note);
      return { ...base, kind: 'note_add', id: await player.device.lastMutationId(), lead, note };
    }
    if (!player.notes.length) return undefined;
    const note = pick(player.notes);
    const lead = String((await db.notes.get(note))?.lead_id ?? '');
    if (kind === 'note_edit') {
      await saveRecord(db, 'notes', note, { body: `<p>Edited ${seq} on device ${player.index}</p>` });
      return { ...base, id: await player.device.lastMutationId(), lead, note };
    }
    await deleteRecord(db, 'notes', note);
    player.notes.splice(player.notes.indexOf(note), 1);
    return { ...base, id: await player.device.lastMutationId(), lead, note };
  } catch (err) {
    if (err instanceof InvalidChangeError) return undefined;
    throw err;
  }
}

interface Verdict {
  lost: number;
  duplicated: number;
  /** Knocks of clocks running ahead, recorded at the server's time instead. */
  clamped: number;
  unsurfaced: number;
  refused: number;
  examples: string[];
}

async function checkLedger(db: DatabaseHandle['db'], players: Player[], made: Made[]): Promise<Verdict> {
  const verdict: Verdict = { lost: 0, duplicated: 0, clamped: 0, unsurfaced: 0, refused: 0, examples: [] };
  const note = (text: string) => {
    if (verdict.examples.length < 8) verdict.examples.push(text);
  };
  // Refusals: the server's record of each device, against the device's "needs attention" list.
  const refusedBy = new Map<number, Set<number>>();
  for (const player of players) {
    const clientId = String((await player.device.db.meta.get('client_id'))?.value ?? '');
    const server = await rowsOf<{ mutation_id: string }>(
      db,
      sql`SELECT mutation_id FROM sync_rejections WHERE client_id = ${clientId}::uuid`,
    );
    const onServer = new Set(server.map((r) => Number(r.mutation_id)));
    const onDevice = new Set((await player.device.db.rejected.toArray()).map((r) => r.id));
    refusedBy.set(player.index, onServer);
    verdict.refused += onServer.size;
    for (const id of onServer)
      if (!onDevice.has(id)) {
        verdict.unsurfaced += 1;
        note(`device ${player.index}: mutation ${id} was refused by the server, and the device never heard`);
      }
    const [client] = await rowsOf<{ last_mutation_id: string }>(
      db,
      sql`SELECT last_mutation_id FROM sync_clients WHERE client_id = ${clientId}::uuid`,
    );
    const last = await player.device.lastMutationId();
    if (Number(client?.last_mutation_id ?? 0) !== last) {
      verdict.lost += Math.max(0, last - Number(client?.last_mutation_id ?? 0));
      note(`device ${player.index}: made ${last} mutations, the server has ${client?.last_mutation_id}`);
    }
  }
  const applied = made.filter((m) => !refusedBy.get(m.device)?.has(m.id));
  for (const m of made)
    if (m.kind !== 'contested' && refusedBy.get(m.device)?.has(m.id))
      note(`device ${m.device}: its ${m.kind} ${m.id} was refused`);

  // Knocks and status edits on leads with one writer: one knock row each.
  const ownLeads = players.flatMap((p) => p.own);
  const knocks = await rowsOf<{
    lead_id: string;
    status: string;
    knocked_at: string | Date;
    lat: number | null;
  }>(
    db,
    sql`SELECT lead_id, status, knocked_at, lat FROM knocks WHERE lead_id = ANY(${sql.param(ownLeads)}::uuid[])`,
  );
  // A knock keeps the device's time, unless that time is after the server received it (a clock
  // running ahead): then it is recorded at the server's time, at most the clock's lead earlier.
  // Both keep the order the device made them in: a lead's knocks with a position are compared in
  // time order, one for one; its status edits by status.
  const held = new Map<string, { status: string; at: number | null }[]>();
  for (const k of knocks) {
    const list = held.get(k.lead_id) ?? [];
    list.push({ status: k.status, at: k.lat === null ? null : new Date(k.knocked_at).getTime() });
    held.set(k.lead_id, list);
  }
  const byLead = new Map<string, Made[]>();
  for (const m of applied.filter((x) => x.kind === 'knock' || x.kind === 'status'))
    byLead.set(m.lead, [...(byLead.get(m.lead) ?? []), m]);
  let clamped = 0;
  for (const lead of new Set([...held.keys(), ...byLead.keys()])) {
    const server = held.get(lead) ?? [];
    const mine = byLead.get(lead) ?? [];
    const ahead = Math.max(0, players[mine[0]?.device ?? -1]?.skewMs ?? 0);
    const placed = server.filter((k) => k.at !== null).sort((a, b) => (a.at as number) - (b.at as number));
    const knocked = mine
      .filter((m) => m.at)
      .sort((a, b) => Date.parse(a.at as string) - Date.parse(b.at as string));
    for (let n = 0; n < Math.max(placed.length, knocked.length); n++) {
      const k = placed[n];
      const m = knocked[n];
      const at = m ? Date.parse(m.at as string) : 0;
      const fits =
        k &&
        m &&
        k.status === m.status &&
        (k.at === at || ((k.at as number) < at && (k.at as number) >= at - ahead - 1_000));
      if (fits) {
        if (k.at !== at) clamped += 1;
        continue;
      }
      if (m) verdict.lost += 1;
      if (k) verdict.duplicated += 1;
      note(
        `lead ${lead}: knock ${n + 1} made ${m ? `${m.status} at ${m.at}` : 'none'}, recorded ${k ? `${k.status} at ${new Date(k.at as number).toISOString()}` : 'none'}`,
      );
    }
    const edits = new Map<string, number>();
    for (const m of mine.filter((x) => !x.at))
      edits.set(m.status as string, (edits.get(m.status as string) ?? 0) + 1);
    for (const k of server.filter((x) => x.at === null)) edits.set(k.status, (edits.get(k.status) ?? 0) - 1);
    for (const [status, n] of edits) {
      if (n > 0) verdict.lost += n;
      if (n < 0) verdict.duplicated -= n;
      if (n)
        note(`lead ${lead}: ${Math.abs(n)} status edits to ${status} ${n > 0 ? 'lost' : 'recorded twice'}`);
    }
  }
  verdict.clamped = clamped;

  // Notes: one activity per note added, per edit, per deletion.
  const activity = await rowsOf<{ record: string; message: string; n: string }>(
    db,
    sql`SELECT data->>'record' AS record, message, count(*) AS n FROM activities
        WHERE org_id = ${DEMO_ORG} AND type = 'note' GROUP BY 1, 2`,
  );
  const noteCounts = new Map(activity.map((a) => [`${a.record}|${a.message}`, Number(a.n)]));
  const wantNotes = new Map<string, number>();
  const messages: Partial<Record<Kind, string>> = {
    note_add: 'added a note',
    note_edit: 'edited a note',
    note_delete: 'deleted a note',
  };
  for (const m of applied) {
    const message = messages[m.kind];
    if (!message) continue;
    const key = `${m.note}|${message}`;
    wantNotes.set(key, (wantNotes.get(key) ?? 0) + 1);
  }
  for (const [key, want] of wantNotes) {
    const have = noteCounts.get(key) ?? 0;
    if (have < want) {
      verdict.lost += want - have;
      note(`lost note activity ${key}`);
    } else if (have > want) {
      verdict.duplicated += have - want;
      note(`duplicated note activity ${key} (${have} for ${want})`);
    }
  }

  // Emails: each value set once.
  const emails = await rowsOf<{ value: string; n: string }>(
    db,
    sql`SELECT data->>'new' AS value, count(*) AS n FROM activities
        WHERE org_id = ${DEMO_ORG} AND type = 'updated_email' GROUP BY 1`,
  );
  const emailCounts = new Map(emails.map((e) => [e.value, Number(e.n)]));
  for (const m of applied.filter((x) => x.kind === 'email')) {
    const have = emailCounts.get(m.email as string) ?? 0;
    if (have === 0) {
      verdict.lost += 1;
      note(`lost email ${m.email}`);
    } else if (have > 1) {
      verdict.duplicated += have - 1;
      note(`duplicated email ${m.email} (${have})`);
    }
  }
  return verdict;
}

export async function chaosBench(print: (f: Figure) => void): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('# chaos bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    return;
  }
  console.log(
    `# chaos: seed ${SEED} (CHAOS_SEED=${SEED} to replay), ${MUTATIONS} mutations from ${DEVICES} devices; ${cpus().length} cores, load average ${loadavg().map(round).join(' ')}`,
  );
  print({ name: 'chaos.seed', value: SEED, unit: 'seed' });
  const random = createRandom(SEED).next;
  const database = await createPostgresDatabase(adminUrl, 'hs_chaos');
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-chaos-'));
  const instances: Instance[] = [];
  const players: Player[] = [];
  let handle: DatabaseHandle | undefined;
  let proxy: FaultProxy | undefined;
  try {
    execFileSync(process.execPath, ['server/db/seed/cli.ts', '--contacts', '300'], {
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    const db = handle.db;
    const people = await buildLoadWorld(db, {
      perOrg: [Math.ceil(DEVICES / 2), 0],
      leadsPerUser: 2 * OWN_LEADS + SHARED_LEADS,
      seed: SEED,
    });
    const deployment = { databaseUrl: database.url, dataDir, secretsKey: newSecretsKey() };
    for (const name of ['instance A', 'instance B']) {
      const instance = new Instance(name, deployment);
      await instance.start();
      instances.push(instance);
    }
    proxy = new FaultProxy(() => instances.map((i) => i.url), createRandom(SEED + 1).next);
    const proxyUrl = await proxy.listen();

    for (const user of people) {
      for (const side of [0, 1]) {
        const index = players.length;
        if (index >= DEVICES) break;
        const session = await signIn((instances[index % 2] as Instance).url, user.email, PASSWORD);
        // Up to twelve hours ahead or behind, in whole minutes.
        const skewMs = Math.round((random() * 24 - 12) * 60) * 60_000;
        const device = new ChaosDevice({
          name: `hs-${session.id}-${side}`,
          url: proxyUrl,
          skewMs,
          random: createRandom(SEED * 31 + index).next,
        });
        device.token = session.token;
        players.push({
          index,
          device,
          userId: session.id,
          user,
          own: user.leads.slice(side * OWN_LEADS, (side + 1) * OWN_LEADS),
          shared: user.leads.slice(2 * OWN_LEADS),
          notes: [],
          lastAt: 0,
          skewMs,
        });
      }
    }
    for (const player of players) await player.device.start();
    console.log(`# chaos: clocks off by ${players.map((p) => round(p.skewMs / 3_600_000)).join(', ')} hours`);

    // The offline device: a rep's second device (its partner deletes notes meanwhile).
    const offline = players.find((p) => p.user.level === 'User' && p.index % 2 === 1) as Player;
    offline.device.setOnline(false);
    proxy.rates = FAULTS;
    const made: Made[] = [];
    let count = 0;
    let killed = false;
    let pruned = false;
    let horizon = 0;
    let restarted: Promise<void> = Promise.resolve();
    const started = performance.now();
    await Promise.all(
      players.map(async (player) => {
        const own = createRandom(SEED * 7 + player.index).next;
        while (count < MUTATIONS) {
          await sleep(own() * 100);
          const seq = count++;
          const change = await makeChange(player, own, seq);
          if (change) made.push(change);
          else count -= 1;
          if (!killed && count >= MUTATIONS * 0.35) {
            killed = true;
            const victim = instances[0] as Instance;
            await victim.kill();
            console.log(`# chaos: ${victim.name} killed (SIGKILL) after ${count} mutations`);
            restarted = sleep(4_000).then(async () => {
              await victim.start();
              console.log(`# chaos: ${victim.name} started again on port ${victim.port}`);
            });
          }
          if (!pruned && count >= MUTATIONS * 0.9) {
            pruned = true;
            const [row] = await rowsOf<{ v: string }>(
              db,
              sql`UPDATE org_versions SET horizon = v WHERE org_id = ${DEMO_ORG} RETURNING v`,
            );
            horizon = Number(row?.v);
            const gone = await rowsOf<{ id: string }>(
              db,
              sql`DELETE FROM notes WHERE org_id = ${DEMO_ORG} AND deleted_at IS NOT NULL AND version <= ${horizon} RETURNING id`,
            );
            const [deleted] = await rowsOf<{ n: string }>(
              db,
              sql`SELECT count(*) AS n FROM notes WHERE org_id = ${DEMO_ORG} AND deleted_at IS NOT NULL`,
            );
            console.log(
              `# chaos: tombstones pruned up to version ${horizon} (${gone.length} notes; ${deleted?.n} deleted notes left)`,
            );
          }
        }
      }),
    );
    await restarted;
    const workSeconds = (performance.now() - started) / 1000;
    const offlineCursor = Number((await offline.device.db.meta.get('cursor'))?.value ?? 0);
    console.log(
      `# chaos: ${made.length} changes made in ${round(workSeconds)} s; the offline device's cursor ${offlineCursor}, horizon ${horizon}, ${await offline.device.db.outbox.count()} changes queued on it`,
    );

    // Faults stop; everyone comes online and syncs until nothing is left to send.
    proxy.rates = NO_FAULTS;
    offline.device.setOnline(true);
    const settleStarted = performance.now();
    for (let pass = 1; pass <= 60; pass++) {
      const roundStarted = performance.now();
      const slowest = await syncRound(db, players);
      const queued = (await Promise.all(players.map((p) => p.device.db.outbox.count()))).reduce(
        (a, b) => a + b,
        0,
      );
      console.log(
        `# chaos: settle round ${pass} took ${round((performance.now() - roundStarted) / 1000)} s (the last to finish: ${slowest}); ${queued} changes still queued`,
      );
      if (!queued) break;
      await sleep(500);
    }
    for (let round = 0; round < 2; round++) await syncRound(db, players);
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    // The devices stop syncing: what they hold now is what is compared.
    await within('stopping the devices', Promise.all(players.map((p) => p.device.engine.stop())));

    print({ name: 'chaos.mutations', value: made.length, unit: 'count' });
    print({ name: 'chaos.devices', value: players.length, unit: 'count' });
    print({ name: 'chaos.seconds', value: round(workSeconds), unit: 's' });
    print({ name: 'chaos.settle_seconds', value: round(settleSeconds), unit: 's' });
    for (const [fault, n] of proxy.counts) console.log(`# chaos fault: ${fault} × ${n}`);
    const queued = (await Promise.all(players.map((p) => p.device.db.outbox.count()))).reduce(
      (a, b) => a + b,
      0,
    );
    print({ name: 'chaos.still_queued', value: queued, unit: 'count' });

    const verdict = await checkLedger(db, players, made);
    print({ name: 'chaos.lost', value: verdict.lost, unit: 'count' });
    print({ name: 'chaos.duplicated', value: verdict.duplicated, unit: 'count' });
    print({ name: 'chaos.refused', value: verdict.refused, unit: 'count' });
    print({ name: 'chaos.knocks_at_server_time', value: verdict.clamped, unit: 'count' });
    print({ name: 'chaos.refusals_unheard', value: verdict.unsurfaced, unit: 'count' });
    for (const example of verdict.examples) console.log(`# chaos ledger: ${example}`);

    const views = new ServerViews(db);
    let notConverged = 0;
    const examples: string[] = [];
    const direct = (instances[1] as Instance).url;
    for (const player of players) {
      const held = await within(`device ${player.index}'s rows`, player.device.view());
      const visible = await within(`what device ${player.index} may see`, views.of(player.userId));
      const diff = compareViews(held, visible);
      const fresh = await within(
        `a fresh pull of device ${player.index}`,
        freshRows(direct, player.device.token),
      );
      const rows = await within(`device ${player.index}'s rows`, player.device.rows());
      const differing = [...fresh].filter(([k, row]) => JSON.stringify(rows.get(k)) !== JSON.stringify(row));
      if (diff.missing + diff.extra + diff.stale > 0 || differing.length || rows.size !== fresh.size) {
        notConverged += 1;
        const [k, row] = differing[0] ?? ['', {}];
        const held: Record<string, unknown> = rows.get(k) ?? {};
        const fields = Object.keys({ ...held, ...row }).filter(
          (f) => JSON.stringify(held[f]) !== JSON.stringify(row[f]),
        );
        if (examples.length < 5)
          examples.push(
            `device ${player.index}: ${diff.examples.join('; ') || 'same versions'}; ${differing.length} whole rows differ${
              k ? `, e.g. ${k.replace('\u0000', ' ')}: ${fields.join(', ')}` : ''
            }`,
          );
      }
    }
    print({ name: 'chaos.not_converged', value: notConverged, unit: 'devices' });
    for (const example of examples) console.log(`# chaos convergence: ${example}`);
    console.log(`# chaos: load average at the end ${loadavg().map(round).join(' ')}`);
  } finally {
    await Promise.all(players.map((p) => p.device.stop().catch(() => undefined)));
    await proxy?.close();
    for (const instance of instances) await instance.stop();
    await handle?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
