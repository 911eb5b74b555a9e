import { describe, expect, it } from 'vitest';
import { defaultViewProperties, TABLES } from './registry.ts';
import { listedColumnsOf, viewColumnsOf } from './viewColumns.ts';

describe('the columns a view reads', () => {
  it('a grid reads what it shows, sorts, filters and groups by, its title and the pending mark', () => {
    const contacts = TABLES.contacts;
    const properties = defaultViewProperties(contacts);
    properties.columns = ['phone'];
    properties.query.filters = [{ field: 'city', op: 'contains', value: 'Mesa' }];
    properties.query.groupBy = 'team_id';
    expect(viewColumnsOf(contacts, properties, true)).toEqual([
      'city',
      'name',
      'pending',
      'phone',
      'team_id',
      'updated_at',
    ]);
  });

  it('other view types read what they lane, place and show rows by, all from the index', () => {
    const contacts = TABLES.contacts;
    const columns = viewColumnsOf(contacts, defaultViewProperties(contacts), false);
    for (const key of [
      'deal_stage',
      'deal_stage_status',
      'last_touched_at',
      'address',
      'image',
      'appointment_date',
    ])
      expect(columns).toContain(key);
    expect(columns.length).toBeLessThan(listedColumnsOf(contacts).length);
    for (const key of columns) expect(listedColumnsOf(contacts)).toContain(key);
    // A form of a small table reads every column.
    expect(viewColumnsOf(TABLES.teams, defaultViewProperties(TABLES.teams), false)).toEqual(
      listedColumnsOf(TABLES.teams).sort(),
    );
  });
});
