/**
 * A mutation the server can never apply is rejected and recorded, never answered as transient:
 * generated hostile mutations pushed between good ones never stop the good ones from applying,
 * and the device's last mutation id always moves past them.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestApi } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Results = { id: number; status: string; message?: string }[];
type Pushed = { name: unknown; args: unknown; good: boolean; leadId?: string; leadName?: string };

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { nested: value };
  return value;
};

/** Values PostgreSQL or the rules refuse for good: each must be rejected on its own. */
function hostileArgs(otherOrgLead: string): fc.Arbitrary<{ name: unknown; args: unknown }> {
  const add = (args: Record<string, unknown>) => ({
    name: 'lead.add.v1',
    args: { id: randomUUID(), ...args },
  });
  return fc.oneof(
    fc.constantFrom(
      add({ name: 'Nul\u0000Byte' }),
      add({ name: 'Lone \uD800 surrogate' }),
      add({ name: 'Trailing \uDFFF' }),
      add({ name: 'Bad date', contract_signed_date: '0000-01-01' }),
      add({ name: 'Impossible date', crc_date: '2024-13-45' }),
      add({ name: 'Bill as text', bill: 'lots' }),
      add({ name: 'Negative', bill: -5 }),
      add({ name: 'Milestone nul', milestones: [{ key: 'a\u0000', value: 'b' }] }),
      add({ name: 'Deep', ecl_data: deep(20) }),
      { name: 'lead.add.v1', args: { id: otherOrgLead, name: 'Id from another org' } },
      { name: 'lead.edit.v1', args: { _id: otherOrgLead, deal_stage_status: 'Renter' } },
      { name: 'lead.edit.v1', args: { _id: randomUUID(), name: 'Nobody' } },
      {
        name: 'record.save.v1',
        args: { table: 'notes', id: randomUUID(), create: true, fields: { body: 'x\u0000' } },
      },
      { name: 'record.save.v1', args: { table: 'no_such_table', id: randomUUID(), fields: {} } },
      { name: 'record.delete.v1', args: { table: 'notes', id: 'not-a-uuid' } },
      { name: 'profile.save.v1', args: { name: '\u0000', phone: '' } },
      { name: 'user.edit.v1', args: { id: randomUUID(), name: 'Ghost' } },
      { name: 'lead.archive.v9', args: {} },
      { name: 42, args: {} },
      { name: 'lead\u0000.add.v1', args: {} },
      { name: 'lead.add.v1', args: 'not an object' },
      { name: 'lead.add.v1', args: null },
      { name: 'lead.add.v1', args: [1, 2, 3] },
    ),
    fc
      .tuple(
        fc.string({ maxLength: 10 }),
        fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'),
        fc.string({ maxLength: 10 }),
      )
      .map(([before, bad, after]) => add({ name: `${before}${bad}${after}` })),
    fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map((n) => add({ name: 'Owed', bill: -n })),
  );
}

describe.each(testDatabaseKinds('both'))('poison mutations on %s', (kind) => {
  const t = useApiWorld(kind, ['rep']);

  it('hostile mutations between good ones: the good ones always apply, the rest are rejected', async () => {
    // Ids are made when a run pushes, never inside an arbitrary: shrinking replays values.
    const good = fc
      .stringMatching(/^[A-Za-z0-9]{1,12}$/)
      .map((suffix): Pushed => ({ name: 'lead.add.v1', args: null, good: true, leadName: `Good ${suffix}` }));
    const hostile = hostileArgs(t.world.contacts.otherOrg).map((m): Pushed => ({ ...m, good: false }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(good, hostile), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        async (mutations, splitSeed) => {
          const client = randomUUID();
          const runs = mutations.map((m) => (m.good ? { ...m, leadId: randomUUID() } : m));
          const numbered = runs.map((m, i) => ({
            id: i + 1,
            name: m.name,
            args: m.good ? { id: m.leadId, name: m.leadName } : m.args,
          }));
          const split = splitSeed % (numbered.length + 1);
          const statuses: string[] = [];
          for (const batch of [numbered.slice(0, split), numbered.slice(split)]) {
            if (!batch.length) continue;
            const res = await t.api.call('POST', '/api/v2/sync/push', {
              token: t.tokens.rep,
              body: { client_id: client, schema_version: 1, mutations: batch },
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            expect(res.body.last_mutation_id).toBe(batch.at(-1)?.id);
            statuses.push(...(res.body.results as Results).map((r) => r.status));
          }
          expect(statuses).toEqual(mutations.map((m) => (m.good ? 'applied' : 'rejected')));
          const goodOnes = runs.filter((m) => m.good);
          if (goodOnes.length) {
            const res = await t.api.call(
              'GET',
              `/api/v2/leads/get?_ids=${goodOnes.map((m) => m.leadId).join(',')}&limit=100`,
              { token: t.tokens.rep },
            );
            const names = new Map(
              (res.body.data as { _id: string; name: string }[]).map((l) => [l._id, l.name]),
            );
            for (const m of goodOnes) expect(names.get(m.leadId as string)).toBe(m.leadName);
          }
        },
      ),
      { numRuns: 20, seed: 1123 },
    );
  });

  it('every hostile mutation alone is rejected with a message and advances the device', async () => {
    const client = randomUUID();
    const samples = fc.sample(hostileArgs(t.world.contacts.otherOrg), { numRuns: 40, seed: 7 });
    let id = 0;
    for (const sample of samples) {
      id += 1;
      const res = await t.api.call('POST', '/api/v2/sync/push', {
        token: t.tokens.rep,
        body: { client_id: client, schema_version: 1, mutations: [{ id, ...sample }] },
      });
      expect(res.status, JSON.stringify(sample)).toBe(200);
      const [result] = res.body.results as Results;
      expect(result?.status, JSON.stringify(sample)).toBe('rejected');
      expect(result?.message).toBeTruthy();
      expect(res.body.last_mutation_id).toBe(id);
    }
  });

  it('only an unavailable database is transient: 503 with Retry-After, and nothing advances', async () => {
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    // The database goes away just as the batch's transaction starts.
    const down = new Proxy(t.tdb.handle.db, {
      get: (target, key, receiver) =>
        key === 'transaction' ? () => Promise.reject(refused()) : Reflect.get(target, key, receiver),
    }) as Database;
    const downApi = createTestApi(down);
    const client = randomUUID();
    const leadId = randomUUID();
    const body = {
      client_id: client,
      schema_version: 1,
      mutations: [{ id: 1, name: 'lead.add.v1', args: { id: leadId, name: 'Waits For The Database' } }],
    };
    const res = await downApi.call('POST', '/api/v2/sync/push', { token: t.tokens.rep, body });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const again = await t.api.call('POST', '/api/v2/sync/push', { token: t.tokens.rep, body });
    expect(again.status).toBe(200);
    expect((again.body.results as Results).map((r) => r.status)).toEqual(['applied']);
  });
});
