/**
 * Many devices on several instances (`npm run bench -- load`): two API instances (child processes)
 * on one PostgreSQL database, LOAD_DEVICES (500) simulated devices spread over them, each with its
 * own session and client id: reps of several teams, their managers and admins, in two orgs. Each
 * device first syncs in full and opens its live update stream; then
 * - soak, LOAD_SECONDS (60): every device pushes a small batch (1–4 of knocks, status edits and
 *   notes, on leads of its own) every LOAD_THINK_MS (20,000) ± 50%, pulling after each push and on
 *   every poke with a version it has not pulled, as the app does;
 * - capacity, LOAD_BURST_SECONDS (15): the same devices push their next batch as soon as the last
 *   is answered, so the instances and the database are busy all the time.
 * Figures: mutations applied per second in each phase; beside the capacity phase, a bare insert of
 * the rows it wrote (each mutation's knock or note row, in the same batches, one transaction each,
 * over as many connections as the two instances' pools) into copies of those tables in the same
 * database, and the ratio; p50/p99 of push and pull; from sending a knock through one instance to
 * the poke naming its version on streams of the other (p50/p95, sampled knocks of the soak, on up to
 * 8 streams per org and instance); resident memory growth of the instances per open stream; errors
 * (any answer other than 2xx, a dropped stream, a rejected mutation); and where each phase's CPU
 * went (machineCpu.ts): the instances', the bench's own and the local PostgreSQL's, the machine's
 * idle share, and how long the instances' main threads were ready but waited for a core.
 * Then, on the database: every acknowledged knock and status edit made exactly one knock, in order,
 * and every note exactly one note and one activity (lost / duplicated); no device received a row
 * of the other org (leaked); and every device's view equals the rows its user may see by the
 * pull's own rule, at their versions (not converged; LOAD_FULL_ROWS devices (10) also compare
 * whole rows with a fresh pull).
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where it may create a database).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { createRandom } from '#server/db/seed/random.ts';
import { createPostgresDatabase } from '../support/postgresDatabase.ts';
import { Instance, newSecretsKey, signIn } from './instances.ts';
import { buildLoadWorld, DEMO_ORG, type LoadUser, PASSWORD, SECOND_ORG } from './loadWorld.ts';
import { type CpuShares, measureCpu } from './machineCpu.ts';
import type { Figure } from './serverBench.ts';
import { PhaseStats, type SentMutation, SimDevice } from './simDevice.ts';
import { compareViews, foreignRows, freshRows, ServerViews } from './syncChecks.ts';

const DEVICES = Number(process.env.LOAD_DEVICES ?? 500);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const BURST_SECONDS = Number(process.env.LOAD_BURST_SECONDS ?? 15);
// A rep knocks a door every minute or two; a batch every 20 s is several busy days at once.
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 20_000);
const LEADS_PER_USER = Number(process.env.LOAD_LEADS ?? 20);
const SEED_CONTACTS = Number(process.env.LOAD_CONTACTS ?? 2_000);
const FULL_ROWS = Number(process.env.LOAD_FULL_ROWS ?? 10);
const SEED = Number(process.env.LOAD_SEED ?? 31);
const OBSERVERS = 8;
/** Connections each instance's pool holds (server/db/client.ts). */
const POOL_SIZE = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (xs: number[], p: number) =>
  xs.length
    ? ([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] as number)
    : 0;

