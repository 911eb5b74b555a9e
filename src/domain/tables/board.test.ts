import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from '../dealStages.ts';
import { boardColumnSpecs, boardFields, boardMove, groupBoard, resolveBoardField } from './board.ts';
import type { TableDefinition } from './registry.ts';

const contacts: TableDefinition = {
  key: 'contacts',
  label: 'Contacts',
  path: '/contacts',
  dexieTable: 'contacts',
  columns: [],
  defaultColumns: [],
  titleField: 'name',
  formBuilder: false,
};
const products: TableDefinition = {
  ...contacts,
  key: 'products',
  columns: [
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'category', label: 'Category', type: 'select', options: ['Panels', 'Batteries'] },
    { key: 'empty', label: 'Empty', type: 'select', options: [] },
    { key: 'active', label: 'Active', type: 'boolean' },
  ],
};

describe('board fields', () => {
  it('boards contacts by stage first, then status', () => {
    expect(boardFields(contacts)).toEqual(['deal_stage', 'deal_stage_status']);
    expect(resolveBoardField(contacts, undefined)).toBe('deal_stage');
    expect(resolveBoardField(contacts, 'deal_stage_status')).toBe('deal_stage_status');
    expect(resolveBoardField(contacts, 'name')).toBe('deal_stage');
  });
  it('boards other tables by select columns with options only', () => {
    expect(boardFields(products)).toEqual(['category', 'active']);
    expect(resolveBoardField({ ...products, columns: [] }, 'category')).toBeUndefined();
  });
});

describe('grouping', () => {
  const specs = boardColumnSpecs(contacts, 'deal_stage', DEFAULT_DEAL_STAGES);
  it('gives one column per stage with its colour, in pipeline order', () => {
    expect(specs.map((s) => s.value)).toEqual(['Contact', 'Lead', 'Customer', 'Service']);
    expect(specs[1]?.color).toBe('#fd7e14');
  });
  it('counts every row but keeps only the first cards of a column', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      _id: String(i),
      deal_stage: i < 7 ? 'Lead' : 'Contact',
    }));
    const columns = groupBoard(specs, rows, 'deal_stage', 3, 'None');
    const lead = columns.find((c) => c.value === 'Lead');
    expect(lead?.count).toBe(7);
    expect(lead?.rows.map((r) => r._id)).toEqual(['0', '1', '2']);
    expect(columns.find((c) => c.value === 'Service')?.count).toBe(0);
  });
  it('keeps rows with unknown or missing values in columns of their own', () => {
    const rows = [{ _id: 'a', deal_stage: 'Old stage' }, { _id: 'b', deal_stage: null }, { _id: 'c' }];
    const columns = groupBoard(specs, rows, 'deal_stage', 10, 'None');
    expect(columns.map((c) => c.label)).toEqual([
      'Contact',
      'Lead',
      'Customer',
      'Service',
      'Old stage',
      'None',
    ]);
    expect(columns.at(-1)?.count).toBe(2);
  });
  it('gives status columns for every status of every stage', () => {
    const statusSpecs = boardColumnSpecs(contacts, 'deal_stage_status', DEFAULT_DEAL_STAGES);
    expect(statusSpecs[0]?.value).toBe('Prospect');
    expect(statusSpecs).toHaveLength(DEFAULT_DEAL_STAGES.reduce((n, s) => n + s.options.length, 0));
  });
});

describe('moving a card', () => {
  const lead = { _id: 'x', deal_stage: 'Contact', deal_stage_status: 'Not Home 1' };
  it('sets the first status of the new stage', () => {
    expect(boardMove(contacts, 'deal_stage', lead, 'Lead', DEFAULT_DEAL_STAGES)).toEqual({
      deal_stage: 'Lead',
      deal_stage_status: 'Appointment Set',
    });
  });
  it('moves the stage with a status of another stage', () => {
    expect(boardMove(contacts, 'deal_stage_status', lead, 'CRC', DEFAULT_DEAL_STAGES)).toEqual({
      deal_stage: 'Customer',
      deal_stage_status: 'CRC',
    });
  });
  it('changes nothing when dropped on its own column', () => {
    expect(boardMove(contacts, 'deal_stage', lead, 'Contact', DEFAULT_DEAL_STAGES)).toBeUndefined();
  });
  it('sets the select field of other tables, empty as null', () => {
    expect(boardMove(products, 'category', { category: 'Panels' }, 'Batteries', [])).toEqual({
      category: 'Batteries',
    });
    expect(boardMove(products, 'category', { category: 'Panels' }, '', [])).toEqual({ category: null });
  });
  it('boards yes/no columns in two lanes and moves with real booleans', () => {
    const specs = boardColumnSpecs(products, 'active', [], { yes: 'Ja', no: 'Nein' });
    expect(specs.map((s) => [s.value, s.label])).toEqual([
      ['true', 'Ja'],
      ['false', 'Nein'],
    ]);
    const columns = groupBoard(
      specs,
      [{ active: true }, { active: false }, { active: true }],
      'active',
      5,
      'None',
    );
    expect(columns.map((c) => c.count)).toEqual([2, 1]);
    expect(boardMove(products, 'active', { active: true }, 'false', [])).toEqual({ active: false });
    expect(boardMove(products, 'active', { active: false }, 'false', [])).toBeUndefined();
  });
});
