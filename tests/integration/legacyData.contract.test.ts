/**
 * The legacy data service (SPEC section 7): send-data, update-data, fetch-data, add-data-bulk,
 * set_filter_global, get_table_filters and add-user, over the real services. Signed in by the
 * payload's auth_token as well as the header; failures answer the spec's texts with the status and
 * the precise reason; add-data-bulk stores all its documents or none.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Doc = Record<string, unknown> & { _id: string };

const iso = '2026-03-02T15:00:00.000Z';

describe.each(testDatabaseKinds())('legacy data service on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  /** A POST signed in by the body's auth_token only, as the legacy clients send it. */
  const post = (path: string, who: UserKey | undefined, body: Record<string, unknown>) =>
    t.api.call('POST', path, { body: who ? { ...body, auth_token: t.tokens[who] } : body });
  /** A GET signed in by the query's auth_token only. */
  const get = (path: string, who: UserKey | undefined, query: Record<string, string>) => {
    const params = new URLSearchParams(who ? { ...query, auth_token: t.tokens[who] } : query);
    return t.api.call('GET', `${path}?${params}`);
  };
  const fetchDocs = async (who: UserKey, query: Record<string, string>) => {
    const res = await get('/api/fetch-data', who, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Doc[];
  };

  it('send-data adds a lead as the signed-in rep; fetch-data finds it by its fields', async () => {
    const name = `Legacy Lead ${randomUUID().slice(0, 8)}`;
    const res = await post('/api/send-data', 'rep', {
      doc_type: 'contacts',
      doc_data: { name, phone: '(602) 555-0199', city: 'Mesa', new_roof: true },
      user_id: t.world.users.rep.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lead = res.body.data as Doc;
    expect(lead).toMatchObject({ name, owner_id: t.world.users.rep.id, phone: '6025550199' });
    const byName = await fetchDocs('rep', { doc_type: 'leads', name });
    expect(byName.map((d) => d._id)).toEqual([lead._id]);
    const byExtra = await fetchDocs('rep', { doc_type: 'contacts', name, new_roof: 'true', city: 'Mesa' });
    expect(byExtra.map((d) => d._id)).toEqual([lead._id]);
    expect(await fetchDocs('rep', { doc_type: 'contacts', name, new_roof: 'false' })).toEqual([]);
    // The header works as well as the payload's token.
    const viaHeader = await t.api.call('GET', `/api/fetch-data?doc_type=contacts&_id=${lead._id}`, {
      token: t.tokens.admin,
    });
    expect((viaHeader.body.data as Doc[]).map((d) => d._id)).toEqual([lead._id]);
  });

  it('send-data and update-data take a deal by the shared rules; fetch-data finds it; bad values are refused', async () => {
    const name = `Legacy Deal ${randomUUID().slice(0, 8)}`;
    const added = await post('/api/send-data', 'rep', {
      doc_type: 'contacts',
      doc_data: {
        name,
        phone: '(602) 555-0142',
        contract_amount: 33_600,
        system_size_kw: 8.4,
        financing: 'Loan',
        contract_signed_date: '2026-03-02',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const lead = added.body.data as Doc;
    // Two of amount, size and price per watt give the third, to the cent.
    expect(lead).toMatchObject({
      contract_amount: 33_600,
      system_size_kw: 8.4,
      price_per_watt: 4,
      financing: 'Loan',
    });
    const updated = await post('/api/update-data', 'rep', {
      doc_type: 'contacts',
      _id: lead._id,
      doc_data: { system_size_kw: 10, price_per_watt: 3.15 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const [found] = await fetchDocs('rep', { doc_type: 'contacts', _id: lead._id, financing: 'Loan' });
    expect(found).toMatchObject({ system_size_kw: 10, price_per_watt: 3.15 });
    for (const bad of [{ system_size_kw: 1001 }, { price_per_watt: -1 }, { financing: 'Barter' }]) {
      const refused = await post('/api/update-data', 'rep', {
        doc_type: 'contacts',
        _id: lead._id,
        doc_data: bad,
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('fetch-data answers only what the caller may read, and never another org', async () => {
    const { contacts } = t.world;
    const repSees = (await fetchDocs('rep', { doc_type: 'contacts', limit: '100' })).map((d) => d._id);
    expect(repSees).toContain(contacts.repOwn);
    expect(repSees).not.toContain(contacts.teamB);
    expect(repSees).not.toContain(contacts.otherOrg);
    const outsider = await fetchDocs('outsider', { doc_type: 'contacts', _id: contacts.repOwn });
    expect(outsider).toEqual([]);
    const users = await fetchDocs('admin', { doc_type: 'users', _id: t.world.users.rep.id });
    expect(users).toHaveLength(1);
    expect(users[0]).not.toHaveProperty('password_hash');
    const guest = await get('/api/fetch-data', 'guest', { doc_type: 'contacts' });
    expect(guest.status).toBe(403);
    expect(guest.body).toMatchObject({ success: false, message: 'Get error' });
  });

  it('fetch-data pages with limit and after', async () => {
    const first = await fetchDocs('admin', { doc_type: 'contacts', limit: '2' });
    expect(first).toHaveLength(2);
    const res = await get('/api/fetch-data', 'admin', { doc_type: 'contacts', limit: '2' });
    const next = await fetchDocs('admin', {
      doc_type: 'contacts',
      limit: '2',
      after: String(res.body.next_after),
    });
    expect(next.map((d) => d._id)).not.toContain(first[0]?._id);
    expect(next.map((d) => d._id)).not.toContain(first[1]?._id);
  });

  it('fetch-data refuses unknown types, fields that cannot be matched and bad values with 400', async () => {
    for (const query of [
      { doc_type: 'spaceships' },
      { doc_type: 'users', password_hash: 'x' },
      { doc_type: 'contacts', nonsense: 'x' },
      { doc_type: 'contacts', limit: '0' },
      { doc_type: 'contacts', after: 'not-an-id' },
      { doc_type: 'teams', created_at: 'yesterday' },
      { doc_type: 'products', active: 'maybe' },
      { doc_type: 'table_views', properties: '{}' },
    ] as Record<string, string>[]) {
      const res = await get('/api/fetch-data', 'admin', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe('Get error');
      expect(typeof res.body.reason).toBe('string');
    }
    const unknown = await get('/api/fetch-data', 'admin', { doc_type: 'spaceships' });
    expect(unknown.body.reason).toMatch(/doc_type 'spaceships' is not a kind of document/);
  });

  it('answers the spec texts: missing body, missing or bad token, refusals', async () => {
    const empty = await t.api.call('POST', '/api/send-data', {
      token: t.tokens.rep,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: 'No body returned' });
    const emptyAnonymous = await t.api.call('POST', '/api/send-data', { body: {} });
    expect(emptyAnonymous.status).toBe(401);
    expect(emptyAnonymous.body.message).toBe('Add error');
    const emptyObject = await t.api.call('POST', '/api/update-data', { token: t.tokens.rep, body: {} });
    expect(emptyObject.status).toBe(400);
    expect(emptyObject.body.message).toBe('No body returned');
    const anonymous = await post('/api/send-data', undefined, {
      doc_type: 'contacts',
      doc_data: { name: 'X' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Add error');
    const badToken = await t.api.call('POST', '/api/send-data', {
      body: { doc_type: 'contacts', doc_data: { name: 'X' }, auth_token: 'not-a-session' },
    });
    expect(badToken.status).toBe(401);
    const fetchAnonymous = await get('/api/fetch-data', undefined, { doc_type: 'contacts' });
    expect(fetchAnonymous.status).toBe(401);
    expect(fetchAnonymous.body.message).toBe('Get error');
    const unknownType = await post('/api/send-data', 'admin', {
      doc_type: 'spaceships',
      doc_data: { name: 'X' },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body).toMatchObject({ message: 'Add error' });
    expect(String(unknownType.body.reason)).toMatch(/spaceships/);
    const repTeam = await post('/api/send-data', 'rep', {
      doc_type: 'teams',
      doc_data: { name: 'Rogue team' },
    });
    expect(repTeam.status).toBe(403);
    expect(repTeam.body.message).toBe('Add error');
    const guestLead = await post('/api/send-data', 'guest', {
      doc_type: 'contacts',
      doc_data: { name: 'G' },
    });
    expect(guestLead.status).toBe(403);
    const asOther = await post('/api/send-data', 'rep', {
      doc_type: 'contacts',
      doc_data: { name: 'Impostor' },
      user_id: t.world.users.rep2.id,
    });
    expect(asOther.status).toBe(403);
    expect(String(asOther.body.reason)).toMatch(/user_id names another user/);
  });

  it('reads auth_token from the query only for GET; a POST must carry it in its body', async () => {
    const doc = { doc_type: 'contacts', doc_data: { name: 'Query Token', phone: '6025550188' } };
    const inQuery = await t.api.call('POST', `/api/send-data?auth_token=${t.tokens.rep}`, { body: doc });
    expect(inQuery.status).toBe(401);
    expect(inQuery.body.message).toBe('Add error');
    // Nor for a POST whose body is not JSON.
    const rawPost = await t.api.call('POST', `/api/update_session?auth_token=${t.tokens.rep}`, {
      raw: '',
      headers: { 'content-type': 'text/plain' },
    });
    expect(rawPost.status).toBe(401);
    const inBody = await post('/api/send-data', 'rep', doc);
    expect(inBody.status, JSON.stringify(inBody.body)).toBe(201);
    const byGet = await get('/api/fetch-data', 'rep', { doc_type: 'contacts', name: 'Query Token' });
    expect(byGet.status).toBe(200);
    expect((byGet.body.data as Doc[]).map((d) => d._id)).toEqual([(inBody.body.data as Doc)._id]);
  });

  it('send-data adds records of the org (admins add teams) and refuses an _id already used', async () => {
    const id = randomUUID();
    const team = await post('/api/send-data', 'admin', {
      doc_type: 'teams',
      doc_data: { _id: id, name: 'Legacy team', region_id: t.world.regions.a },
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    expect(team.body.data).toMatchObject({ _id: id, name: 'Legacy team', org_id: t.world.org });
    const again = await post('/api/send-data', 'admin', {
      doc_type: 'teams',
      doc_data: { _id: id, name: 'Again' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Add error');
    const bad = await post('/api/send-data', 'admin', { doc_type: 'teams', doc_data: { colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(String(bad.body.reason)).toMatch(/name/);
    const note = await post('/api/send-data', 'rep', {
      doc_type: 'notes',
      doc_data: { lead_id: t.world.contacts.repOwn, type: 'Lead', subject: 'Call', body: 'Spoke to them' },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const notOurs = await post('/api/send-data', 'rep', {
      doc_type: 'notes',
      doc_data: { lead_id: t.world.contacts.otherOrg, type: 'Lead', body: 'Sneaky' },
    });
    expect(notOurs.status).toBe(404);
  });

  it('update-data changes a document through its service; another org’s _id is not found', async () => {
    const own = await post('/api/update-data', 'rep', {
      _id: t.world.contacts.repOwn,
      doc_type: 'contacts',
      doc_data: { phone: '480-555-0142' },
      user_id: t.world.users.rep.id,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toMatchObject({ _id: t.world.contacts.repOwn, phone: '4805550142' });
    const adminRenames = await post('/api/update-data', 'admin', {
      _id: t.world.teams.b,
      doc_type: 'teams',
      doc_data: { name: 'Team B renamed' },
    });
    expect(adminRenames.status).toBe(200);
    expect(adminRenames.body.data).toMatchObject({ _id: t.world.teams.b, name: 'Team B renamed' });
    const profile = await post('/api/update-data', 'rep2', {
      _id: t.world.users.rep2.id,
      doc_type: 'users',
      doc_data: { phone: '(480) 555-0177' },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.data).toMatchObject({ phone: '4805550177' });
    // Each refusal answers the spec's text, with the status that says why.
    const refusals: [string, UserKey, string, string, Record<string, unknown>, number][] = [
      ['a contact hidden from the rep', 'rep', t.world.contacts.teamB, 'contacts', { phone: '1' }, 404],
      ['another org’s contact', 'outsider', t.world.contacts.repOwn, 'contacts', { name: 'Taken over' }, 404],
      ['another org’s team', 'outsider', t.world.teams.a, 'teams', { name: 'Taken over' }, 404],
      ['a team, by a rep', 'rep', t.world.teams.a, 'teams', { name: 'Renamed' }, 403],
      ['their own access level', 'rep2', t.world.users.rep2.id, 'users', { access_level: 'Admin' }, 403],
      ['a team that is not there', 'admin', randomUUID(), 'teams', { name: 'X' }, 404],
      ['an id that is not one', 'admin', 'nope', 'teams', { name: 'X' }, 400],
    ];
    for (const [what, who, _id, doc_type, doc_data, status] of refusals) {
      const refused = await post('/api/update-data', who, { _id, doc_type, doc_data });
      expect(refused.status, what).toBe(status);
      expect(refused.body.message, what).toBe('Update error');
    }
  });

  it('add-data-bulk adds every document in one call, or none when one is refused', async () => {
    const tag = randomUUID().slice(0, 8);
    const ok = await post('/api/add-data-bulk', 'rep', {
      doc_type: 'contacts',
      docs: [{ name: `Bulk ${tag} 1` }, { name: `Bulk ${tag} 2`, city: 'Tempe' }, { name: `Bulk ${tag} 3` }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.count).toBe(3);
    const stored = await fetchDocs('rep', { doc_type: 'contacts', city: 'Tempe', name: `Bulk ${tag} 2` });
    expect(stored).toHaveLength(1);

    const bad = await post('/api/add-data-bulk', 'rep', {
      doc_type: 'contacts',
      docs: [
        { name: `Atomic ${tag}`, city: 'Chandler' },
        { name: `Atomic ${tag}`, zip: 'ABCDE' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'Add error', index: 1 });
    expect(String(bad.body.reason)).toMatch(/^docs\[1\]: .*zip/);
    expect(await fetchDocs('admin', { doc_type: 'contacts', name: `Atomic ${tag}` })).toEqual([]);

    // A refusal by the service (not the schema), after a document that was written: still nothing.
    const id = randomUUID();
    const dup = await post('/api/add-data-bulk', 'admin', {
      doc_type: 'products',
      docs: [
        { _id: id, name: `Panel ${tag}` },
        { _id: id, name: `Panel ${tag} again` },
      ],
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: 'Add error', index: 1 });
    expect(await fetchDocs('admin', { doc_type: 'products', _id: id })).toEqual([]);
    const forbidden = await post('/api/add-data-bulk', 'rep', {
      doc_type: 'contacts',
      docs: [
        { name: `Mine ${tag}` },
        {
          name: `Theirs ${tag}`,
          owner_id: t.world.users.rep2.id,
          energy_consultants: [t.world.users.rep2.id],
          team_id: t.world.teams.b,
        },
      ],
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.index).toBe(1);
    expect(await fetchDocs('rep', { doc_type: 'contacts', name: `Mine ${tag}` })).toEqual([]);

    for (const body of [
      { doc_type: 'contacts', docs: [] },
      { doc_type: 'contacts', docs: 'many' },
      { doc_type: 'contacts', docs: Array.from({ length: 101 }, (_, i) => ({ name: `N${i}` })) },
      { doc_type: 'spaceships', docs: [{ name: 'X' }] },
    ]) {
      const res = await post('/api/add-data-bulk', 'admin', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe('Add error');
    }
    expect(
      (await post('/api/add-data-bulk', undefined, { doc_type: 'contacts', docs: [{ name: 'X' }] })).status,
    ).toBe(401);
  });

  it('set_filter_global: a rep saves views, only an admin makes one global; get_table_filters lists them', async () => {
    const own = randomUUID();
    const saved = await post('/api/set_filter_global', 'rep', {
      filter_id: own,
      is_global: false,
      filter_data: { name: 'My prospects', table: 'contacts', properties: { columns: ['name'] } },
      rep_id: t.world.users.rep.id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      _id: own,
      table: 'contacts',
      global: false,
      creator_ref: t.world.users.rep.id,
    });
    const refused = await post('/api/set_filter_global', 'rep', { filter_id: own, is_global: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Update error',
      reason: 'Only admins can make a view global.',
    });

    const shared = randomUUID();
    const global = await post('/api/set_filter_global', 'admin', {
      filter_id: shared,
      is_global: true,
      filter_data: { name: 'Team board', table: 'contacts' },
    });
    expect(global.status, JSON.stringify(global.body)).toBe(200);
    expect(global.body.data).toMatchObject({ global: true });

    const listed = async (who: UserKey, query: Record<string, string> = {}) => {
      const res = await get('/api/get_table_filters', who, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as Doc[]).map((v) => v._id);
    };
    const repViews = await listed('rep', { rep_id: t.world.users.rep.id });
    expect(repViews).toEqual(expect.arrayContaining([own, shared]));
    const rep2Views = await listed('rep2', { table: 'contacts' });
    expect(rep2Views).toContain(shared);
    expect(rep2Views).not.toContain(own);
    expect(await listed('rep', { table: 'teams' })).not.toContain(own);
    expect(await listed('outsider')).not.toContain(shared);

    const otherRep = await get('/api/get_table_filters', 'rep', { rep_id: t.world.users.rep2.id });
    expect(otherRep.status).toBe(403);
    expect(otherRep.body.message).toBe('Get error');
    expect((await get('/api/get_table_filters', 'guest', {})).status).toBe(403);
    expect((await get('/api/get_table_filters', undefined, {})).status).toBe(401);
    expect((await get('/api/get_table_filters', 'rep', { table: 'spaceships' })).status).toBe(400);

    const outsider = await post('/api/set_filter_global', 'outsider', {
      filter_id: shared,
      is_global: false,
    });
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe('Update error');
    const unsaved = await post('/api/set_filter_global', 'admin', {
      filter_id: randomUUID(),
      is_global: true,
    });
    expect(unsaved.status).toBe(400);
    const taken = await post('/api/set_filter_global', 'admin', { filter_id: shared, is_global: false });
    expect(taken.status).toBe(200);
    expect(await listed('rep2')).not.toContain(shared);
  });

  it('add-user adds a user with the rules of /api/v2/users/add', async () => {
    const email = `legacy.${randomUUID().slice(0, 8)}@test.local`;
    const added = await post('/api/add-user', 'admin', {
      name: 'Legacy Rep',
      email,
      password: 'long enough pw',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ email, monday_role: 'guest', active: true, status: true });
    await t.api.login(email, 'long enough pw');
    const dup = await post('/api/add-user', 'admin', { name: 'Dup', email });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      message: 'Add error',
      reason: 'A user with this email already exists.',
    });
    const byManager = await post('/api/add-user', 'manager', { name: 'X', email: 'x.legacy@test.local' });
    expect(byManager.status).toBe(403);
    expect(byManager.body.message).toBe('Add error');
    const bad = await post('/api/add-user', 'admin', { name: 'X', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await post('/api/add-user', undefined, { name: 'X', email: 'y.legacy@test.local' })).status).toBe(
      401,
    );
    expect(
      (
        await t.api.call('POST', '/api/add-user', {
          token: t.tokens.admin,
          raw: '',
          headers: { 'content-type': 'application/json' },
        })
      ).body.message,
    ).toBe('No body returned');
  });

  it('takes the spec’s field names: a note’s or appointment’s lead_ref, a team’s leader and region', async () => {
    const lead = t.world.contacts.repOwn;
    const subject = `Ref ${randomUUID().slice(0, 8)}`;
    // A note as SPEC section 3 names it, with the fields the server sets as a client reads them back.
    const byRef = await post('/api/send-data', 'rep', {
      doc_type: 'notes',
      doc_data: { ref_id: 'n-1', lead_ref: lead, type: 'Lead', subject, body: 'By lead_ref', createdAt: iso },
      user_id: t.world.users.rep.id,
    });
    expect(byRef.status, JSON.stringify(byRef.body)).toBe(201);
    const note = byRef.body.data as Doc;
    expect(note).toMatchObject({ lead_id: lead, subject, body: 'By lead_ref' });
    // lead_id still works, and both names with one value.
    const byId = await post('/api/send-data', 'rep', {
      doc_type: 'notes',
      doc_data: { lead_id: lead, lead_ref: lead, type: 'Lead', subject, body: 'By lead_id' },
    });
    expect(byId.status, JSON.stringify(byId.body)).toBe(201);
    const disagree = await post('/api/send-data', 'rep', {
      doc_type: 'notes',
      doc_data: { lead_ref: lead, lead_id: t.world.contacts.teamA, type: 'Lead', body: 'Which one?' },
    });
    expect(disagree.status).toBe(400);
    expect(disagree.body.message).toBe('Add error');
    expect(disagree.body.reason).toBe(
      'lead_ref and lead_id name the same field with different values: send one.',
    );
    // lead_ref names a lead like lead_id does: one the caller may not reach is not found.
    const notOurs = await post('/api/send-data', 'rep', {
      doc_type: 'notes',
      doc_data: { lead_ref: t.world.contacts.otherOrg, type: 'Lead', body: 'Sneaky' },
    });
    expect(notOurs.status).toBe(404);
    const appointment = await post('/api/send-data', 'rep', {
      doc_type: 'appointments',
      doc_data: {
        ref_id: 'a-1',
        lead_ref: lead,
        timestamp: iso,
        start_time: iso,
        appointment_type: 'In-person',
        status: 'Scheduled',
      },
    });
    expect(appointment.status, JSON.stringify(appointment.body)).toBe(201);
    expect(appointment.body.data).toMatchObject({ lead_id: lead, appointment_type: 'In-person' });
    const edited = await post('/api/update-data', 'rep', {
      _id: note._id,
      doc_type: 'notes',
      doc_data: { lead_ref: lead, body: 'Edited by lead_ref', ref_id: 'n-1', createdAt: iso },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ _id: note._id, lead_id: lead, body: 'Edited by lead_ref' });
    const bulk = await post('/api/add-data-bulk', 'rep', {
      doc_type: 'notes',
      docs: [{ lead_ref: lead, type: 'Lead', subject, body: 'Bulk by lead_ref' }],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    const team = await post('/api/send-data', 'admin', {
      doc_type: 'teams',
      doc_data: {
        name: `Spec team ${subject}`,
        leader: t.world.users.manager.id,
        region: t.world.regions.a,
        members: [],
        managers: [],
        active_deals: 0,
        total_sales: 0,
        monthly_sales: 0,
      },
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    expect(team.body.data).toMatchObject({
      leader_id: t.world.users.manager.id,
      region_id: t.world.regions.a,
    });
    // A rep still may not add a team under either name.
    const repTeam = await post('/api/send-data', 'rep', {
      doc_type: 'teams',
      doc_data: { name: 'Rogue', leader: t.world.users.rep.id },
    });
    expect(repTeam.status).toBe(403);
    // fetch-data matches lead_ref as lead_id.
    const found = await fetchDocs('rep', { doc_type: 'notes', lead_ref: lead, subject });
    expect(found.map((d) => d.body).sort()).toEqual(['Bulk by lead_ref', 'By lead_id', 'Edited by lead_ref']);
    // Another org's reader finds none of them, by either name.
    expect(await fetchDocs('outsider', { doc_type: 'notes', lead_ref: lead })).toEqual([]);
    expect(await fetchDocs('outsider', { doc_type: 'notes', lead_id: lead })).toEqual([]);
  });

  it('fetch-data takes the caller’s own user_id and auth_token among its params, and refuses another user_id', async () => {
    const { rep } = t.world.users;
    const lead = t.world.contacts.repOwn;
    // The numeric id the spec's clients know the rep by, as token validation answers it.
    const numeric = (await t.api.call('POST', '/api/v2/auth/validate', { token: t.tokens.rep })).body.id;
    expect(typeof numeric).toBe('number');
    for (const user_id of [rep.id, String(numeric)]) {
      const docs = await fetchDocs('rep', { doc_type: 'contacts', _id: lead, user_id });
      expect(
        docs.map((d) => d._id),
        user_id,
      ).toEqual([lead]);
    }
    // With the header as well as auth_token among the params.
    const both = await t.api.call(
      'GET',
      `/api/fetch-data?doc_type=contacts&_id=${lead}&user_id=${rep.id}&auth_token=${t.tokens.rep}`,
      { token: t.tokens.rep },
    );
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect((both.body.data as Doc[]).map((d) => d._id)).toEqual([lead]);
    const other = await get('/api/fetch-data', 'rep', {
      doc_type: 'contacts',
      user_id: t.world.users.rep2.id,
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Get error');
    expect(String(other.body.reason)).toMatch(/user_id names another user/);
    const outsider = await get('/api/fetch-data', 'outsider', { doc_type: 'contacts', user_id: rep.id });
    expect(outsider.status).toBe(403);
    const malformed = await get('/api/fetch-data', 'rep', { doc_type: 'contacts', user_id: 'me' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Get error');
  });

  it('never answers 5xx to malformed payloads', async () => {
    const bodies: [string, unknown][] = [
      ['/api/send-data', { doc_type: 'contacts', doc_data: 'text' }],
      ['/api/send-data', { doc_type: ['contacts'], doc_data: {} }],
      ['/api/send-data', { doc_type: 'contacts', doc_data: { name: 'A\u0000B' } }],
      ['/api/send-data', { doc_type: 'users', doc_data: { name: 'X' } }],
      ['/api/send-data', { doc_type: 'orgs', doc_data: { name: 'New org' } }],
      ['/api/send-data', { doc_type: '__proto__', doc_data: { name: 'X' } }],
      ['/api/send-data', { doc_type: 'teams', doc_data: { _id: 42, name: 'X' } }],
      ['/api/update-data', { _id: randomUUID(), doc_type: 'users', doc_data: { email: 'bad' } }],
      ['/api/add-data-bulk', { doc_type: 'teams', docs: [null] }],
      ['/api/set_filter_global', { filter_id: randomUUID(), is_global: 'yes' }],
      [
        '/api/set_filter_global',
        { filter_id: randomUUID(), is_global: true, filter_data: { table: 'ships' } },
      ],
      ['/api/add-user', [1, 2, 3]],
    ];
    for (const [path, body] of bodies) {
      const res = await t.api.call('POST', path, { token: t.tokens.admin, body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.body.success).toBe(false);
    }
    const notJson = await t.api.call('POST', '/api/send-data', {
      token: t.tokens.admin,
      raw: '{"doc_type":',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('Add error');
  });
});
