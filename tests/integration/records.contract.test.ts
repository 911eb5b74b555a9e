import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Results = { id: number; status: string; message?: string }[];

describe.each(testDatabaseKinds())('records through sync on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2']);

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

  const pulled = (who: UserKey, table: string) => pulledRows(t.api, t.tokens[who], table);

  const view = (fields: Record<string, unknown>, id = randomUUID()) => ({
    name: 'record.save.v1',
    args: {
      table: 'table_views',
      id,
      create: true,
      fields: { name: 'My leads', table_name: 'contacts', ...fields },
    },
  });

  it('a new view is a workshop view and its first change saves it', async () => {
    const id = randomUUID();
    const results = await pushAs('rep', [
      view({ view_type: 3 }, id),
      {
        name: 'record.save.v1',
        args: { table: 'table_views', id, fields: { properties: { sort: 'name' } } },
      },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const mine = (await pulled('rep', 'table_views')).find((r) => r._id === id);
    expect(mine).toMatchObject({
      name: 'My leads',
      is_workshop: false,
      global: false,
      created_by: t.world.users.rep.id,
    });
    // Not global: another rep never receives it.
    expect((await pulled('rep2', 'table_views')).some((r) => r._id === id)).toBe(false);
  });

  it('only an admin makes a view global; others see it and cannot change it', async () => {
    const denied = await pushAs('rep', [view({ global: true })]);
    expect(denied[0]).toMatchObject({ status: 'rejected', message: 'Only admins can make a view global.' });

    const id = randomUUID();
    expect((await pushAs('admin', [view({ name: 'Team pipeline', global: true }, id)]))[0]?.status).toBe(
      'applied',
    );
    expect((await pulled('rep', 'table_views')).find((r) => r._id === id)).toMatchObject({ global: true });
    const change = await pushAs('rep', [
      { name: 'record.save.v1', args: { table: 'table_views', id, fields: { name: 'Mine now' } } },
      { name: 'record.delete.v1', args: { table: 'table_views', id } },
    ]);
    expect(change.map((r) => r.message)).toEqual([
      'Only admins can change a global view.',
      'Only admins can change a global view.',
    ]);
    // Taken back from global, the change still reaches the rep (whose device then stops listing it).
    expect(
      (
        await pushAs('admin', [
          { name: 'record.save.v1', args: { table: 'table_views', id, fields: { global: false } } },
        ])
      )[0]?.status,
    ).toBe('applied');
    expect((await pulled('rep', 'table_views')).find((r) => r._id === id)).toMatchObject({ global: false });
  });

  it('notes of a lead the rep works; not of a lead out of reach; bad fields rejected', async () => {
    const id = randomUUID();
    const results = await pushAs('rep', [
      {
        name: 'record.save.v1',
        args: {
          table: 'notes',
          id,
          create: true,
          fields: { lead_id: t.world.contacts.repOwn, type: 'Lead', body: 'Gate code 1234' },
        },
      },
      {
        name: 'record.save.v1',
        args: {
          table: 'notes',
          id: randomUUID(),
          create: true,
          fields: { lead_id: t.world.contacts.teamB, type: 'Lead', body: 'x' },
        },
      },
      {
        name: 'record.save.v1',
        args: {
          table: 'notes',
          id: randomUUID(),
          create: true,
          fields: { lead_id: t.world.contacts.repOwn, type: 'Memo', body: 'x' },
        },
      },
      {
        name: 'record.save.v1',
        args: {
          table: 'appointments',
          id: randomUUID(),
          create: true,
          fields: {
            lead_id: t.world.contacts.repOwn,
            appointment_type: 'In-person',
            start_time: '2026-12-01T17:00:00.000Z',
            end_time: '2026-12-01T16:00:00.000Z',
          },
        },
      },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'rejected']);
    expect(results[1]?.message).toBe('This lead does not exist or is not yours to work.');
    expect(results[2]?.message).toMatch(/type/);
    expect(results[3]?.message).toMatch(/end_time must not be before start_time/);

    const notes = await pulled('rep', 'notes');
    expect(notes.find((n) => n._id === id)).toMatchObject({
      body: 'Gate code 1234',
      lead_id: t.world.contacts.repOwn,
    });
    const activity = (await pulled('rep', 'activities')).find((a) => a.record === id);
    expect(activity).toMatchObject({ type: 'note', message: 'added a note' });
    // Its words as a key and parameters too, the lead named as it was (devices translate the key).
    expect(activity).toMatchObject({
      text_key: 'activity.noteAdded',
      text_params: { lead: activity?.lead_name },
    });
    const lead = (await pulled('rep', 'contacts')).find((c) => c._id === t.world.contacts.repOwn);
    expect(lead?.name).toEqual(expect.stringMatching(/\S/));
    expect(activity?.lead_name).toBe(lead?.name);

    // rep2 sees the lead's notes (team A) but may not delete the rep's note; the rep may.
    const rep2 = await pushAs('rep2', [{ name: 'record.delete.v1', args: { table: 'notes', id } }]);
    expect(rep2[0]?.message).toBe('Only its author, their managers and admins can change this.');
    expect(
      (await pushAs('rep', [{ name: 'record.delete.v1', args: { table: 'notes', id } }]))[0]?.status,
    ).toBe('applied');
    expect((await pulled('rep', 'notes')).find((n) => n._id === id)?.deleted_at).toBeTruthy();
  });

  it("a lead's notes, appointments and activities reach those who see the lead, and no one else", async () => {
    const onOwn = randomUUID();
    const onTeamB = randomUUID();
    const apptOnTeamB = randomUUID();
    const note = (id: string, lead: string) => ({
      name: 'record.save.v1',
      args: {
        table: 'notes',
        id,
        create: true,
        fields: { lead_id: lead, type: 'Lead', body: 'Dog in yard' },
      },
    });
    const results = await pushAs('admin', [
      note(onOwn, t.world.contacts.repOwn),
      note(onTeamB, t.world.contacts.teamB),
      {
        name: 'record.save.v1',
        args: {
          table: 'appointments',
          id: apptOnTeamB,
          create: true,
          fields: {
            lead_id: t.world.contacts.teamB,
            appointment_type: 'In-person',
            start_time: '2026-12-01T16:00:00.000Z',
            end_time: '2026-12-01T17:00:00.000Z',
          },
        },
      },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);

    const repNotes = (await pulled('rep', 'notes')).map((n) => n._id);
    expect(repNotes).toContain(onOwn);
    expect(repNotes).not.toContain(onTeamB);
    expect((await pulled('rep', 'appointments')).map((a) => a._id)).not.toContain(apptOnTeamB);
    const repActivities = (await pulled('rep', 'activities')).map((a) => a.record);
    expect(repActivities).toContain(onOwn);
    expect(repActivities).not.toContain(onTeamB);

    const adminNotes = (await pulled('admin', 'notes')).map((n) => n._id);
    expect(adminNotes).toEqual(expect.arrayContaining([onOwn, onTeamB]));
    expect((await pulled('admin', 'appointments')).map((a) => a._id)).toContain(apptOnTeamB);
  });

  it('reference data is for admins', async () => {
    const id = randomUUID();
    const product = {
      table: 'products',
      id,
      create: true,
      fields: { name: 'Battery 13.5 kWh', price: 11000 },
    };
    expect((await pushAs('manager', [{ name: 'record.save.v1', args: product }]))[0]?.message).toBe(
      'Only admins can change this.',
    );
    expect((await pushAs('admin', [{ name: 'record.save.v1', args: product }]))[0]?.status).toBe('applied');
    expect((await pulled('rep', 'products')).find((p) => p._id === id)).toMatchObject({
      name: 'Battery 13.5 kWh',
      price: 11000,
    });
    const bad = await pushAs('admin', [
      { name: 'record.save.v1', args: { table: 'products', id, fields: { price: -5 } } },
      { name: 'record.save.v1', args: { table: 'contacts', id, fields: {} } },
    ]);
    expect(bad[0]?.message).toMatch(/must not be negative/);
    expect(bad[1]?.message).toMatch(/is not a table that can be saved/);
  });

  it("moving a team to another region records 'team_to_region'; renaming it does not", async () => {
    const team = t.world.teams.b;
    const save = (fields: Record<string, unknown>) => ({
      name: 'record.save.v1',
      args: { table: 'teams', id: team, fields },
    });
    const results = await pushAs('admin', [
      save({ name: 'Team B renamed' }),
      save({ region_id: t.world.regions.a }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const moves = (await pulled('admin', 'activities')).filter((a) => a.type === 'team_to_region');
    expect(moves).toHaveLength(1);
    // An activity's data comes flattened into the pulled row.
    expect(moves[0]).toMatchObject({
      team_id: team,
      region_id: t.world.regions.a,
      from_region_id: t.world.regions.b,
    });
    // The team and the region by name, under the key devices translate.
    const region = (await pulled('admin', 'regions')).find((r) => r._id === t.world.regions.a);
    expect(moves[0]).toMatchObject({
      text_key: 'activity.teamToRegion',
      text_params: { team: 'Team B renamed', region: region?.name },
    });
    // A rep may not move a team: refused, and nothing recorded.
    const refused = await pushAs('rep', [save({ region_id: t.world.regions.b })]);
    expect(refused[0]?.status).not.toBe('applied');
    expect((await pulled('admin', 'activities')).filter((a) => a.type === 'team_to_region')).toHaveLength(1);
  });
});
