/**
 * Contests through sync (record.save.v1 / record.delete.v1): admins create, edit and delete them;
 * everyone else is refused; dates, scope and a decided contest are checked by the server too.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contests } from '#server/db/schema.ts';
import { CONTEST_DATES_MESSAGE, DECIDED_CONTEST_MESSAGE } from '#src/domain/contests.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Results = { id: number; status: string; message?: string }[];

describe.each(testDatabaseKinds())('contests through sync on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'guest', 'outsider']);

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens[who],
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as Results;
  };
  const save = (id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table: 'contests', id, create, fields },
  });
  const remove = (id: string) => ({ name: 'record.delete.v1', args: { table: 'contests', id } });
  const pulled = async (who: UserKey, id: string) =>
    (await pulledRows(t.api, t.tokens[who], 'contests')).find((r) => r._id === id);

  const SPRINT = {
    name: 'Spring Sprint',
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    description: 'Most deals closed in March.',
    contest_type: 'Fast Start',
    contest_qualifier: 'Sales Number',
  };

  it('an admin creates, edits and deletes one; the org pulls it, another org never does', async () => {
    const id = randomUUID();
    const created = await pushAs('admin', [save(id, { ...SPRINT, team_ids: [t.world.teams.a] })]);
    expect(created[0], JSON.stringify(created)).toMatchObject({ status: 'applied' });
    expect(await pulled('rep', id)).toMatchObject({
      ...SPRINT,
      team_ids: [t.world.teams.a],
      region_ids: [],
      winner_id: null,
      decided_at: null,
    });
    expect(await pulled('manager', id)).toBeTruthy();
    expect(await pulled('outsider', id)).toBeUndefined();

    const edited = await pushAs('admin', [
      save(
        id,
        { name: 'Spring Sprint II', region_ids: [t.world.regions.b], contest_qualifier: 'Random' },
        false,
      ),
    ]);
    expect(edited[0]?.status).toBe('applied');
    expect(await pulled('rep', id)).toMatchObject({
      name: 'Spring Sprint II',
      region_ids: [t.world.regions.b],
      contest_qualifier: 'Random',
    });

    const foreign = await pushAs('outsider', [save(id, { name: 'Taken' }, false), remove(id)]);
    expect(foreign.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await pulled('rep', id))?.name).toBe('Spring Sprint II');

    expect((await pushAs('admin', [remove(id)]))[0]?.status).toBe('applied');
    expect((await pulled('rep', id))?.deleted_at).toBeTruthy();
  });

  it('managers, reps and guests can neither create, edit nor delete one', async () => {
    const id = randomUUID();
    expect((await pushAs('admin', [save(id, SPRINT)]))[0]?.status).toBe('applied');
    for (const who of ['manager', 'rep', 'guest'] as const) {
      const results = await pushAs(who, [
        save(randomUUID(), SPRINT),
        save(id, { name: 'Mine now' }, false),
        remove(id),
      ]);
      expect(
        results.map((r) => r.status),
        who,
      ).toEqual(['rejected', 'rejected', 'rejected']);
      expect(results[0]?.message).toBe('Only admins can change this.');
    }
    expect(await pulled('admin', id)).toMatchObject({ name: 'Spring Sprint', deleted_at: null });
    // A guest does not even receive contests.
    expect(await pulled('guest', id)).toBeUndefined();
  });

  it('refuses an end day before the start day, on create and on an edit of one day', async () => {
    const [bad] = await pushAs('admin', [save(randomUUID(), { ...SPRINT, end_date: '2026-02-28' })]);
    expect(bad).toMatchObject({ status: 'rejected' });
    expect(bad?.message).toContain(`end_date: ${CONTEST_DATES_MESSAGE}`);

    const id = randomUUID();
    expect((await pushAs('admin', [save(id, SPRINT)]))[0]?.status).toBe('applied');
    const [edit] = await pushAs('admin', [save(id, { end_date: '2026-02-01' }, false)]);
    expect(edit?.status).toBe('rejected');
    expect(edit?.message).toContain(CONTEST_DATES_MESSAGE);
    const [sameDay] = await pushAs('admin', [save(id, { end_date: '2026-03-01' }, false)]);
    expect(sameDay?.status).toBe('applied');
  });

  it('refuses bad fields: not a day, unknown type or qualifier, long text, server-only fields', async () => {
    const results = await pushAs('admin', [
      save(randomUUID(), { ...SPRINT, start_date: '2026-02-30' }),
      save(randomUUID(), { ...SPRINT, contest_type: 'Marathon' }),
      save(randomUUID(), { ...SPRINT, contest_qualifier: 'Most Knocks' }),
      save(randomUUID(), { ...SPRINT, description: 'x'.repeat(2001) }),
      save(randomUUID(), { ...SPRINT, winner_id: t.world.users.rep.id }),
      save(randomUUID(), { ...SPRINT, decided_at: '2026-04-01T00:00:00Z' }),
      save(randomUUID(), { ...SPRINT, name: '   ' }),
      save(randomUUID(), { ...SPRINT, team_ids: ['not-a-uuid'] }),
      save(randomUUID(), { name: 'No dates' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(9).fill('rejected'));
    for (const r of results) expect(r.message).toMatch(/^Invalid input/);
  });

  it("refuses a team or region that is not one of the org's", async () => {
    const results = await pushAs('admin', [
      save(randomUUID(), { ...SPRINT, team_ids: [randomUUID()] }),
      save(randomUUID(), { ...SPRINT, region_ids: [randomUUID()] }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]?.message).toContain('team_ids');
    expect(results[1]?.message).toContain('region_ids');
    // Another org's admin cannot name this org's team either.
    const [foreign] = await pushAs('outsider', [
      save(randomUUID(), { ...SPRINT, team_ids: [t.world.teams.a] }),
    ]);
    expect(foreign?.status).toBe('rejected');
  });

  it('a decided contest keeps everything but its description', async () => {
    const id = randomUUID();
    expect((await pushAs('admin', [save(id, SPRINT)]))[0]?.status).toBe('applied');
    await t.tdb.handle.db
      .update(contests)
      .set({ decided_at: new Date().toISOString(), winner_id: t.world.users.rep.id })
      .where(eq(contests.id, id));
    const [rename] = await pushAs('admin', [save(id, { name: 'Renamed' }, false)]);
    expect(rename).toMatchObject({ status: 'rejected', message: DECIDED_CONTEST_MESSAGE });
    const [description] = await pushAs('admin', [
      save(id, { name: SPRINT.name, description: 'Congratulations!' }, false),
    ]);
    expect(description?.status).toBe('applied');
    expect(await pulled('rep', id)).toMatchObject({
      name: SPRINT.name,
      description: 'Congratulations!',
      winner_id: t.world.users.rep.id,
    });
  });
});
