/** Two server processes on different ports against one PostgreSQL serve the same data. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, PASSWORD, type World } from '../support/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) console.warn('Multi-instance PostgreSQL test skipped: TEST_DATABASE_URL is not set.');

async function startProcess(databaseUrl: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      SEED_DEMO: '0',
      STATIC_DIR: '',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 30_000);
    proc.stdout?.on('data', (d: Buffer) => {
      output += d;
      const match = /on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { proc, url };
}

describe.skipIf(!enabled)('two API instances on one PostgreSQL', () => {
  let tdb: TestDatabase;
  let world: World;
  const procs: ChildProcess[] = [];

  beforeAll(async () => {
    tdb = await openTestDatabase('postgres');
    world = await createWorld(tdb.handle.db);
  });
  afterAll(async () => {
    for (const p of procs) {
      p.kill('SIGTERM');
      if (p.exitCode === null) await once(p, 'exit');
    }
    await tdb?.dispose();
  });

  it('a write through one instance is read through the other, with one session for both', async () => {
    const [a, b] = await Promise.all([startProcess(tdb.url as string), startProcess(tdb.url as string)]);
    procs.push(a.proc, b.proc);
    expect(a.url).not.toBe(b.url);
    const login = await fetch(`${a.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: world.users.rep.email, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const added = await fetch(`${a.url}/api/v2/leads/add`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Cross Instance', phone: '6025550111' }),
    });
    expect(added.status).toBe(201);
    const { data } = (await added.json()) as { data: { _id: string } };
    const read = await fetch(`${b.url}/api/v2/leads/get?ids=${data._id}`, { headers: auth });
    expect(read.status).toBe(200);
    const body = (await read.json()) as { data: { name: string }[] };
    expect(body.data.map((l) => l.name)).toEqual(['Cross Instance']);
  }, 90_000);
});
