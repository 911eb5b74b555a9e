import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarFields,
  dayKeyOf,
  monthGrid,
  resolveCalendarField,
  rowsByDay,
  weekGrid,
} from './calendar.ts';
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

describe('calendar fields', () => {
  it('offers the six contact dates, appointment first', () => {
    const fields = calendarFields(contacts);
    expect(fields.map((f) => f.label)).toEqual([
      'Appointment Date',
      'Contract Signed Date',
      'CRC Date',
      'Permit Filed',
      'Permit Received',
      'Install Ready Date',
    ]);
    expect(resolveCalendarField(contacts, 'crc_date')).toBe('crc_date');
    expect(resolveCalendarField(contacts, 'nonsense')).toBe('appointment_date');
  });
  it('uses the date columns of other tables', () => {
    const teams: TableDefinition = {
      ...contacts,
      key: 'teams',
      columns: [
        { key: 'name', label: 'Name', type: 'text' },
        { key: 'created_at', label: 'Created', type: 'datetime' },
      ],
    };
    expect(calendarFields(teams)).toEqual([{ key: 'created_at', label: 'Created' }]);
    expect(resolveCalendarField({ ...teams, columns: [] }, 'x')).toBeUndefined();
  });
});

describe('days', () => {
  it('keeps the day of a plain date and rejects impossible ones', () => {
    expect(dayKeyOf('2026-03-05')).toBe('2026-03-05');
    expect(dayKeyOf('2026-02-30')).toBeUndefined();
    expect(dayKeyOf('2026-03-05 23:30')).toBe('2026-03-05');
    expect(dayKeyOf('2026-03-05T00:15')).toBe('2026-03-05');
    expect(dayKeyOf('not a date')).toBeUndefined();
    expect(dayKeyOf('')).toBeUndefined();
    expect(dayKeyOf(null)).toBeUndefined();
    expect(dayKeyOf({})).toBeUndefined();
  });
  it('puts a date-time on its local day', () => {
    const local = new Date(2026, 2, 5, 23, 30);
    expect(dayKeyOf(local.toISOString())).toBe('2026-03-05');
  });
  it('shows six weeks from the Sunday before the first of the month', () => {
    const grid = monthGrid('2026-11-23');
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2026-11-01'); // 1 November 2026 is a Sunday
    expect(grid[41]).toBe('2026-12-12');
    expect(monthGrid('2026-12-15')[0]).toBe('2026-11-29');
  });
  it('shows a week from its Sunday', () => {
    expect(weekGrid('2026-11-25')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });
  it('moves by months from any day, across years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-12-10', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-10', -1)).toBe('2025-12-01');
  });
  it('places rows on days within the range only', () => {
    const rows = [
      { _id: 'a', appointment_date: '2026-11-05' },
      { _id: 'b', appointment_date: '2026-11-05' },
      { _id: 'c', appointment_date: '2026-10-01' },
      { _id: 'd', appointment_date: null },
      { _id: 'e', appointment_date: 'garbage' },
    ];
    const days = rowsByDay(rows, 'appointment_date', '2026-11-01', '2026-12-12');
    expect([...days.keys()]).toEqual(['2026-11-05']);
    expect(days.get('2026-11-05')?.map((r) => r._id)).toEqual(['a', 'b']);
  });
});
