import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, contacts } from '#server/db/schema.ts';
import { EMPTY_LEAD_MESSAGE } from '#src/domain/leadNormalization.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Lead = Record<string, unknown> & { _id: string };

describe.each(testDatabaseKinds('both'))('leads on %s', (kind) => {
  const t = useApiWorld(kind, [
    'admin',
    'manager',
    'rep',
    'rep2',
    'guest',
    'privileged',
    'superAdmin',
    'outsider',
  ]);

  const ids = async (who: UserKey, query = 'limit=100') => {
    const res = await t.api.call('GET', `/api/v2/leads/get?${query}`, { token: t.tokens[who] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Lead[]).map((l) => l._id);
  };

  it('scopes reads by role: rep sees own, team, region and consultant leads; never another org', async () => {
    const c = t.world.contacts;
    expect((await ids('rep')).sort()).toEqual([c.repOwn, c.teamA, c.consultant].sort());
    expect((await ids('rep2')).sort()).toEqual([c.teamA, c.teamB, c.consultant].sort());
    // The manager leads team A: its members' and its own leads, and leads owned by its members.
    expect((await ids('manager')).sort()).toEqual([c.repOwn, c.teamA, c.consultant].sort());
    expect((await ids('admin')).sort()).toEqual([c.repOwn, c.teamA, c.teamB, c.consultant].sort());
    expect(await ids('outsider')).toEqual([c.otherOrg]);
    const guest = await t.api.call('GET', '/api/v2/leads/get', { token: t.tokens.guest });
    expect(guest.status).toBe(403);
    const anonymous = await t.api.call('GET', '/api/v2/leads/get');
    expect(anonymous.status).toBe(401);
  });

  it('lets a super admin act in another org only when it asks to', async () => {
    expect(await ids('superAdmin', 'limit=100')).not.toContain(t.world.contacts.otherOrg);
    const res = await t.api.call('GET', '/api/v2/leads/get?limit=100', {
      token: t.tokens.superAdmin,
      headers: { 'x-org-id': '7' },
    });
    expect((res.body.data as Lead[]).map((l) => l._id)).toEqual([t.world.contacts.otherOrg]);
    const admin = await t.api.call('GET', '/api/v2/leads/get?limit=100', {
      token: t.tokens.admin,
      headers: { 'x-org-id': '7' },
    });
    // Anyone else asking for another org is refused, not quietly answered with its own.
    expect(admin.status).toBe(403);
    expect(admin.body.data).toBeUndefined();
  });

  it('gets by ids, searches by q and filters, pages by keyset', async () => {
    const byIds = await ids('admin', `ids=${t.world.contacts.teamA},${t.world.contacts.teamB}`);
    expect(byIds.sort()).toEqual([t.world.contacts.teamA, t.world.contacts.teamB].sort());
    const hidden = await ids('rep', `_ids=${t.world.contacts.teamB}`);
    expect(hidden).toEqual([]);
    const search = await t.api.call('GET', '/api/v2/leads/get?q=rita', { token: t.tokens.rep });
    expect((search.body.data as Lead[]).map((l) => l._id)).toEqual([t.world.contacts.repOwn]);
    const byPhone = await ids('rep', 'q=555-0101');
    expect(byPhone).toEqual([t.world.contacts.repOwn]);
    const wildcard = await ids('admin', 'q=%25');
    expect(wildcard).toEqual([]);
    const filters = encodeURIComponent(JSON.stringify({ team_id: t.world.teams.b }));
    expect((await ids('admin', `filters=${filters}`)).sort()).toEqual(
      [t.world.contacts.teamB, t.world.contacts.consultant].sort(),
    );
    const page1 = await t.api.call('GET', '/api/v2/leads/get?limit=2', { token: t.tokens.admin });
    expect(page1.body.count).toBe(2);
    const page2 = await ids('admin', `limit=2&after=${page1.body.next_after}`);
    expect(page2.length).toBe(2);
    expect(page2).not.toContain((page1.body.data as Lead[])[0]?._id);
  });

  it('rejects bad queries with a message naming the problem', async () => {
    const cases = [
      'limit=101',
      'limit=0',
      'limit=abc',
      'ids=not-a-uuid',
      `filters=${encodeURIComponent('{bad json')}`,
      `filters=${encodeURIComponent(JSON.stringify({ deal_stage: 5 }))}`,
      `filters=${encodeURIComponent(JSON.stringify({ unknown_field: 'x' }))}`,
      "q=' OR 1=1; DROP TABLE contacts; --&limit=abc",
      'colour=blue',
    ];
    for (const q of cases) {
      const res = await t.api.call('GET', `/api/v2/leads/get?${q}`, { token: t.tokens.admin });
      expect(res.status, q).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, q).toMatch(/Invalid input/);
    }
    const injection = await t.api.call(
      'GET',
      `/api/v2/leads/get?q=${encodeURIComponent("'; DROP TABLE contacts; --")}`,
      { token: t.tokens.admin },
    );
    expect(injection.status).toBe(200);
    expect(await ids('admin')).toHaveLength(4);
  });

  it('adds a lead with the spec rules: name split, phone digits, address parsed, defaults', async () => {
    const res = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: {
        name: 'Garcia, Maria',
        phone: '(602) 555-0199',
        address: '4410 N 12th St, Phoenix, Arizona 85014',
        appointment_date: '2026-12-01 14:30',
        deal_stage_status: 'Appointment Set',
        coordinates: [-112.05, 33.5],
        credit_score: '700+',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lead = res.body.data as Lead;
    expect(lead.first_name).toBe('Maria');
    expect(lead.last_name).toBe('Garcia');
    expect(lead.phone).toBe('6025550199');
    expect(lead.state).toBe('AZ');
    expect(lead.zip).toBe('85014');
    expect(lead.city).toBe('Phoenix');
    expect(lead.appointment_date).toBe('2026-12-01');
    expect(lead.appointment_time).toBe('14:30');
    expect(lead.deal_stage).toBe('Lead');
    expect(lead.owner_id).toBe(t.world.users.rep.id);
    expect(lead.energy_consultants).toEqual([t.world.users.rep.id]);
    expect(lead.team_id).toBe(t.world.teams.a);
    expect(lead.coordinates).toEqual([-112.05, 33.5]);
    expect(lead.preferred_language).toBe('english');
    // Time stamps are ISO 8601 on every database.
    expect(lead.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const activity = await t.tdb.handle.db.select().from(activities).where(eq(activities.type, 'add_lead'));
    expect(activity.some((a) => a.lead_refs.includes(lead._id))).toBe(true);
  });

  it('defaults deal_stage_status to empty and accepts a device-chosen id once', async () => {
    const id = '01890a5d-ac96-774b-bcce-b302099a8057';
    const res = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: { id, name: 'Pat Doe' },
    });
    expect(res.status).toBe(201);
    expect((res.body.data as Lead).deal_stage_status).toBe('');
    const again = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: { id, name: 'Pat Doe' },
    });
    expect(again.status).toBe(409);
  });

  it('turns older status values and stage labels into today’s statuses on add and edit', async () => {
    const add = (body: Record<string, unknown>) =>
      t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.rep, body: { name: 'Legacy Lee', ...body } });
    const knocked = await add({ status: 'second_knock' });
    expect(knocked.body.data).toMatchObject({ deal_stage_status: 'Not Home 2', deal_stage: 'Contact' });
    const staged = await add({ stage: '5 Closed Won' });
    expect(staged.body.data).toMatchObject({ deal_stage_status: 'Closed Won', deal_stage: 'Lead' });
    const direct = await add({ deal_stage_status: 'contract_received_confirmed' });
    expect(direct.body.data).toMatchObject({ deal_stage_status: 'CRC', deal_stage: 'Customer' });
    const edited = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: (knocked.body.data as Lead)._id, deal_stage_status: 'come_back' },
    });
    expect(edited.body.data).toMatchObject({ deal_stage_status: 'Come Back' });
  });

  it('refuses invalid leads whole: nothing is written', async () => {
    const before = (await t.tdb.handle.db.select({ id: contacts.id }).from(contacts)).length;
    const cases: unknown[] = [
      { name: 'X', preferred_language: 'klingon' },
      { name: 'X', credit_score: '900' },
      { name: 'X', email: 'nope' },
      { name: 'X', zip: '123' },
      { name: 'X', coordinates: [500, 10] },
      { name: 'X', energy_consultants: ['not-a-uuid'] },
      { name: 'X', surprise: true },
      { name: 12 },
      [],
      { name: 'X'.repeat(600) },
    ];
    for (const body of cases) {
      const res = await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.rep, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(/Invalid input/);
    }
    const huge = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      raw: JSON.stringify({ name: 'X', design_notes: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/larger than 1 MB/);
    const after = (await t.tdb.handle.db.select({ id: contacts.id }).from(contacts)).length;
    expect(after).toBe(before);
  });

  it('guards lead creation: guests cannot, reps cannot assign to others, managers can assign to their members', async () => {
    expect(
      (await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.guest, body: { name: 'G' } })).status,
    ).toBe(403);
    const forOther = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: {
        name: 'Not mine',
        owner_id: t.world.users.rep2.id,
        energy_consultants: [t.world.users.rep2.id],
        team_id: t.world.teams.b,
        region_id: t.world.regions.b,
      },
    });
    expect(forOther.status).toBe(403);
    const assigned = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.manager,
      body: { name: 'For rep', owner_id: t.world.users.rep.id, energy_consultants: [t.world.users.rep.id] },
    });
    expect(assigned.status).toBe(201);
  });

  it('lets a rep change status on team leads but edit all fields only on own or consultant leads', async () => {
    const status = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.contacts.teamA, deal_stage_status: 'Not Home 1' },
    });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect((status.body.data as Lead).deal_stage_status).toBe('Not Home 1');
    expect((status.body.data as Lead).deal_stage).toBe('Contact');
    expect((status.body.data as Lead).last_touched_by).toBe(t.world.users.rep.id);
    const edit = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.contacts.teamA, email: 'x@y.com' },
    });
    expect(edit.status).toBe(403);
    const consultant = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.contacts.consultant, email: 'cal@example.com' },
    });
    expect(consultant.status).toBe(200);
    const hidden = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.contacts.teamB, deal_stage_status: 'Renter' },
    });
    expect(hidden.status).toBe(404);
    const otherOrg = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.admin,
      body: { _id: t.world.contacts.otherOrg, name: 'Hijack' },
    });
    expect(otherOrg.status).toBe(404);
    const unknown = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.admin,
      body: { _id: '01890a5d-ac96-774b-bcce-000000000000', name: 'Ghost' },
    });
    expect(unknown.status).toBe(404);
    const noId = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.admin,
      body: { name: 'Nobody' },
    });
    expect(noId.status).toBe(400);
  });

  it('stores a deal by the shared rules: the third figure derived, bad and hostile values refused, only where the caller may edit', async () => {
    const added = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: {
        name: 'Dana Deal',
        phone: '6025550110',
        contract_amount: 25_200.5,
        system_size_kw: 7.2,
        financing: 'PPA',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const lead = added.body.data as Lead;
    expect(lead).toMatchObject({
      contract_amount: 25_200.5,
      system_size_kw: 7.2,
      price_per_watt: 3.5001,
      financing: 'PPA',
    });
    const edit = (who: UserKey, body: Record<string, unknown>, id = lead._id) =>
      t.api.call('POST', '/api/v2/leads/edit', { token: t.tokens[who], body: { _id: id, ...body } });
    const signed = await edit('rep', { contract_signed_date: '2026-11-02', crc_date: '2026-11-09' });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data).toMatchObject({ contract_signed_date: '2026-11-02', crc_date: '2026-11-09' });
    for (const bad of [
      { system_size_kw: 1000.5 },
      { price_per_watt: 100.01 },
      { contract_amount: -1 },
      { financing: '<img src=x onerror=alert(1)>' },
      { contract_signed_date: '2026-02-30' },
      { system_size_kw: '7.2kW' },
    ]) {
      const refused = await edit('rep', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const [stored] = await t.tdb.handle.db.select().from(contacts).where(eq(contacts.id, lead._id));
    expect(stored?.data).toMatchObject({ financing: 'PPA', system_size_kw: 7.2 });
    // A teammate's deal is not a rep's to change; a guest sees no lead to change, nor does another
    // org; the deal stays as it was.
    expect((await edit('rep', { contract_amount: 1 }, t.world.contacts.teamA)).status).toBe(403);
    expect((await edit('guest', { contract_amount: 1 })).status).toBe(404);
    expect((await edit('outsider', { contract_amount: 1 })).status).toBe(404);
    const [after] = await t.tdb.handle.db.select().from(contacts).where(eq(contacts.id, lead._id));
    expect(after?.data).toMatchObject({ contract_amount: 25_200.5 });
  });

  it('keeps stage and status consistent and records the change in the activity feed', async () => {
    const stage = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.contacts.repOwn, deal_stage: 'Customer' },
    });
    expect((stage.body.data as Lead).deal_stage_status).toBe('Contract Signed');
    const status = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.contacts.repOwn, deal_stage_status: 'Follow Up' },
    });
    expect((status.body.data as Lead).deal_stage).toBe('Lead');
    const feed = await t.tdb.handle.db
      .select()
      .from(activities)
      .where(eq(activities.type, 'lead_status_change'));
    const mine = feed.filter((a) => a.lead_refs.includes(t.world.contacts.repOwn));
    // With the lead's name as it was, so a device that no longer holds the lead still names it.
    const [lead] = await t.tdb.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, t.world.contacts.repOwn));
    expect(mine.at(-1)?.data).toMatchObject({
      old: 'Contract Signed',
      new: 'Follow Up',
      lead_name: lead?.name,
      // The key devices say in their reader's language.
      text_key: 'activity.statusChanged',
      text_params: { lead: lead?.name, status: 'Follow Up' },
    });
  });

  it('records a new roof asked for and an install done as their own activities', async () => {
    const id = t.world.contacts.repOwn;
    const edit = (body: Record<string, unknown>) =>
      t.api.call('POST', '/api/v2/leads/edit', { token: t.tokens.admin, body: { _id: id, ...body } });
    expect((await edit({ new_roof: true })).status).toBe(200);
    expect((await edit({ deal_stage_status: 'Installation Completed' })).status).toBe(200);
    // Asking again, or saving the same status again, adds nothing.
    expect((await edit({ new_roof: true, deal_stage_status: 'Installation Completed' })).status).toBe(200);
    const of = async (type: string) =>
      (await t.tdb.handle.db.select().from(activities).where(eq(activities.type, type))).filter((a) =>
        a.lead_refs.includes(id),
      );
    expect(await of('roof_requested')).toHaveLength(1);
    expect(await of('lead_installed')).toHaveLength(1);
  });

  it('deletes softly (managers and admins only); a deleted lead cannot be edited', async () => {
    const created = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: { name: 'Short Lived' },
    });
    const id = (created.body.data as Lead)._id;
    expect(
      (
        await t.api.call('POST', '/api/v2/leads/edit', {
          token: t.tokens.rep,
          body: { _id: id, deleted: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.api.call('POST', '/api/v2/leads/edit', {
          token: t.tokens.manager,
          body: { _id: id, deleted: true },
        })
      ).status,
    ).toBe(200);
    expect(await ids('rep')).not.toContain(id);
    const edit = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.admin,
      body: { _id: id, name: 'Back' },
    });
    expect(edit.status).toBe(404);
    const [row] = await t.tdb.handle.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row?.deleted_at).not.toBeNull();
  });

  it('bumps versions in commit order across writes', async () => {
    const a = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.admin,
      body: { name: 'V One' },
    });
    const b = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.admin,
      body: { name: 'V Two' },
    });
    expect(Number((b.body.data as Lead).version)).toBeGreaterThan(Number((a.body.data as Lead).version));
  });

  it('refuses a new lead with nothing saying who or where it is, on every path; a pin on the map is enough', async () => {
    for (const body of [{}, { name: '  ', phone: '', email: '' }, { city: 'Mesa', new_roof: true }]) {
      const res = await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.rep, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(EMPTY_LEAD_MESSAGE);
    }
    const legacy = await t.api.call('POST', '/api/send-data', {
      token: t.tokens.rep,
      body: { doc_type: 'contacts', doc_data: {}, user_id: t.world.users.rep.id },
    });
    // The legacy service answers its own fixed text for a refused add.
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(400);
    // Through sync the empty add is rejected on its own; the change queued behind it still applies.
    const pinned = crypto.randomUUID();
    const push = await pushMutations(t.api, t.tokens.rep, [
      { name: 'lead.add.v1', args: { id: crypto.randomUUID() } },
      { name: 'lead.add.v1', args: { id: pinned, coordinates: [-112.07, 33.45] } },
    ]);
    expect(push.status).toBe(200);
    const results = push.body.results as MutationResults;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(results[0]?.message).toContain(EMPTY_LEAD_MESSAGE);
    expect(push.body.last_mutation_id).toBe(2);
    for (const body of [{ email: 'only@example.com' }, { phone: '6025550123' }, { name: 'Only Name' }]) {
      const res = await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.rep, body });
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
    expect(await ids('rep')).toContain(pinned);
  });
});
