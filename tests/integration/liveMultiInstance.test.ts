/**
 * Live updates across server processes: a write through one instance pokes a stream open on
 * another, and signing out through one ends the session's stream open on another.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { useApiWorld } from '../support/apiWorld.ts';
import { pokeVersion, readEvents } from '../support/eventStream.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { startServerProcess, stopServerProcesses } from '../support/serverProcess.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) console.warn('Live multi-instance PostgreSQL test skipped: TEST_DATABASE_URL is not set.');

describe.skipIf(!enabled)('live updates across two API instances on one PostgreSQL', () => {
  const t = useApiWorld('postgres', []);
  const procs: ChildProcess[] = [];
  afterAll(() => stopServerProcesses(procs));

  it('a write through instance A pokes a stream open on instance B; a sign-out through A ends it', async () => {
    const [a, b] = await Promise.all([
      startServerProcess(t.tdb.url as string),
      startServerProcess(t.tdb.url as string),
    ]);
    procs.push(a.proc, b.proc);
    const token = async (email: string) => {
      const res = await fetch(`${a.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const [manager, rep] = [await token(t.world.users.manager.email), await token(t.world.users.rep.email)];
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
      const signedOut = await fetch(`${a.url}/api/v2/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${manager}` },
      });
      expect(signedOut.status).toBe(200);
      // Well before the 25 s heartbeat: the revocation reached instance B at once.
      await expect(stream.next(3_000)).rejects.toThrow('the stream ended');
    } finally {
      await stream.close();
    }
  }, 90_000);
});
