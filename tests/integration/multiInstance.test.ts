/** Two server processes on different ports against one PostgreSQL serve the same data. */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { startServerProcess, stopServerProcesses } from '../support/serverProcess.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) console.warn('Multi-instance PostgreSQL test skipped: TEST_DATABASE_URL is not set.');

describe.skipIf(!enabled)('two API instances on one PostgreSQL', () => {
  const t = useApiWorld('postgres', []);
  const procs: ChildProcess[] = [];
  afterAll(() => stopServerProcesses(procs));

  it('a write through one instance is read through the other, with one session for both', async () => {
    const [a, b] = await Promise.all([
      startServerProcess(t.tdb.url as string),
      startServerProcess(t.tdb.url as string),
    ]);
    procs.push(a.proc, b.proc);
    expect(a.url).not.toBe(b.url);
    const login = await fetch(`${a.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: t.world.users.rep.email, password: PASSWORD }),
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
    // Kept-alive connections outlive a client's or a load balancer's idle time (server/main.ts).
    expect(read.headers.get('keep-alive')).toBe('timeout=65');
    const body = (await read.json()) as { data: { name: string }[] };
    expect(body.data.map((l) => l.name)).toEqual(['Cross Instance']);
  }, 90_000);
});
