import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import { openDashboardCardReader } from '#src/db/queries/dashboardCards.ts';
import { type CardConfig, defaultCardConfig } from '#src/domain/dashboard/cards.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';
import { CardComputer, type CardRequest, cardDisplay } from './CardComputer.ts';

let n = 0;

async function seeded() {
  const reader = openDashboardCardReader(`card-computer-${++n}`);
  const db = reader.db;
  await db.users.bulkPut([
    { _id: 'u1', name: 'Uma One' },
    { _id: 'u2', name: 'Ugo Two' },
  ]);
  await db.transaction('rw', [db.contacts, db.pin_changes], () =>
    db.contacts.bulkPut([
      {
        _id: 'a',
        name: 'Ann',
        owner_id: 'u1',
        deal_stage: 'Lead',
        deal_stage_status: 'Appointment Set',
        contract_amount: 100,
        coordinates: [-97, 32],
      },
      {
        _id: 'b',
        name: 'Bob',
        owner_id: 'u2',
        deal_stage: 'Lead',
        deal_stage_status: 'Appointment Set',
        contract_amount: 300,
      },
      { _id: 'c', name: 'Cy', owner_id: 'u1', deal_stage: 'Contact', deal_stage_status: 'Prospect' },
    ]),
  );
  await db.table_views.put({
    _id: 'v-leads',
    table_name: 'contacts',
    name: 'Leads',
    properties: {
      query: {
        filters: [{ field: 'deal_stage', op: 'any_of', value: ['Lead'] }],
        match: 'all',
        sort: [],
        search: '',
      },
      columns: ['name'],
      widths: {},
    },
  });
  return reader;
}

const card = (id: string, type: CardRequest['type'], patch: Partial<CardConfig> = {}): CardRequest => ({
  id,
  type,
  config: { ...defaultCardConfig(), ...patch },
});