/** Runs `work` over the items, at most `n` at a time. */
async function inParallel<T>(
  items: readonly T[],
  n: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

async function orgVersion(db: DatabaseHandle['db'], org: number): Promise<number> {
  const result = (await db.execute(sql`SELECT v FROM org_versions WHERE org_id = ${org}`)) as unknown as {
    rows: { v: string }[];
  };
  return Number(result.rows[0]?.v ?? 0);
}

interface PokeSample {
  org: number;
  instance: number;
  version: number;
  sentAt: number;
}

interface Phase {
  name: string;
  stats: PhaseStats;
  seconds: number;
  /** Each org's version when the phase started and ended. */
  from: Record<number, number>;
  to: Record<number, number>;
  /** The instances' and then the bench's own CPU, PostgreSQL's and the machine's idle share. */
  cpu: CpuShares;
}

/** Every device pushes a batch, waits `thinkMs` ± 50%, and again, until the time is up. */
async function runPhase(
  devices: SimDevice[],
  db: DatabaseHandle['db'],
  instances: Instance[],
  name: string,
  seconds: number,
  thinkMs: number,
): Promise<Phase> {
  const stats = new PhaseStats();
  for (const d of devices) d.stats = stats;
  const from = { [DEMO_ORG]: await orgVersion(db, DEMO_ORG), [SECOND_ORG]: await orgVersion(db, SECOND_ORG) };
  const meter = measureCpu([...instances.map((i) => i.pid), process.pid]);
  const started = performance.now();
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    devices.map(async (device) => {
      const random = createRandom(SEED * 1000 + device.index + name.length).next;
      // Devices start spread over one think time, not all at once.
      await sleep(random() * thinkMs);
      while (Date.now() < end) {
        device.queueBatch(random, 1 + Math.floor(random() * 4));
        await device.sync();
        await sleep(thinkMs * (0.5 + random()));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = meter.stop();
  const to = { [DEMO_ORG]: await orgVersion(db, DEMO_ORG), [SECOND_ORG]: await orgVersion(db, SECOND_ORG) };
  return { name, stats, seconds: elapsed, from, to, cpu };
}

function printPhase(print: (f: Figure) => void, phase: Phase): void {
  const { stats, name } = phase;
  const p = `load.${name}`;
  print({
    name: `${p}.mutations_applied_per_s`,
    value: round(stats.applied / phase.seconds),
    unit: 'mutations/s',
  });
  print({ name: `${p}.push_p50_ms`, value: round(percentile(stats.push, 50)), unit: 'ms' });
  print({ name: `${p}.push_p99_ms`, value: round(percentile(stats.push, 99)), unit: 'ms' });
  print({ name: `${p}.pull_p50_ms`, value: round(percentile(stats.pull, 50)), unit: 'ms' });
  print({ name: `${p}.pull_p99_ms`, value: round(percentile(stats.pull, 99)), unit: 'ms' });
  print({ name: `${p}.pulls_per_s`, value: round(stats.pull.length / phase.seconds), unit: 'pulls/s' });
  print({ name: `${p}.errors`, value: stats.errorCount, unit: 'count' });
  for (const [kind, n] of stats.errors) console.log(`# ${p} errors: ${kind} × ${n}`);
  const { processes, waiting, postgres, idle } = phase.cpu;
  const share = (x: number) => `${round(100 * x)}%`;
  const instances = processes.slice(0, -1).map(share).join(' + ');
  const waited = waiting.slice(0, -1).map(share).join(' + ');
  console.log(
    `# ${p}: ${round(phase.seconds)} s; CPU of one core: instances ${instances}, bench ${share(processes.at(-1) ?? 0)}, PostgreSQL ${share(postgres)}; machine idle ${share(idle)}; instances' main threads waited for a core ${waited} of the time`,
  );
}

/** Time from a sampled knock's push to the first poke naming its version on the other instance's observers. */
function pokeLatencies(samples: PokeSample[], devices: SimDevice[]): { latencies: number[]; missed: number } {
  const latencies: number[] = [];
  let missed = 0;
  for (const sample of samples) {
    const observers = devices.filter(
      (d) => d.pokes && d.user.org === sample.org && d.instance !== sample.instance,
    );
    for (const observer of observers) {
      const pokes = observer.pokes as number[];
      let found = false;
      for (let i = 0; i < pokes.length; i += 2) {
        if ((pokes[i] as number) >= sample.version && (pokes[i + 1] as number) >= sample.sentAt) {
          latencies.push((pokes[i + 1] as number) - sample.sentAt);
          found = true;
          break;
        }
      }
      if (!found) missed += 1;
    }
  }
  return { latencies, missed };
}

interface Ledger {
  lost: number;
  duplicated: number;
  outOfOrder: number;
  examples: string[];
}

/** Each acknowledged knock or status edit made one knock row, in order; each note one note and one activity. */
async function checkLedger(db: DatabaseHandle['db'], devices: SimDevice[]): Promise<Ledger> {
  const ledger: Ledger = { lost: 0, duplicated: 0, outOfOrder: 0, examples: [] };
  const note = (text: string) => {
    if (ledger.examples.length < 5) ledger.examples.push(text);
  };
  const leads = devices.flatMap((d) => d.user.leads);
  const knocks = (await db.execute(sql`
    SELECT lead_id, status, knocked_at, lat FROM knocks
    WHERE lead_id = ANY(${sql.param(leads)}::uuid[]) ORDER BY version, knocked_at`)) as unknown as {
    rows: { lead_id: string; status: string; knocked_at: string | Date; lat: number | null }[];
  };
  const byLead = new Map<string, { status: string; at: number | null }[]>();
  for (const k of knocks.rows) {
    const list = byLead.get(k.lead_id) ?? [];
    list.push({ status: k.status, at: k.lat === null ? null : new Date(k.knocked_at).getTime() });
    byLead.set(k.lead_id, list);
  }
  const notes: SentMutation[] = [];
  for (const device of devices) {
    const expected = new Map<string, { status: string; at: number | null }[]>();
    for (const m of device.acknowledged) {
      if (m.kind === 'note') {
        notes.push(m);
        continue;
      }
      const list = expected.get(m.lead) ?? [];
      list.push({ status: m.status as string, at: m.at ? Date.parse(m.at) : null });
      expected.set(m.lead, list);
    }
    for (const lead of device.user.leads) {
      const want = expected.get(lead) ?? [];
      const have = byLead.get(lead) ?? [];
      const same = (a: { status: string; at: number | null }, b: { status: string; at: number | null }) =>
        a.status === b.status && a.at === b.at;
      const unmatched = [...have];
      for (const w of want) {
        const i = unmatched.findIndex((h) => same(h, w));
        if (i < 0) {
          ledger.lost += 1;
          note(`lost: ${w.status} on ${lead}`);
        } else unmatched.splice(i, 1);
      }
      ledger.duplicated += unmatched.length;
      if (unmatched.length) note(`duplicated: ${unmatched.length} knocks on ${lead}`);
      if (
        !unmatched.length &&
        want.length === have.length &&
        want.some((w, i) => !same(w, have[i] as never))
      ) {
        ledger.outOfOrder += 1;
        note(`out of order: ${lead}`);
      }
    }
  }
  const ids = notes.map((m) => m.note as string);
  const stored = (await db.execute(sql`
    SELECT n.id, (SELECT count(*) FROM activities a WHERE a.type = 'note' AND a.data->>'record' = n.id::text) AS activities
    FROM notes n WHERE n.id = ANY(${sql.param(ids)}::uuid[])`)) as unknown as {
    rows: { id: string; activities: string }[];
  };
  const found = new Map(stored.rows.map((r) => [r.id, Number(r.activities)]));
  for (const id of ids) {
    const n = found.get(id);
    if (n === undefined || n === 0) {
      ledger.lost += 1;
      note(`lost: note ${id}`);
    } else if (n > 1) {
      ledger.duplicated += n - 1;
      note(`duplicated: note ${id} has ${n} activities`);
    }
  }
  // The server's count of each device's mutations matches what the device had answered.
  const clients = (await db.execute(sql`
    SELECT client_id, last_mutation_id FROM sync_clients
    WHERE client_id = ANY(${sql.param(devices.map((d) => d.clientId))}::uuid[])`)) as unknown as {
    rows: { client_id: string; last_mutation_id: string }[];
  };
  const last = new Map(clients.rows.map((r) => [r.client_id, Number(r.last_mutation_id)]));
  for (const device of devices) {
    const answered = device.acknowledged.length + device.rejected.length;
    if ((last.get(device.clientId) ?? 0) !== answered) {
      ledger.lost += Math.max(0, answered - (last.get(device.clientId) ?? 0));
      note(`device ${device.index}: server's last id ${last.get(device.clientId)}, answered ${answered}`);
    }
  }
  return ledger;
}

/**
 * A bare insert of the rows the phase's mutations wrote (knocks and notes, grouped by the version
 * of the batch that wrote them) into copies of those tables: rows per second.
 */
async function bareInsert(url: string, phase: Phase): Promise<{ rowsPerSecond: number; rows: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 2 * POOL_SIZE });
  try {
    await pool.query('DROP TABLE IF EXISTS bare_knocks, bare_notes');
    await pool.query('CREATE TABLE bare_knocks (LIKE knocks INCLUDING ALL)');
    await pool.query('CREATE TABLE bare_notes (LIKE notes INCLUDING ALL)');
    const groups = new Map<string, { knocks: unknown[]; notes: unknown[] }>();
    for (const [table, field] of [
      ['knocks', 'knocks'],
      ['notes', 'notes'],
    ] as const) {
      for (const org of [DEMO_ORG, SECOND_ORG]) {
        const { rows } = await pool.query(
          `SELECT * FROM ${table} WHERE org_id = $1 AND version > $2 AND version <= $3`,
          [org, phase.from[org], phase.to[org]],
        );
        for (const row of rows as { version: string }[]) {
          const k = `${org}:${row.version}`;
          const group = groups.get(k) ?? { knocks: [], notes: [] };
          group[field].push(row);
          groups.set(k, group);
        }
      }
    }
    const batches = [...groups.values()];
    const rows = batches.reduce((n, b) => n + b.knocks.length + b.notes.length, 0);
    const started = performance.now();
    await inParallel(batches, 2 * POOL_SIZE, async (batch) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        if (batch.knocks.length)
          await client.query(
            'INSERT INTO bare_knocks SELECT * FROM json_populate_recordset(NULL::bare_knocks, $1)',
            [JSON.stringify(batch.knocks)],
          );
        if (batch.notes.length)
          await client.query(
            'INSERT INTO bare_notes SELECT * FROM json_populate_recordset(NULL::bare_notes, $1)',
            [JSON.stringify(batch.notes)],
          );
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    });
    const seconds = (performance.now() - started) / 1000;
    return { rowsPerSecond: rows / seconds, rows };
  } finally {
    await pool.end();
  }
}

/**
 * Devices whose view is not what their user may see (by version, and for devices keeping rows,
 * whole rows against a fresh pull); `moved` when an org's version changed during the check.
 */
async function convergence(
  db: DatabaseHandle['db'],
  devices: SimDevice[],
): Promise<{ notConverged: number; examples: string[]; moved: boolean }> {
  const before = [await orgVersion(db, DEMO_ORG), await orgVersion(db, SECOND_ORG)];
  const views = new ServerViews(db);
  let notConverged = 0;
  const examples: string[] = [];
  for (const device of devices) {
    const diff = compareViews(device.view, await views.of(device.userId));
    if (diff.missing + diff.extra + diff.stale > 0) {
      notConverged += 1;
      if (examples.length < 5) examples.push(`device ${device.index}: ${diff.examples.join('; ')}`);
    }
  }
  for (const device of devices.filter((d) => d.rows)) {
    const fresh = await freshRows(device.url, device.token);
    const rows = device.rows as Map<string, Record<string, unknown>>;
    const differing = [...fresh].filter(([k, row]) => JSON.stringify(rows.get(k)) !== JSON.stringify(row));
    if (differing.length || rows.size !== fresh.size) {
      notConverged += 1;
      const [k, row] = differing[0] ?? ['', {}];
      const held = rows.get(k) ?? {};
      const fields = Object.keys({ ...held, ...row }).filter(
        (f) => JSON.stringify(held[f]) !== JSON.stringify(row[f]),
      );
      examples.push(
        `device ${device.index}: ${differing.length} rows differ from a fresh pull (${rows.size} held, ${fresh.size} fresh), e.g. ${k.replace('\u0000', ' ')}: ${fields
          .map((f) => `${f} ${JSON.stringify(held[f])} ≠ ${JSON.stringify(row[f])}`)
          .join(', ')}`,
      );
    }
  }
  const after = [await orgVersion(db, DEMO_ORG), await orgVersion(db, SECOND_ORG)];
  return { notConverged, examples, moved: before.some((v, i) => v !== after[i]) };
}

export async function loadBench(print: (f: Figure) => void): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('# load bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    return;
  }
  console.log(
    `# load: ${DEVICES} devices, ${SECONDS} s soak (a batch every ${THINK_MS} ms ± 50%), ${BURST_SECONDS} s capacity; ${cpus().length} cores, load average ${loadavg()
      .map(round)
      .join(' ')}`,
  );
  const database = await createPostgresDatabase(adminUrl, 'hs_load');
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-load-'));
  const instances: Instance[] = [];
  let handle: DatabaseHandle | undefined;
  const devices: SimDevice[] = [];
  try {
    execFileSync(process.execPath, ['server/db/seed/cli.ts', '--contacts', String(SEED_CONTACTS)], {
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    const db = handle.db;
    const users: LoadUser[] = await buildLoadWorld(db, {
      perOrg: [Math.ceil(DEVICES / 2), Math.floor(DEVICES / 2)],
      leadsPerUser: LEADS_PER_USER,
      seed: SEED,
    });
    const deployment = { databaseUrl: database.url, dataDir, secretsKey: newSecretsKey() };
    for (const name of ['instance A', 'instance B']) {
      const instance = new Instance(name, deployment);
      await instance.start();
      instances.push(instance);
    }
    const received: Record<number, Set<string>> = {
      [DEMO_ORG]: new Set<string>(),
      [SECOND_ORG]: new Set<string>(),
    };
    const setup = new PhaseStats();
    // Alternate the orgs' people, so each instance serves both orgs.
    const byOrg = [users.filter((u) => u.org === DEMO_ORG), users.filter((u) => u.org === SECOND_ORG)];
    const ordered: LoadUser[] = [];
    for (let i = 0; ordered.length < users.length; i++)
      for (const list of byOrg) if (list[i]) ordered.push(list[i] as LoadUser);
    for (const [index, user] of ordered.entries()) {
      // Each org's devices alternate between the instances.
      const instance = Math.floor(index / 2) % 2;
      devices.push(
        new SimDevice({
          index,
          user,
          instance,
          url: (instances[instance] as Instance).url,
          stats: setup,
          keepRows: index < FULL_ROWS,
          received: received[user.org] as Set<string>,
        }),
      );
    }
    const firstSyncStarted = performance.now();
    await inParallel(devices, 8, async (device) => {
      const session = await signIn(device.url, device.user.email, PASSWORD);
      device.token = session.token;
      device.userId = session.id;
      await device.pullAll();
    });
    print({ name: 'load.devices', value: devices.length, unit: 'count' });
    console.log(
      `# load: ${devices.length} devices signed in and synced in full in ${round((performance.now() - firstSyncStarted) / 1000)} s`,
    );

    const rssBefore = instances.map((i) => i.rssKb());
    await inParallel(devices, 16, (device) => device.openStream());
    await sleep(2_000);
    const rssAfter = instances.map((i) => i.rssKb());
    const growth = rssAfter.reduce((n, kb, i) => n + kb - (rssBefore[i] ?? 0), 0);
    print({ name: 'load.rss_per_stream_kb', value: round(growth / devices.length), unit: 'kB' });
    console.log(
      `# load: instances' RSS ${rssBefore.join(', ')} kB before the streams, ${rssAfter.join(', ')} kB after`,
    );
    for (const org of [DEMO_ORG, SECOND_ORG])
      for (const side of [0, 1])
        for (const d of devices.filter((x) => x.user.org === org && x.instance === side).slice(0, OBSERVERS))
          d.pokes = [];

    // Knocks sampled for the poke figure: their batch's version, read right after the answer.
    const samples: PokeSample[] = [];
    const sampled: Promise<unknown>[] = [];
    let knockCount = 0;
    const sampling = (device: SimDevice, mutation: SentMutation, sentAt: number) => {
      if (knockCount++ % 5 !== 0) return;
      const read = db
        .execute(sql`SELECT version FROM contacts WHERE id = ${mutation.lead}`)
        .then((result) => {
          const version = Number((result as unknown as { rows: { version: string }[] }).rows[0]?.version);
          samples.push({ org: device.user.org, instance: device.instance, version, sentAt });
        });
      sampled.push(read);
    };
    for (const d of devices) d.onKnock = sampling;
    const soak = await runPhase(devices, db, instances, 'soak', SECONDS, THINK_MS);
    for (const d of devices) d.onKnock = undefined;
    const capacity =
      BURST_SECONDS > 0 ? await runPhase(devices, db, instances, 'capacity', BURST_SECONDS, 0) : undefined;

    // Everything queued goes out; then, with the streams closed and nothing more written, a last pull.
    const final = new PhaseStats();
    for (const d of devices) d.stats = final;
    for (let round = 0; round < 20 && devices.some((d) => d.pending); round++)
      await inParallel(
        devices.filter((d) => d.pending),
        32,
        (d) => d.sync(),
      );
    await Promise.all(devices.map((d) => d.close()));
    await inParallel(devices, 16, (d) => d.pullAll());

    await Promise.all(sampled);
    printPhase(print, soak);
    const poke = pokeLatencies(samples, devices);
    print({
      name: 'load.soak.poke_other_instance_p50_ms',
      value: round(percentile(poke.latencies, 50)),
      unit: 'ms',
    });
    print({
      name: 'load.soak.poke_other_instance_p95_ms',
      value: round(percentile(poke.latencies, 95)),
      unit: 'ms',
    });
    print({ name: 'load.soak.pokes_missed', value: poke.missed, unit: 'count' });
    console.log(`# load: ${samples.length} knocks sampled, ${poke.latencies.length} pokes timed`);
    if (capacity) printPhase(print, capacity);
    print({ name: 'load.final.errors', value: final.errorCount, unit: 'count' });
    for (const [kind, n] of final.errors) console.log(`# load.final errors: ${kind} × ${n}`);

    const ledger = await checkLedger(db, devices);
    print({ name: 'load.lost', value: ledger.lost, unit: 'count' });
    print({ name: 'load.duplicated', value: ledger.duplicated, unit: 'count' });
    print({ name: 'load.out_of_order', value: ledger.outOfOrder, unit: 'count' });
    print({
      name: 'load.rejected',
      value: devices.reduce((n, d) => n + d.rejected.length, 0),
      unit: 'count',
    });
    for (const example of ledger.examples) console.log(`# load ledger: ${example}`);
    for (const d of devices.filter((x) => x.rejected.length).slice(0, 3))
      console.log(`# load rejected on device ${d.index}: ${d.rejected[0]?.message}`);

    let leaked = 0;
    for (const org of [DEMO_ORG, SECOND_ORG])
      leaked += await foreignRows(db, org, received[org] as Set<string>);
    print({ name: 'load.leaked', value: leaked, unit: 'rows' });

    // Scheduled work (a contest's standings) may write meanwhile: the devices pull again and the
    // check runs again while the orgs' versions move.
    let verdict = await convergence(db, devices);
    for (let again = 0; again < 3 && verdict.moved; again++) {
      await inParallel(devices, 16, (d) => d.pullAll());
      verdict = await convergence(db, devices);
    }
    const { notConverged, examples } = verdict;
    print({ name: 'load.not_converged', value: notConverged, unit: 'devices' });
    for (const example of examples) console.log(`# load convergence: ${example}`);

    if (capacity) {
      // The instances are done: their connections and CPU go to the bare insert.
      for (const instance of instances) await instance.stop();
      const bare = await bareInsert(database.url, capacity);
      const ours = capacity.stats.applied / capacity.seconds;
      print({
        name: 'load.capacity.bare_insert_rows_per_s',
        value: round(bare.rowsPerSecond),
        unit: 'rows/s',
      });
      print({
        name: 'load.capacity.share_of_bare_insert',
        value: round((100 * ours) / bare.rowsPerSecond),
        unit: '%',
      });
      console.log(`# load: bare insert of ${bare.rows} rows`);
    }
    console.log(`# load: load average at the end ${loadavg().map(round).join(' ')}`);
  } finally {
    await Promise.all(devices.map((d) => d.close().catch(() => undefined)));
    for (const instance of instances) await instance.stop();
    await handle?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
