/**
 * Server benchmark: autocannon against `GET /api/v2/leads/get?limit=100` with 100,000 contacts and
 * 20 connections, for the API and for a bare `http` server doing the same query — on PGlite, and on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set (`BENCH_SERVER_DATABASES=postgres`
 * runs one of them). Servers run in child processes so the load generator and the server are
 * measured as separate processes. Both servers run at once and are loaded in turns (API, bare, bare,
 * API, …; BENCH_ROUNDS rounds sharing BENCH_SECONDS each), so whatever else the machine does weighs
 * on both alike; each round's share of the bare server is printed beside the totals. Then one more
 * round of the API asked as a browser asks (`Accept-Encoding: br`, so its answers are compressed),
 * beside the bare server's total (`leads_get_br`).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../support/postgresDatabase.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DATABASES = (process.env.BENCH_SERVER_DATABASES ?? 'pglite,postgres').split(',');
const PATH = '/api/v2/leads/get?limit=100';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target it is held to, printed beside it (`≤ 100`). */
  goal?: string;
}

function startChild(
  script: string,
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: '0',
      SEED_DEMO: '0',
      STATIC_DIR: '',
      NODE_ENV: 'production',
      // A benchmark never places leads through a geocoder on the internet.
      PLACE_LEADS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d;
      const match = /(http:\/\/localhost:\d+)/.exec(out);
      if (match?.[1]) resolve({ proc, url: match[1] });
    });
    proc.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
}

async function stop(proc: ChildProcess) {
  proc.kill('SIGTERM');
  if (proc.exitCode === null) await once(proc, 'exit');
}

interface Round {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  timeouts: number;
}

/** One round of `seconds` against a server: answers, time taken and every answer's latency (ms). */
async function round(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Round> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: url + PATH, connections: 20, duration: seconds, headers },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status >= 200 && status < 300) latencies.push(time);
    });
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return {
    requests: latencies.length,
    seconds: result.duration,
    latencies,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function total(rounds: Round[]) {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  return {
    rps: requests / seconds,
    p99: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    timeouts: rounds.reduce((sum, r) => sum + r.timeouts, 0),
  };
}

/** The API and the bare server in turns (ABBA…), after a short warm-up of each. */
async function loadInTurns(api: string, bare: string, headers: Record<string, string>) {
  await round(api, 2, headers);
  await round(bare, 2);
  const ours: Round[] = [];
  const base: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const seconds = SECONDS / ROUNDS;
    if (i % 2 === 0) {
      ours.push(await round(api, seconds, headers));
      base.push(await round(bare, seconds));
    } else {
      base.push(await round(bare, seconds));
      ours.push(await round(api, seconds, headers));
    }
  }
  const shares = ours.map((r, i) => {
    const b = base[i];
    return b ? Math.round((100 * r.requests * b.seconds) / (r.seconds * b.requests)) : 0;
  });
  return { ours: total(ours), base: total(base), shares };
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`bench login failed: ${body.message}`);
  return body.token;
}

function seed(env: Record<string, string>) {
  execFileSync(process.execPath, ['server/db/seed/cli.ts', '--contacts', String(CONTACTS)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** `bareEnv`: the bare server's own copy of an embedded database (one process per data folder). */
async function measure(
  kind: string,
  env: Record<string, string>,
  bareEnv: Record<string, string> = env,
): Promise<Figure[]> {
  seed(env);
  if (bareEnv.DATA_DIR && env.DATA_DIR && bareEnv.DATA_DIR !== env.DATA_DIR)
    cpSync(env.DATA_DIR, bareEnv.DATA_DIR, { recursive: true });
  const api = await startChild('server/main.ts', env);
  let bare: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    bare = await startChild('tests/bench/bareServer.ts', bareEnv);
    const load = loadavg()[0] ?? 0;
    const token = await login(api.url);
    const auth = { authorization: `Bearer ${token}` };
    const { ours, base, shares } = await loadInTurns(api.url, bare.url, auth);
    // As a browser asks for it: the answer compressed (respond.ts). One round after the turns.
    const packed = total([
      await round(api.url, (2 * SECONDS) / ROUNDS, { ...auth, 'accept-encoding': 'br' }),
    ]);
    console.log(
      `# ${kind}: ${ROUNDS} rounds, API share of bare per round ${shares.join(', ')} %; load average ${load.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after (${cpus().length} cores)`,
    );
    return [
      { name: `server.${kind}.leads_get.rps`, value: round1(ours.rps), unit: 'req/s' },
      { name: `server.${kind}.bare_http.rps`, value: round1(base.rps), unit: 'req/s' },
      {
        name: `server.${kind}.leads_get.share_of_bare`,
        value: round1((100 * ours.rps) / base.rps),
        unit: '%',
      },
      { name: `server.${kind}.leads_get.p99`, value: round1(ours.p99), unit: 'ms' },
      { name: `server.${kind}.bare_http.p99`, value: round1(base.p99), unit: 'ms' },
      { name: `server.${kind}.leads_get_br.rps`, value: round1(packed.rps), unit: 'req/s' },
      {
        name: `server.${kind}.leads_get_br.share_of_bare`,
        value: round1((100 * packed.rps) / base.rps),
        unit: '%',
      },
      { name: `server.${kind}.leads_get_br.p99`, value: round1(packed.p99), unit: 'ms' },
      { name: `server.${kind}.leads_get.errors`, value: ours.errors + packed.errors, unit: 'count' },
      { name: `server.${kind}.leads_get.timeouts`, value: ours.timeouts + packed.timeouts, unit: 'count' },
    ];
  } finally {
    await stop(api.proc);
    if (bare) await stop(bare.proc);
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function serverBench(print: (f: Figure) => void): Promise<void> {
  if (DATABASES.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'hs-bench-'));
    try {
      const data = { DATA_DIR: join(dir, 'api') };
      for (const f of await measure('pglite', data, { DATA_DIR: join(dir, 'bare') })) print(f);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!DATABASES.includes('postgres')) return;
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('# PostgreSQL server bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    return;
  }
  const database = await createPostgresDatabase(adminUrl, 'hs_bench');
  try {
    for (const f of await measure('postgres', { DATABASE_URL: database.url })) print(f);
  } finally {
    await database.drop();
  }
}