describe('a batch of cards', () => {
  it('computes every card of the batch from one read of each table, names and labels resolved', async () => {
    const reader = await seeded();
    const rows = vi.spyOn(reader, 'rows');
    const answers = await new CardComputer(reader).computeBatch([
      card('count', 'number'),
      card('sum', 'number', { measure: { op: 'sum', field: 'contract_amount' } }),
      card('stages', 'chart', { group_by: 'deal_stage' }),
      card('owners', 'leaderboard', { group_by: 'owner_id' }),
      card('statuses', 'table', { group_by: 'deal_stage_status' }),
      card('map', 'map'),
    ]);
    expect(rows).toHaveBeenCalledTimes(1);
    expect(rows.mock.calls[0]?.[1]).toEqual([
      'contract_amount',
      'deal_stage',
      'deal_stage_status',
      'owner_id',
    ]);
    expect(answers.map((a) => a.id)).toEqual(['count', 'sum', 'stages', 'owners', 'statuses', 'map']);
    expect(answers[0]?.result).toEqual({ kind: 'number', value: 3, rows: 3 });
    expect(answers[1]?.result).toEqual({ kind: 'number', value: 400, rows: 3 });
    expect(answers[3]?.result).toEqual({
      kind: 'groups',
      groups: [
        { key: 'u1', label: 'Uma One', value: 2, rows: 2 },
        { key: 'u2', label: 'Ugo Two', value: 1, rows: 1 },
      ],
      rows: 3,
    });
    expect(answers[4]?.result?.kind === 'groups' && answers[4].result.groups[0]).toEqual({
      key: 'Appointment Set',
      label: 'Appointment Set',
      value: 2,
      rows: 2,
    });
    expect(answers[5]?.result).toEqual({ kind: 'points', points: [[-97, 32]], total: 1 });
    reader.db.close();
  });

  it('hears the cards that need no positions before a map card whose positions are still read', async () => {
    const reader = await seeded();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = reader.contactPositions.bind(reader);
    vi.spyOn(reader, 'contactPositions').mockImplementation(async () => {
      await gate;
      return read();
    });
    const heard: string[][] = [];
    const done = new CardComputer(reader).computeBatch(
      [card('map', 'map'), card('count', 'number'), card('owners', 'leaderboard')],
      Date.now(),
      (answers) => heard.push(answers.map((a) => a.id)),
    );
    await vi.waitFor(() => expect(heard).toEqual([['count', 'owners']]));
    release();
    const answers = await done;
    expect(answers.map((a) => a.id)).toEqual(['map', 'count', 'owners']);
    expect(answers[0]?.result).toEqual({ kind: 'points', points: [[-97, 32]], total: 1 });
    reader.db.close();
  });

  it('answers a map card whose positions cannot be read with an error, and the others', async () => {
    const reader = await seeded();
    vi.spyOn(reader, 'contactPositions').mockRejectedValue(new Error('disk gone'));
    const answers = await new CardComputer(reader).computeBatch([
      card('map', 'map'),
      card('count', 'number'),
    ]);
    expect(answers[0]?.error).toMatch(/positions could not be read: disk gone/);
    expect(answers[1]?.result).toEqual({ kind: 'number', value: 3, rows: 3 });
    reader.db.close();
  });

  it("starts from a card's view, and answers a card's problem without failing the others", async () => {
    const reader = await seeded();
    const answers = await new CardComputer(reader).computeBatch([
      card('view', 'number', { view_id: 'v-leads' }),
      card('gone-view', 'number', { view_id: 'no-such-view' }),
      card('bad-field', 'chart', { group_by: 'no_such_field' }),
      {
        id: 'bad-table',
        type: 'number',
        config: { ...defaultCardConfig(), table: 'nope' as CardConfig['table'] },
      },
      card('fine', 'number'),
    ]);
    expect(answers[0]).toEqual({ id: 'view', result: { kind: 'number', value: 2, rows: 2 } });
    expect(answers[1]?.error).toMatch(/view/);
    expect(answers[2]?.error).toMatch(/no_such_field/);
    expect(answers[3]?.error).toMatch(/nope/);
    expect(answers[4]?.result).toEqual({ kind: 'number', value: 3, rows: 3 });
    reader.db.close();
  });

  it('answers an empty table with zeros and no groups', async () => {
    const reader = openDashboardCardReader(`card-computer-empty-${++n}`);
    const answers = await new CardComputer(reader).computeBatch([
      card('avg', 'number', { table: 'products', measure: { op: 'avg', field: 'price' } }),
      card('chart', 'chart', { table: 'products', group_by: 'category' }),
      card('rows', 'table', { table: 'products' }),
    ]);
    expect(answers.map((a) => a.result)).toEqual([
      { kind: 'number', value: 0, rows: 0 },
      { kind: 'groups', groups: [], rows: 0 },
      { kind: 'rows', columns: ['name', 'category', 'price', 'active'], rows: [], total: 0 },
    ]);
    reader.db.close();
  });
});

describe('how values read on a card', () => {
  it('names users, teams and regions, and labels stages and statuses by their configuration', () => {
    const stages = DEFAULT_DEAL_STAGES.map((s) => ({ ...s, label: `${s.value}!` }));
    const display = cardDisplay(
      { users: new Map([['u1', 'Uma']]), teams: new Map([['t1', 'North']]), regions: new Map() },
      stages,
    );
    const col = (type: ColumnDefinition['type']): ColumnDefinition => ({ key: 'x', label: 'X', type });
    expect(display(col('user'), 'u1')).toBe('Uma');
    expect(display(col('user'), 'u404')).toBe('u404');
    expect(display(col('users'), ['u1', 'u2'])).toBe('Uma, u2');
    expect(display(col('team'), 't1')).toBe('North');
    expect(display(col('stage'), 'Lead')).toBe('Lead!');
    expect(display(col('status'), 'Prospect')).toBe('Prospect');
    expect(display(col('text'), null)).toBe('');
  });
});
