/**
 * Sync pulls pass the process's pull gate (`SYNC_PULLS_AT_ONCE`): with room for one at a time,
 * many devices pulling at once are all answered, each as it would be alone, and the gate is free
 * again afterwards, a refused pull included.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '#server/limits.ts';
import { pullGate } from '#server/services/pullGate.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds('both'))('the pull gate on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep'], {
    limits: { ...DEFAULT_LIMITS, pullsAtOnce: 1 },
  });
  const pull = (who: 'admin' | 'manager' | 'rep', query = 'cursor=0&limit=50') =>
    t.api.app.request(`/api/v2/sync/pull?${query}`, {
      headers: { authorization: `Bearer ${t.tokens[who]}` },
    });
  const body = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await res.json()) as { changes: unknown[]; cursor: number };
  };

  it('answers every one of many pulls at once, each as alone', async () => {
    const who = ['admin', 'manager', 'rep'] as const;
    const alone = await Promise.all(who.map(async (w) => body(await pull(w))));
    const crowd = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => body(await pull(who[i % 3] as (typeof who)[number]))),
    );
    for (const [i, answer] of crowd.entries()) expect(answer).toEqual(alone[i % 3]);
    expect(pullGate(t.tdb.handle.db, 1).load).toEqual({ running: 0, waiting: 0 });
  });

  it('holds a pull while the gate is full, and answers it once a place is free', async () => {
    const gate = pullGate(t.tdb.handle.db, 1);
    let free: () => void = () => undefined;
    const held = gate.run(() => new Promise<void>((resolve) => (free = resolve)));
    let answered = false;
    const waiting = Promise.resolve(pull('rep')).then((res) => {
      answered = true;
      return res;
    });
    await vi.waitFor(() => expect(gate.load).toEqual({ running: 1, waiting: 1 }));
    expect(answered).toBe(false);
    free();
    await held;
    await body(await waiting);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its place after a pull that fails, and a refused one never takes one', async () => {
    // The admin's device: the rep pulling with its id is refused by the pull itself.
    const device = randomUUID();
    await body(await pull('admin', `cursor=0&limit=50&client_id=${device}`));
    const [refused, failed, next] = await Promise.all([
      pull('rep', 'cursor=-1'),
      pull('rep', `cursor=0&limit=50&client_id=${device}`),
      pull('rep'),
    ]);
    expect(refused.status).toBe(400);
    expect(failed.status).toBe(403);
    expect(((await failed.json()) as { message: string }).message).toBe(
      'These changes were made by another user on this device. Sign in as that user to send them.',
    );
    await body(next);
    expect(pullGate(t.tdb.handle.db, 1).load).toEqual({ running: 0, waiting: 0 });
  });
});
