/**
 * One lock order for every write: an API write and a device's sync batch on the same row at the same
 * time both take the org's version before the row (server/services/versions.ts), so they queue on
 * the counter instead of waiting on each other crosswise. On PostgreSQL the old order deadlocked,
 * answered as "try again later" (503); PGlite has one connection and cannot show it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

/** Rounds per case: enough for the old order to deadlock on PostgreSQL every time it was tried. */
const ROUNDS = 30;

type Mutation = { name: string; args: Record<string, unknown> };

describe.each(testDatabaseKinds())('one lock order for API writes and sync batches on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep']);

  /**
   * Each round, two API writes and two sync pushes (each from a new device) on the same row at
   * once; what went wrong, as text: any answer but 200, any mutation not applied.
   */
  async function race(
    who: UserKey,
    apiWrite: (round: number) => Promise<ApiAnswer>,
    mutation: (round: number) => Mutation,
  ): Promise<string[]> {
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        [0, 1].flatMap((i) => [
          apiWrite(round * 2 + i).then((res) => ({ kind: 'api', res })),
          pushMutations(t.api, t.tokens[who], [mutation(round * 2 + i)]).then((res) => ({
            kind: 'sync',
            res,
          })),
        ]),
      );
      for (const { kind: via, res } of answers) {
        if (res.status !== 200) problems.push(`${via} ${res.status} ${JSON.stringify(res.body)}`);
        else if (via === 'sync') {
          const results = res.body.results as MutationResults;
          for (const r of results) if (r.status !== 'applied') problems.push(`sync ${r.status} ${r.message}`);
        }
      }
    }
    return problems;
  }

  it('lead edits', async () => {
    const lead = t.world.contacts.repOwn;
    const problems = await race(
      'admin',
      (n) =>
        t.api.call('POST', '/api/v2/leads/edit', {
          token: t.tokens.admin,
          body: { _id: lead, name: `API ${n}` },
        }),
      (n) => ({ name: 'lead.edit.v1', args: { _id: lead, name: `Sync ${n}` } }),
    );
    expect(problems).toEqual([]);
  });

  it('records', async () => {
    const id = randomUUID();
    const created = await pushMutations(t.api, t.tokens.rep, [
      {
        name: 'record.save.v1',
        args: {
          table: 'notes',
          id,
          create: true,
          fields: { lead_id: t.world.contacts.repOwn, type: 'Lead', body: 'Gate code' },
        },
      },
    ]);
    expect((created.body.results as MutationResults).map((r) => r.status)).toEqual(['applied']);
    const problems = await race(
      'rep',
      (n) =>
        t.api.call('POST', '/api/update-data', {
          token: t.tokens.rep,
          body: { _id: id, doc_type: 'notes', doc_data: { body: `API ${n}` } },
        }),
      (n) => ({ name: 'record.save.v1', args: { table: 'notes', id, fields: { body: `Sync ${n}` } } }),
    );
    expect(problems).toEqual([]);
  });

  it('user configurations', async () => {
    const created = await pushMutations(t.api, t.tokens.rep, [
      { name: 'user_config.save.v1', args: { filters: [] } },
    ]);
    expect((created.body.results as MutationResults).map((r) => r.status)).toEqual(['applied']);
    const problems = await race(
      'rep',
      (n) =>
        t.api.call('POST', '/api/v2/user-config/update', {
          token: t.tokens.rep,
          body: { filters: [{ n, via: 'api' }] },
        }),
      (n) => ({ name: 'user_config.save.v1', args: { filters: [{ n, via: 'sync' }] } }),
    );
    expect(problems).toEqual([]);
  });

  it('roles, and the users who hold them', async () => {
    const rep = t.world.users.rep.id;
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS / 3; round++) {
      const added = await t.api.call('POST', '/api/v2/roles/add', {
        token: t.tokens.admin,
        body: { name: `Canvasser ${round}`, permissions: ['contacts.read'] },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const roleId = (added.body.data as { id: number }).id;
      // Edits of the role, the holder's own profile through sync and an admin's sync edit giving the
      // role, then the role's deletion (which takes it off its holders), all at once.
      const answers = await Promise.all([
        pushMutations(t.api, t.tokens.admin, [
          { name: 'user.edit.v1', args: { id: rep, roles: [1, roleId] } },
        ]),
        t.api.call('POST', '/api/v2/roles/edit', {
          token: t.tokens.admin,
          body: { id: roleId, name: `Canvasser ${round} (edited)` },
        }),
        pushMutations(t.api, t.tokens.rep, [
          { name: 'profile.save.v1', args: { name: `Rita Rep ${round}` } },
        ]),
        t.api.call('POST', '/api/v2/roles/delete', { token: t.tokens.admin, body: { id: roleId } }),
        pushMutations(t.api, t.tokens.rep, [{ name: 'profile.save.v1', args: { name: 'Rita Rep' } }]),
      ]);
      for (const res of answers)
        if (res.status >= 500) problems.push(`${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(problems).toEqual([]);
  });
});
