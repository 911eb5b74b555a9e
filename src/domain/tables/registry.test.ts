import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import type { Actor } from '../permissions.ts';
import type { AccessLevel } from '../roles.ts';
import { TABLE_KEYS } from '../schemas/records.ts';
import { readViewProperties, TABLES, tableAtPath, tablesForRole } from './registry.ts';

const actor = (level: AccessLevel): Actor => testActor(level);

describe('table registry', () => {
  it('has every table at its spec path with its default columns among its columns', () => {
    expect(Object.keys(TABLES).sort()).toEqual([...TABLE_KEYS].sort());
    expect(tableAtPath('/sales-channels')?.key).toBe('sales_channels');
    expect(tableAtPath('/survey-templates')?.key).toBe('survey_templates');
    for (const table of Object.values(TABLES)) {
      const keys = new Set(table.columns.map((c) => c.key));
      expect(keys.size).toBe(table.columns.length);
      for (const key of [...table.defaultColumns, table.titleField]) expect(keys.has(key)).toBe(true);
    }
    const contactKeys = TABLES.contacts.columns.map((c) => c.key);
    for (const key of [
      'appointment_date',
      'contract_signed_date',
      'crc_date',
      'permit_filed',
      'permit_received',
      'install_ready_date',
    ])
      expect(contactKeys).toContain(key);
    expect(
      Object.values(TABLES)
        .filter((t) => t.formBuilder)
        .map((t) => t.key)
        .sort(),
    ).toEqual(['orgs', 'products', 'sales_channels', 'teams', 'users']);
  });

  it('shows tabs by role', () => {
    expect(tablesForRole(actor('Guest'))).toEqual([]);
    const user = tablesForRole(actor('User')).map((t) => t.key);
    expect(user).toEqual(
      expect.arrayContaining(['contacts', 'notes', 'media', 'teams', 'users', 'products']),
    );
    expect(user).not.toContain('orgs');
    expect(user).not.toContain('survey_templates');
    expect(tablesForRole(actor('Admin')).map((t) => t.key)).toEqual([...TABLE_KEYS]);
  });

  it('reads stored properties defensively', () => {
    expect(readViewProperties(TABLES.teams, null).columns).toEqual(TABLES.teams.defaultColumns);
    const p = readViewProperties(TABLES.teams, {
      columns: ['name', 'gone'],
      query: {
        filters: [
          { field: 'gone', op: 'is' },
          { field: 'name', op: 'contains', value: 'a' },
        ],
        match: 'x',
        sort: 'bad',
        groupBy: 'region_id',
      },
    });
    expect(p.columns).toEqual(['name']);
    expect(p.query).toEqual({
      filters: [{ field: 'name', op: 'contains', value: 'a' }],
      match: 'all',
      sort: [],
      search: '',
      groupBy: 'region_id',
    });
  });
});
