import { describe, expect, it } from 'vitest';
import {
  formFieldsOf,
  inputValue,
  isFormTable,
  moveFormField,
  readForm,
  resolveFormFields,
  toggleFormField,
} from './formLayout.ts';

const ID = '01900000-0000-7000-8000-000000000001';

describe('form layout', () => {
  it('knows the five tables with a form builder', () => {
    expect(['teams', 'users', 'products', 'sales_channels', 'orgs'].every(isFormTable)).toBe(true);
    expect(isFormTable('contacts')).toBe(false);
  });
  it('shows every field until an order is saved, then the saved ones in order', () => {
    expect(resolveFormFields('products', undefined).map((f) => f.key)).toEqual([
      'name',
      'category',
      'price',
      'active',
    ]);
    expect(resolveFormFields('products', ['price', 'name', 'bogus', 'price', 3]).map((f) => f.key)).toEqual([
      'price',
      'name',
    ]);
    expect(resolveFormFields('products', [])).toEqual([]);
  });
  it('moves fields up and down, not past the ends', () => {
    expect(moveFormField(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveFormField(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveFormField(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveFormField(['a', 'b', 'c'], 'z', 1)).toEqual(['a', 'b', 'c']);
  });
  it('shows and hides fields of the table only', () => {
    expect(toggleFormField('products', ['name', 'price'], 'price')).toEqual(['name']);
    expect(toggleFormField('products', ['name'], 'active')).toEqual(['name', 'active']);
    expect(toggleFormField('products', ['name'], 'bogus')).toEqual(['name']);
  });
  it('fills inputs from stored values', () => {
    const [name, , price, active] = formFieldsOf('products');
    expect(name && inputValue(name, null)).toBe('');
    expect(price && inputValue(price, 12.5)).toBe('12.5');
    expect(active && inputValue(active, true)).toBe(true);
    expect(active && inputValue(active, 'yes')).toBe(false);
  });
});

describe('reading a form', () => {
  const products = formFieldsOf('products');
  it('turns inputs into typed fields the schema accepts', () => {
    const result = readForm(
      'products',
      products,
      { name: ' Panel ', category: '', price: '100', active: true },
      true,
    );
    expect(result.errors).toEqual({});
    expect(result.fields).toEqual({ name: 'Panel', category: null, price: 100, active: true });
  });
  it('reports a price that is not a number or negative, with the field', () => {
    expect(readForm('products', products, { name: 'P', price: 'abc' }, false).errors).toEqual({
      price: 'must be a number',
    });
    expect(readForm('products', products, { name: 'P', price: '-5' }, false).errors).toEqual({
      price: 'must not be negative',
    });
  });
  it('requires a name on create, and an empty name on edit', () => {
    expect(readForm('teams', formFieldsOf('teams'), { name: '' }, false).errors.name).toBe('is required');
    expect(readForm('teams', formFieldsOf('teams'), {}, true).errors.name).toBeDefined();
  });
  it('checks users with the user schemas', () => {
    const users = formFieldsOf('users');
    expect(readForm('users', users, { name: 'Ann', email: 'nope' }, false, ID).errors).toEqual({
      email: 'must be a valid email address',
    });
    const ok = readForm(
      'users',
      users,
      { name: 'Ann', email: 'ann@x.io', access_level: 'manager' },
      false,
      ID,
    );
    expect(ok.errors).toEqual({});
    expect(ok.fields.email).toBe('ann@x.io');
    expect(
      readForm('users', users, { name: 'Ann', access_level: 'Boss' }, false, ID).errors.access_level,
    ).toMatch(/must be one of/);
  });
});
