import { describe, expect, it } from 'vitest';
import { recordFieldsSchema } from '#src/domain/schemas/records.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import { changedFields, editableColumns, formValuesOf } from './recordForm.ts';

const products = TABLES.products as typeof TABLES.products & { key: 'products' };
const columns = editableColumns(products);

describe('a record page form', () => {
  it('edits the fields the record command takes, not ids or audit fields', () => {
    expect(columns.map((c) => c.key)).toEqual(['name', 'category', 'price', 'active']);
  });

  it('sends only what changed, in the shapes the shared schema takes', () => {
    const before = formValuesOf(columns, { name: 'Panel', category: 'Solar', price: 1200, active: true });
    expect(before).toEqual({ name: 'Panel', category: 'Solar', price: '1200', active: true });
    const fields = changedFields(columns, before, {
      ...before,
      name: ' Panel XL ',
      price: '',
      active: false,
    });
    expect(fields).toEqual({ name: 'Panel XL', price: null, active: false });
    expect(recordFieldsSchema('products', false).safeParse(fields).success).toBe(true);
  });

  it('passes a number that is not one to the schema, which says so', () => {
    const before = formValuesOf(columns, undefined);
    const fields = changedFields(columns, before, { ...before, name: 'Battery', price: '12,50' });
    expect(fields.price).toBe('12,50');
    expect(recordFieldsSchema('products', true).safeParse(fields).success).toBe(false);
  });
});

describe("a team's form", () => {
  const teams = TABLES.teams as typeof TABLES.teams & { key: 'teams' };
  const teamColumns = editableColumns(teams);
  it('picks its leader and region, and clears them to none', () => {
    expect(teamColumns.map((c) => c.key)).toEqual(['name', 'leader_id', 'region_id']);
    const leader = '6f1c2a9e-4b1d-4c7a-9a53-0d3f4e5b6a7c';
    const before = formValuesOf(teamColumns, { name: 'Sun Devils', leader_id: leader, region_id: null });
    expect(before).toEqual({ name: 'Sun Devils', leader_id: leader, region_id: '' });
    const fields = changedFields(teamColumns, before, { ...before, leader_id: '' });
    expect(fields).toEqual({ leader_id: null });
    expect(recordFieldsSchema('teams', false).safeParse(fields).success).toBe(true);
  });
});
