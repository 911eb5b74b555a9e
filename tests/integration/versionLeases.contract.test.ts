import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropDeadLeases, pullableVersion, pullBounds, withLeasedVersion } from '#server/services/versions.ts';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

/** A promise and the function that settles it: a write's moment to go on, or word that it got there. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * On PostgreSQL a write leases its version and writes its rows in its own transaction; a write
 * under a higher version may commit first. A pull must then stop below the open write, and pick
 * everything up once it commits: no cursor ever moves past a version that can still commit.
 */
describe.each(testDatabaseKinds('postgres').filter((k) => k === 'postgres'))(
  'version leases on %s',
  (kind) => {
    const t = useApiWorld(kind, ['admin', 'outsider']);

    const pull = async (cursor: number) => {
      const res = await t.api.call('GET', `/api/v2/sync/pull?cursor=${cursor}&limit=1000`, {
        token: t.tokens.admin,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return {
        names: (res.body.changes as PullChange[]).map((c) => String(c.row.name ?? '')),
        cursor: res.body.cursor as number,
      };
    };
    const addLead = async (name: string) => {
      const res = await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.admin, body: { name } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };

    it('an org that never had a versioned write still pulls the rows written without the counter', async () => {
      const db = t.tdb.handle.db;
      const org = t.world.otherOrg;
      await db.execute(sql`DELETE FROM org_versions WHERE org_id = ${org}`);
      await db.execute(
        sql`INSERT INTO contacts (id, org_id, name) VALUES (${randomUUID()}, ${org}, 'Imported Before Any Write')`,
      );
      const res = await t.api.call('GET', '/api/v2/sync/pull?cursor=0&limit=1000', {
        token: t.tokens.outsider,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const names = (res.body.changes as PullChange[]).map((c) => String(c.row.name ?? ''));
      expect(names).toContain('Imported Before Any Write');
    });

    it('a pull stops below a write still open under a lower version, then reads both once it commits', async () => {
      const db = t.tdb.handle.db;
      const start = (await pull(0)).cursor;
      const { promise: held, resolve: release } = deferred();
      let leased = 0;
      const { promise: isOpen, resolve: opened } = deferred();
      const early = withLeasedVersion(db, t.world.org, async (tx, version) => {
        leased = version;
        await tx.execute(
          sql`INSERT INTO contacts (id, org_id, name, version) VALUES (${randomUUID()}, ${t.world.org}, 'Early Lease', ${version})`,
        );
        opened();
        await held;
      });
      await isOpen;
      // A later write takes a higher version and commits first.
      await addLead('Late Lease');
      expect(await pullableVersion(db, t.world.org)).toBe(leased - 1);
      // The pull's own read of the same bound, with the org's horizon.
      expect(await pullBounds(db, t.world.org)).toEqual({
        horizon: expect.any(Number),
        reachable: leased - 1,
      });
      const before = await pull(start);
      expect(before.names).not.toContain('Late Lease');
      expect(before.names).not.toContain('Early Lease');
      expect(before.cursor).toBeLessThan(leased);

      release();
      await early;
      const after = await pull(before.cursor);
      expect(after.names).toEqual(expect.arrayContaining(['Early Lease', 'Late Lease']));
    });

    it('a held write that commits while a lower leased one is open is announced only once that one commits', async () => {
      const db = t.tdb.handle.db;
      const listener = new pg.Client({ connectionString: t.tdb.url });
      await listener.connect();
      const heard: number[] = [];
      listener.on('notification', (message) => {
        const change = JSON.parse(message.payload ?? '{}') as { org_id: number; version: number };
        if (change.org_id === t.world.org) heard.push(change.version);
      });
      await listener.query('LISTEN hs_changes');
      try {
        const { promise: held, resolve: release } = deferred();
        let leased = 0;
        const { promise: isOpen, resolve: opened } = deferred();
        const early = withLeasedVersion(db, t.world.org, async (_tx, version) => {
          leased = version;
          opened();
          await held;
        });
        await isOpen;
        await addLead('Held Under Lease');
        await expect.poll(() => heard.length).toBeGreaterThan(0);
        // The held write's own version is not readable yet: its nudge names what is.
        expect(Math.max(...heard)).toBe(leased - 1);
        release();
        await early;
        const counter = Number(
          (
            (await db.execute(sql`SELECT v FROM org_versions WHERE org_id = ${t.world.org}`)) as unknown as {
              rows: { v: string }[];
            }
          ).rows[0]?.v,
        );
        await expect.poll(() => Math.max(...heard)).toBe(counter);
      } finally {
        await listener.end();
      }
    });

    it('whatever order leased writes and held writes commit in, a device pulling between them misses none', async () => {
      const db = t.tdb.handle.db;
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 5 }).chain((writers) =>
            fc.record({
              order: fc.shuffledSubarray(
                Array.from({ length: writers }, (_, i) => i),
                { minLength: writers, maxLength: writers },
              ),
              pullAfter: fc.array(fc.boolean(), { minLength: writers, maxLength: writers }),
              heldAfter: fc.array(fc.boolean(), { minLength: writers, maxLength: writers }),
            }),
          ),
          async ({ order, pullAfter, heldAfter }) => {
            run += 1;
            let cursor = (await pull(0)).cursor;
            const seen = new Set<string>();
            const expected: string[] = [];
            const gates = order.map(() => {
              const { promise: gate, resolve: open } = deferred();
              return { gate, open };
            });
            // Every leased write opens and writes its row, then waits for its turn to commit.
            const writes = order.map((_, i) => {
              const name = `Lease ${run}.${i}`;
              expected.push(name);
              const { promise: isWritten, resolve: written } = deferred();
              const done = withLeasedVersion(db, t.world.org, async (tx, version) => {
                await tx.execute(
                  sql`INSERT INTO contacts (id, org_id, name, version) VALUES (${randomUUID()}, ${t.world.org}, ${name}, ${version})`,
                );
                written();
                await gates[i]?.gate;
              });
              return { isWritten, done };
            });
            await Promise.all(writes.map((w) => w.isWritten));
            for (const [step, i] of order.entries()) {
              gates[i]?.open();
              await writes[i]?.done;
              // A write that holds the org's version until it commits, among the leased ones.
              if (heldAfter[step]) {
                const name = `Held ${run}.${step}`;
                expected.push(name);
                await addLead(name);
              }
              if (pullAfter[step]) {
                const page = await pull(cursor);
                for (const n of page.names) seen.add(n);
                cursor = page.cursor;
              }
            }
            const last = await pull(cursor);
            for (const n of last.names) seen.add(n);
            expect(expected.filter((n) => !seen.has(n))).toEqual([]);
          },
        ),
        { numRuns: 25 },
      );
    });

    it('a write that fails gives its version up, and so does one whose connection is gone', async () => {
      const db = t.tdb.handle.db;
      await expect(
        withLeasedVersion(db, t.world.org, async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      const counter = async () =>
        Number(
          (
            (await db.execute(sql`SELECT v FROM org_versions WHERE org_id = ${t.world.org}`)) as unknown as {
              rows: { v: string }[];
            }
          ).rows[0]?.v,
        );
      expect(await pullableVersion(db, t.world.org)).toBe(await counter());

      // A lease taken on a connection that then ends without giving it back (a killed instance).
      const lost = new pg.Client({ connectionString: t.tdb.url });
      await lost.connect();
      await lost.query(
        `WITH next AS (UPDATE org_versions SET v = v + 1 WHERE org_id = $1 RETURNING v)
       INSERT INTO version_leases (org_id, v, pid, backend_start)
       SELECT $1, next.v, pg_backend_pid(), (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()) FROM next`,
        [t.world.org],
      );
      const v = await counter();
      expect(await pullableVersion(db, t.world.org)).toBe(v - 1);
      expect((await pullBounds(db, t.world.org))?.reachable).toBe(v - 1);
      await lost.end();
      await expect.poll(() => pullableVersion(db, t.world.org)).toBe(v);
      // A starting instance clears such leases away.
      expect(await dropDeadLeases(db)).toBe(1);
      expect(await dropDeadLeases(db)).toBe(0);
      await addLead('After Lost Lease');
      expect((await pull(v - 1)).names).toContain('After Lost Lease');
    });
  },
);
