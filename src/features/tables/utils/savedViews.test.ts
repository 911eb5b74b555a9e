import { describe, expect, it } from 'vitest';
import type { TableViewRow } from '#src/db/rows.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { VIEW_TYPES } from '#src/domain/schemas/records.ts';
import { defaultViewProperties, TABLES, type ViewProperties } from '#src/domain/tables/registry.ts';
import { testActor } from '#tests/support/actors.ts';
import {
  defaultViewRecord,
  defaultViewRow,
  isNamedView,
  listedViews,
  newViewRecord,
  shownProperties,
  shownView,
  storedDraft,
  viewFields,
  viewIsReadOnly,
} from './savedViews.ts';

const products = TABLES.products;
const actor = (level: Actor['level']): Actor => testActor(level);
const view = (id: string, extra: Partial<TableViewRow> = {}): TableViewRow => ({
  _id: id,
  name: id,
  table_name: 'products',
  created_by: 'me',
  ...extra,
});
const fallback = defaultViewRow(products, 'Default view', 'me');
const properties = (extra: Partial<ViewProperties['query']> = {}): ViewProperties => ({
  ...defaultViewProperties(products),
  query: { ...defaultViewProperties(products).query, ...extra },
});

describe('the views a table lists', () => {
  it.each([
    { name: 'dashboard', named: true },
    { name: ' User_Profile ', named: true },
    { name: 'Dashboard of mine', named: false },
    { name: undefined, named: false },
  ])('"$name" is a named view: $named', ({ name, named }) => {
    expect(isNamedView(name)).toBe(named);
  });

  it.each([
    { stored: undefined, listed: [] },
    { stored: [view('b'), view('a')], listed: ['a', 'b'] },
    { stored: [view('2', { name: 'Same' }), view('1', { name: 'Same' })], listed: ['1', '2'] },
    { stored: [view('gone', { deleted_at: '2026-01-01' }), view('kept')], listed: ['kept'] },
    {
      stored: [view('d', { name: 'dashboard' }), view('p', { name: 'user_profile' }), view('x')],
      listed: ['x'],
    },
  ])('lists $listed', ({ stored, listed }) => {
    expect(listedViews(stored).map((v) => v._id)).toEqual(listed);
  });
});

describe('the view shown', () => {
  const mine = view('mine');
  const global = view('global', { created_by: 'admin', global: true });
  it.each([
    { views: [global, mine], selected: '', shown: 'mine', why: "the user's own first view" },
    { views: [global], selected: '', shown: '', why: "the default, never someone else's view" },
    { views: [global, mine], selected: 'global', shown: 'global', why: 'the view picked' },
    { views: [mine], selected: 'deleted', shown: 'mine', why: 'their own when the one picked is gone' },
    { views: [], selected: '', shown: '', why: 'the default without views' },
  ])('is $why', ({ views, selected, shown }) => {
    expect(shownView(views, selected, 'me', fallback)._id).toBe(shown);
  });

  it.each<{ level: Actor['level']; row: TableViewRow; stored: boolean; readOnly: boolean }>([
    { level: 'Guest', row: fallback, stored: false, readOnly: true },
    { level: 'User', row: fallback, stored: false, readOnly: false },
    { level: 'User', row: view('mine'), stored: true, readOnly: false },
    { level: 'User', row: view('theirs', { created_by: 'other' }), stored: true, readOnly: true },
    { level: 'User', row: view('global', { created_by: 'me', global: true }), stored: true, readOnly: true },
    {
      level: 'Admin',
      row: view('global', { created_by: 'other', global: true }),
      stored: true,
      readOnly: false,
    },
  ])('a $level on $row._id (stored: $stored) changes it: $readOnly', ({ level, row, stored, readOnly }) => {
    expect(viewIsReadOnly(actor(level), row, stored)).toBe(readOnly);
  });
});

describe('the properties shown and saved', () => {
  const searched = properties({ search: 'battery' });
  it.each([
    { draft: null, shown: view('v', { properties: { ...searched } }), search: 'battery' },
    { draft: { id: 'v', properties: properties({ search: 'typed' }) }, shown: view('v'), search: 'typed' },
    { draft: { id: 'other', properties: properties({ search: 'typed' }) }, shown: view('v'), search: '' },
    { draft: null, shown: view('v', { properties: 'not an object' as never }), search: '' },
  ])('a draft of $draft.id over view $shown._id searches "$search"', ({ draft, shown, search }) => {
    expect(shownProperties(draft, shown, products).query.search).toBe(search);
  });

  it('follows the default view to its stored id, leaving other drafts alone', () => {
    const draft = { id: '', properties: searched };
    expect(storedDraft(draft, 'new-id')).toEqual({ id: 'new-id', properties: searched });
    expect(storedDraft({ id: 'v', properties: searched }, 'new-id')?.id).toBe('v');
    expect(storedDraft(null, 'new-id')).toBeNull();
  });

  it.each([
    { groupBy: undefined, groupings: [] },
    { groupBy: 'category', groupings: ['category'] },
  ])('stores headers and groupings beside the properties (group by $groupBy)', ({ groupBy, groupings }) => {
    const p = properties(groupBy ? { groupBy } : {});
    expect(viewFields(p)).toEqual({ properties: p, headers: p.columns, groupings });
  });

  it('stores the default view as a plain grid with the change on top, and a new view as a workshop', () => {
    expect(defaultViewRecord(products, fallback, { name: 'Renamed' })).toMatchObject({
      name: 'Renamed',
      table_name: 'products',
      view_type: VIEW_TYPES.grid,
      global: false,
      is_workshop: false,
      properties: fallback.properties,
    });
    expect(newViewRecord(products, 'View 3')).toMatchObject({
      name: 'View 3',
      view_type: VIEW_TYPES.grid,
      is_workshop: true,
      global: false,
      properties: defaultViewProperties(products),
    });
  });
});
