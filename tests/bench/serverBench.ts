/**
 * Server benchmark: autocannon against `GET /api/v2/leads/get?limit=100` with 100,000 contacts and
 * 20 connections, for the API and for a bare `http` server doing the same query — on PGlite, and on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Servers run in child processes
 * so the load generator and the server are measured as separate processes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../support/postgresDatabase.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PATH = '/api/v2/leads/get?limit=100';

export interface Figure {
  name: string;
  value: number;
  unit: string;
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

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url: url + PATH, connections: 20, duration: 2, headers });
  const result = await autocannon({ url: url + PATH, connections: 20, duration: SECONDS, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
  };
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

async function measure(kind: string, env: Record<string, string>): Promise<Figure[]> {
  seed(env);
  const api = await startChild('server/main.ts', env);
  const token = await login(api.url);
  const ours = await load(api.url, { authorization: `Bearer ${token}` });
  await stop(api.proc);
  const bare = await startChild('tests/bench/bareServer.ts', env);
  const base = await load(bare.url);
  await stop(bare.proc);
  return [
    { name: `server.${kind}.leads_get.rps`, value: round(ours.rps), unit: 'req/s' },
    { name: `server.${kind}.leads_get.p99`, value: ours.p99, unit: 'ms' },
    { name: `server.${kind}.leads_get.errors`, value: ours.errors, unit: 'count' },
    { name: `server.${kind}.leads_get.timeouts`, value: ours.timeouts, unit: 'count' },
    { name: `server.${kind}.bare_http.rps`, value: round(base.rps), unit: 'req/s' },
    { name: `server.${kind}.bare_http.p99`, value: base.p99, unit: 'ms' },
    { name: `server.${kind}.leads_get.share_of_bare`, value: round((100 * ours.rps) / base.rps), unit: '%' },
  ];
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function serverBench(print: (f: Figure) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hs-bench-'));
  try {
    for (const f of await measure('pglite', { DATA_DIR: dir })) print(f);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
