/** Live updates across server processes: a write through one instance pokes a stream open on another. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pokeVersion, readEvents } from '../support/eventStream.ts';
import { createWorld, PASSWORD, type World } from '../support/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) console.warn('Live multi-instance PostgreSQL test skipped: TEST_DATABASE_URL is not set.');

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

describe.skipIf(!enabled)('live updates across two API instances on one PostgreSQL', () => {
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

  it('a write through instance A pokes a stream open on instance B', async () => {
    const [a, b] = await Promise.all([startProcess(tdb.url as string), startProcess(tdb.url as string)]);
    procs.push(a.proc, b.proc);
    const token = async (email: string) => {
      const res = await fetch(`${a.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const [manager, rep] = [await token(world.users.manager.email), await token(world.users.rep.email)];
    const res = await fetch(`${b.url}/api/v2/events/stream`, {
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(res.status).toBe(200);
    const stream = readEvents(res);
    try {
      const first = pokeVersion(await stream.next());
      const added = await fetch(`${a.url}/api/v2/leads/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rep}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Poked Across', phone: '6025550112' }),
      });
      expect(added.status).toBe(201);
      expect(pokeVersion(await stream.next())).toBeGreaterThan(first);
    } finally {
      await stream.close();
    }
  }, 90_000);
});
