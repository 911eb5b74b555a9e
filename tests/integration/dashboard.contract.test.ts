import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const countConfig = { table: 'contacts', filters: [], match: 'all', measure: { op: 'count' } };

const saveCard = (id: string, fields: Record<string, unknown> = {}, create = true) => ({
  name: 'record.save.v1',
  args: {
    table: 'cards',
    id,
    create,
    fields: create
      ? {
          title: 'Leads',
          type: 'number',
          card_layout: { x: 0, y: 0, w: 3, h: 2 },
          config: countConfig,
          ...fields,
        }
      : fields,
  },
});

const saveLayout = (id: string, fields: Record<string, unknown>, create = true) => ({
  name: 'record.save.v1',
  args: { table: 'layouts', id, create, fields: create ? { name: 'Mine', cards: [], ...fields } : fields },
});

describe.each(testDatabaseKinds())('dashboard layouts and cards on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const dashCards = (who: UserKey, cardIds: unknown) =>
    t.api.call('POST', '/api/ls_leads_get_dash_cards', { token: t.tokens[who], body: { card_ids: cardIds } });
  const getCard = (who: UserKey, cardId: string) =>
    t.api.call('GET', `/api/get_card?card_id=${encodeURIComponent(cardId)}`, { token: t.tokens[who] });

  /** A rep's own layout with two cards. */
  const repDashboard = async () => {
    const layout = randomUUID();
    const cards: string[] = [randomUUID(), randomUUID()];
    const results = await pushAs('rep', [
      saveCard(cards[0] as string),
      saveCard(cards[1] as string, { title: 'By stage', type: 'chart' }),
      saveLayout(layout, { cards }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    return { layout, cards };
  };

  it('a user keeps their own layout and cards: theirs to read and change, no one else sees them', async () => {
    const { layout, cards } = await repDashboard();
    const mine = (await pulledRows(t.api, t.tokens.rep, 'layouts')).find((r) => r._id === layout);
    expect(mine).toMatchObject({ name: 'Mine', cards, is_global: false, owner_id: t.world.users.rep.id });
    const myCards = (await pulledRows(t.api, t.tokens.rep, 'cards')).map((r) => r._id);
    expect(myCards).toEqual(expect.arrayContaining(cards));

    // Another rep pulls neither, reads neither through the legacy calls, and changes neither.
    expect((await pulledRows(t.api, t.tokens.rep2, 'layouts')).some((r) => r._id === layout)).toBe(false);
    expect((await pulledRows(t.api, t.tokens.rep2, 'cards')).some((r) => cards.includes(r._id))).toBe(false);
    const other = await dashCards('rep2', cards);
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ success: true, cards: [] });
    const one = await getCard('rep2', cards[0] as string);
    expect(one.status).toBe(404);
    expect(one.body).toMatchObject({ success: false, message: 'Get error' });
    expect(one.body.reason).toMatch(/does not exist/);
    const denied = await pushAs('rep2', [
      saveLayout(layout, { name: 'Taken' }, false),
      saveCard(cards[0] as string, { title: 'Taken' }, false),
      { name: 'record.delete.v1', args: { table: 'cards', id: cards[1] } },
    ]);
    expect(denied.map((r) => r.message)).toEqual([
      'Only its owner can change this layout.',
      'Only its owner can change this card.',
      'Only its owner can change this card.',
    ]);

    // The owner moves a card and renames the layout.
    const moved = await pushAs('rep', [
      saveCard(cards[0] as string, { card_layout: { x: 6, y: 0, w: 4, h: 3 } }, false),
      saveLayout(layout, { name: 'Renamed' }, false),
    ]);
    expect(moved.map((r) => r.status)).toEqual(['applied', 'applied']);
    const got = await getCard('rep', cards[0] as string);
    expect(got.status).toBe(200);
    expect(got.body.card).toMatchObject({ _id: cards[0], card_layout: { x: 6, y: 0, w: 4, h: 3 } });
  });

  it('the legacy batch answers the cards in the asked order, six at most, with clear refusals', async () => {
    const { cards } = await repDashboard();
    const reversed = [...cards].reverse();
    const res = await dashCards('rep', [...reversed, randomUUID()]);
    expect(res.status).toBe(200);
    const answered = res.body.cards as { _id: string }[];
    expect(answered.map((c) => c._id)).toEqual(reversed);
    expect(answered[0]).toMatchObject({ title: 'By stage', type: 'chart', config: countConfig });

    const seven = await dashCards(
      'rep',
      Array.from({ length: 7 }, () => randomUUID()),
    );
    expect(seven.status).toBe(400);
    expect(seven.body.reason).toMatch(/at most 6 cards/);
    const badId = await dashCards('rep', ['not-a-uuid']);
    expect(badId.status).toBe(400);
    expect(badId.body.reason).toMatch(/card_ids\.0.*valid id/);
    const none = await dashCards('rep', []);
    expect(none.status).toBe(400);
    const badQuery = await getCard('rep', 'nope');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.reason).toMatch(/card_id/);
    const unsigned = await t.api.call('GET', `/api/get_card?card_id=${cards[0]}`, {});
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message).toBe('Get error');
    // The legacy clients sign in with the payload's auth_token (query for GET, body for POST).
    const byQuery = await t.api.call(
      'GET',
      `/api/get_card?card_id=${cards[0]}&auth_token=${t.tokens.rep}`,
      {},
    );
    expect(byQuery.status, JSON.stringify(byQuery.body)).toBe(200);
    const byBody = await t.api.call('POST', '/api/ls_leads_get_dash_cards', {
      body: { card_ids: cards, auth_token: t.tokens.rep },
    });
    expect(byBody.status, JSON.stringify(byBody.body)).toBe(200);
  });

  it('only admins make a layout global; everyone then sees its cards and only admins change them', async () => {
    const layout = randomUUID();
    const card = randomUUID();
    expect((await pushAs('rep', [saveLayout(randomUUID(), { is_global: true })]))[0]?.message).toBe(
      'Only admins can make a layout global.',
    );
    // The admin's private layout: rep2 pulls to here first, so the card must come with the change.
    expect(
      (await pushAs('admin', [saveCard(card), saveLayout(layout, { cards: [card] })])).map((r) => r.status),
    ).toEqual(['applied', 'applied']);
    const before = await t.api.call('GET', '/api/v2/sync/pull?cursor=0&limit=5000', { token: t.tokens.rep2 });
    expect((before.body.changes as PullChange[]).some((c) => c.row._id === card)).toBe(false);
    expect((await getCard('rep2', card)).status).toBe(404);

    expect((await pushAs('admin', [saveLayout(layout, { is_global: true }, false)]))[0]?.status).toBe(
      'applied',
    );
    const after = await t.api.call('GET', `/api/v2/sync/pull?cursor=${before.body.cursor}&limit=5000`, {
      token: t.tokens.rep2,
    });
    const tables = (after.body.changes as PullChange[]).filter(
      (c) => c.row._id === card || c.row._id === layout,
    );
    expect(tables.map((c) => c.table).sort()).toEqual(['cards', 'layouts']);
    expect((await getCard('rep2', card)).body.card).toMatchObject({ _id: card });

    const denied = await pushAs('rep2', [
      saveCard(card, { title: 'Mine now' }, false),
      saveLayout(layout, { name: 'Mine now' }, false),
      saveLayout(layout, { is_global: false }, false),
      { name: 'record.delete.v1', args: { table: 'layouts', id: layout } },
    ]);
    expect(denied.map((r) => r.message)).toEqual([
      'Only admins can change a card of a global layout.',
      'Only admins can change a global layout.',
      'Only admins can make a layout global.',
      'Only admins can change a global layout.',
    ]);
    // Taken back from global: the change still reaches rep2's device, which then stops listing it.
    expect((await pushAs('admin', [saveLayout(layout, { is_global: false }, false)]))[0]?.status).toBe(
      'applied',
    );
    const unshared = await t.api.call('GET', `/api/v2/sync/pull?cursor=${after.body.cursor}&limit=5000`, {
      token: t.tokens.rep2,
    });
    expect(
      (unshared.body.changes as PullChange[]).find((c) => c.table === 'layouts' && c.row._id === layout)?.row,
    ).toMatchObject({ is_global: false });
    expect((await getCard('rep2', card)).status).toBe(404);
    const removed = await pushAs('admin', [
      { name: 'record.delete.v1', args: { table: 'layouts', id: layout } },
    ]);
    expect(removed.map((r) => r.status)).toEqual(['applied']);
    const gone = await t.api.call('GET', `/api/v2/sync/pull?cursor=${unshared.body.cursor}&limit=5000`, {
      token: t.tokens.rep2,
    });
    expect(
      (gone.body.changes as PullChange[]).find((c) => c.table === 'layouts' && c.row._id === layout)?.row
        .deleted_at,
    ).toBeTruthy();
  });

  it('a Guest saves and reads no dashboard; another org never reaches these cards', async () => {
    const { cards } = await repDashboard();
    const refused = await pushAs('guest', [saveLayout(randomUUID(), {}), saveCard(randomUUID())]);
    expect(refused.map((r) => r.message)).toEqual([
      'Guests cannot save dashboards.',
      'Guests cannot save dashboards.',
    ]);
    const guestBatch = await dashCards('guest', cards);
    expect(guestBatch.status).toBe(403);
    expect(guestBatch.body.reason).toBe('Your access level cannot open dashboards.');
    expect((await getCard('guest', cards[0] as string)).status).toBe(403);
    expect(await pulledRows(t.api, t.tokens.guest, 'cards')).toEqual([]);

    // An admin of another org: not found, and their own card is out of this org's reach.
    const outsiderCard = randomUUID();
    expect((await pushAs('outsider', [saveCard(outsiderCard)]))[0]?.status).toBe('applied');
    expect((await dashCards('outsider', cards)).body.cards).toEqual([]);
    expect((await getCard('outsider', cards[0] as string)).status).toBe(404);
    expect((await getCard('admin', outsiderCard)).status).toBe(404);
    const crossEdit = await pushAs('admin', [saveCard(outsiderCard, { title: 'Mine' }, false)]);
    expect(crossEdit[0]?.message).toBe('This record does not exist any more.');
  });

  it('a card with a wrong configuration is refused with the field that is wrong', async () => {
    const bad = await pushAs('rep', [
      saveCard(randomUUID(), { config: { ...countConfig, table: 'planets' } }),
      saveCard(randomUUID(), { config: { ...countConfig, measure: { op: 'sum' } } }),
      saveCard(randomUUID(), { type: 'gauge' }),
      saveCard(randomUUID(), { card_layout: { x: 12, y: 0, w: 3, h: 2 } }),
      saveLayout(randomUUID(), { cards: ['x'] }),
    ]);
    expect(bad.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(bad[0]?.message).toMatch(/config\.table/);
    expect(bad[1]?.message).toMatch(/a sum or an average needs a field/);
    expect(bad[2]?.message).toMatch(/type/);
    expect(bad[3]?.message).toMatch(/card_layout\.x/);
    expect(bad[4]?.message).toMatch(/cards/);
  });

  it('a card of a metric shared with the leaderboard is saved and pulled as it is; an unknown metric or period is refused by name', async () => {
    const good = randomUUID();
    const metric = { key: 'appointments_set', period: 'week' };
    const results = await pushAs('rep', [
      saveCard(good, { config: { ...countConfig, metric } }),
      saveCard(randomUUID(), { config: { ...countConfig, metric: { key: 'door_slams', period: 'week' } } }),
      saveCard(randomUUID(), { config: { ...countConfig, metric: { key: 'knocks', period: 'year' } } }),
      // The sales figures are shared too: sales (closed won), revenue and kW sold.
      saveCard(randomUUID(), { config: { ...countConfig, metric: { key: 'revenue', period: 'month' } } }),
      saveCard(randomUUID(), { config: { ...countConfig, metric: { key: 'sold_kw', period: 'today' } } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'applied', 'applied']);
    expect(results[1]?.message).toMatch(/config\.metric\.key/);
    expect(results[2]?.message).toMatch(/config\.metric\.period/);
    const pulled = (await pulledRows(t.api, t.tokens.rep, 'cards')).find((r) => r._id === good);
    expect(pulled?.config).toMatchObject({ metric });
    // No one of another org reaches it.
    expect((await pulledRows(t.api, t.tokens.outsider, 'cards')).some((r) => r._id === good)).toBe(false);
  });
});
