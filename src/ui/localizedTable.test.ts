import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../app/locales/en.ts';
import { es } from '../app/locales/es.ts';
import { TABLES } from '../domain/tables/registry.ts';
import { localizedTable } from './localizedTable.ts';

async function catalogue(language: 'en' | 'es') {
  const i18next = createInstance();
  await i18next.init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: language,
    fallbackLng: 'en',
  });
  return i18next;
}

describe('localizedTable', () => {
  it('names every table and column in English exactly as the registry does', async () => {
    const english = await catalogue('en');
    for (const table of Object.values(TABLES)) {
      const shown = localizedTable(table, english);
      expect(shown.label).toBe(table.label);
      expect(shown.columns.map((c) => c.label)).toEqual(table.columns.map((c) => c.label));
    }
  });

  it('has a catalogue entry for every table and column of the registry (add new ones to en.ts)', async () => {
    const english = await catalogue('en');
    const missing = Object.values(TABLES).flatMap((table) => [
      ...(english.exists(`tableLabels.titles.${table.key}`) ? [] : [table.key]),
      ...table.columns
        .filter((c) => !english.exists(`tableLabels.columns.${c.key}`))
        .map((c) => `${table.key}.${c.key}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('names tables and columns in Spanish, a column named apart in one table included', async () => {
    const spanish = await catalogue('es');
    const contacts = localizedTable(TABLES.contacts, spanish);
    const users = localizedTable(TABLES.users, spanish);
    expect(localizedTable(TABLES.teams, spanish).label).toBe('Equipos');
    expect(contacts.columns.find((c) => c.key === 'owner_id')?.label).toBe('Responsable');
    expect(contacts.columns.find((c) => c.key === 'status')?.label).toBe('Estatus del prospecto');
    expect(users.columns.find((c) => c.key === 'status')?.label).toBe('Estatus');
    // Only the names change: keys, types and options are the registry's.
    expect(contacts.columns.map((c) => [c.key, c.type])).toEqual(
      TABLES.contacts.columns.map((c) => [c.key, c.type]),
    );
  });

  it('falls back to the registry name for a column the catalogue does not know yet', async () => {
    const spanish = await catalogue('es');
    const table = {
      ...TABLES.teams,
      columns: [{ key: 'brand_new', label: 'Brand new', type: 'text' as const }],
    };
    expect(localizedTable(table, spanish).columns[0]?.label).toBe('Brand new');
  });

  it('gives the same copy for the same table and language, so screens keep their memoised state', async () => {
    const spanish = await catalogue('es');
    expect(localizedTable(TABLES.notes, spanish)).toBe(localizedTable(TABLES.notes, spanish));
    expect(localizedTable(TABLES.notes, spanish)).not.toBe(TABLES.notes);
  });
});
