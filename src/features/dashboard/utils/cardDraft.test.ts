import { describe, expect, it } from 'vitest';
import { draftErrors, draftFields, newDraft, withTable, withType } from './cardDraft.ts';

describe('card editor drafts', () => {
  it('a new card counts contacts and needs a title', () => {
    const draft = newDraft();
    expect(draft.config).toMatchObject({ table: 'contacts', measure: { op: 'count' } });
    expect(draftErrors(draft)).toEqual({ title: 'required' });
    expect(draftErrors({ ...draft, title: 'Leads' })).toEqual({});
  });

  it('a chart groups and draws bars; a leaderboard groups by a person; a table lists columns', () => {
    const chart = withType({ ...newDraft(), title: 'By stage' }, 'chart');
    expect(chart.config.chart).toBe('bar');
    expect(chart.config.group_by).toBeTruthy();
    const board = withType(chart, 'leaderboard');
    expect(board.config.group_by).toBe('owner_id');
    expect(board.config.chart).toBeUndefined();
    const table = withType(board, 'table');
    expect(table.config.columns?.length).toBeGreaterThan(0);
    expect(withType(table, 'number').config.group_by).toBeNull();
    // A leaderboard of a metric shared with the leaderboard screen groups by person itself.
    const top = {
      title: 'Top reps',
      type: 'leaderboard' as const,
      config: { ...newDraft().config, group_by: null },
    };
    expect(draftErrors(top)).toEqual({ 'config.group_by': 'required' });
    expect(
      draftErrors({ ...top, config: { ...top.config, metric: { key: 'leads_added', period: 'week' } } }),
    ).toEqual({});
    expect(withType(withTable(table, 'users'), 'map').config.table).toBe('contacts');
  });

  it('names the field that is wrong, and saves a clean configuration', () => {
    const draft = { ...newDraft(), title: ' Sum ' };
    const bad = { ...draft, config: { ...draft.config, measure: { op: 'sum' as const } } };
    expect(draftErrors(bad)['config.measure.field']).toMatch(/needs a field/);
    const good = {
      ...draft,
      config: { ...draft.config, measure: { op: 'sum' as const, field: 'contract_amount' } },
    };
    expect(draftErrors(good)).toEqual({});
    expect(draftFields(good, { x: 0, y: 0, w: 3, h: 2 })).toMatchObject({
      title: 'Sum',
      card_layout: { w: 3 },
    });
  });
});
