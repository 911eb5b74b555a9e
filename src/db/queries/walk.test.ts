import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WALK_RULES } from '#src/domain/doorEligibility.ts';
import { CrmDatabase } from '../database.ts';
import { orgWalkRules, walkDoors } from './walk.ts';

const open = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });

describe('the walk reads', () => {
  it("answers the org's saved rules, else the standard ones (also for rules it cannot read)", async () => {
    const db = open('walk-rules');
    expect(await orgWalkRules(db)).toEqual(DEFAULT_WALK_RULES);
    const rules = { closed_statuses: ['Renter'], customers_closed: false, cooldown_days: 9 };
    await db.interfaces.put({ _id: 'i1', key: 'walk_rules', data: rules });
    expect(await orgWalkRules(db)).toEqual(rules);
    await db.interfaces.put({ _id: 'i1', key: 'walk_rules', data: { cooldown_days: -1 } });
    expect(await orgWalkRules(db)).toEqual(DEFAULT_WALK_RULES);
  });

  it('reads doors in the order asked, with their latest knock or status change', async () => {
    const db = open('walk-doors');
    const contacts = [
      {
        _id: 'a',
        name: 'Ann',
        address: '1 Main St',
        coordinates: [-111.9, 33.4],
        deal_stage_status: 'Prospect',
        deal_stage: 'Contact',
        owner_id: 'u1',
        energy_consultants: ['u2'],
        last_touched_at: '2026-05-01T10:00:00.000Z',
      },
      {
        _id: 'b',
        name: 'Bob',
        address_obj: { display_address: '', coordinates: null, position: { lat: 33.5, lng: -111.8 } },
        deal_stage_status: 'Not Home 1',
        last_touched_at: null,
      },
      { _id: 'gone', name: 'Gone', coordinates: [-111, 33], deleted_at: '2026-05-01T00:00:00.000Z' },
      // Imported on the 6th and untouched since: its stamp is its creation, not a knock.
      {
        _id: 'new',
        name: 'Nell',
        coordinates: [-111.7, 33.6],
        created_at: '2026-05-06T08:00:00.000Z',
        last_touched_at: '2026-05-06T08:00:00.200Z',
      },
      // Added on the 6th, its status changed on the 7th.
      {
        _id: 'changed',
        name: 'Cole',
        coordinates: [-111.7, 33.6],
        created_at: '2026-05-06T08:00:00.000Z',
        last_touched_at: '2026-05-07T08:00:00.000Z',
      },
    ];
    await db.transaction('rw', [db.contacts, db.pin_changes], () => db.contacts.bulkPut(contacts as never[]));
    await db.knocks.bulkPut([
      { _id: 'k1', lead_id: 'a', knocked_at: '2026-05-03T09:00:00.000Z' },
      { _id: 'k2', lead_id: 'a', knocked_at: '2026-05-02T09:00:00.000Z' },
      { _id: 'k3', lead_id: 'b', knocked_at: '2026-04-01T09:00:00.000Z' },
      { _id: 'k4', lead_id: 'b', knocked_at: '2026-05-04T09:00:00.000Z', deleted_at: '2026-05-04T10:00:00Z' },
    ]);
    const doors = await walkDoors(
      db,
      ['b', 'missing', 'gone', 'a', 'new', 'changed'],
      '2026-04-15T00:00:00.000Z',
    );
    expect(doors.slice(2).map((d) => [d.id, d.last_knocked_at])).toEqual([
      ['new', null],
      ['changed', '2026-05-07T08:00:00.000Z'],
    ]);
    expect(doors.slice(0, 2)).toEqual([
      {
        id: 'b',
        lng: -111.8,
        lat: 33.5,
        status: 'Not Home 1',
        stage: null,
        owner_id: null,
        energy_consultants: [],
        // The April knock is before `since`, and the deleted one does not count.
        last_knocked_at: null,
        name: 'Bob',
        address: '',
      },
      {
        id: 'a',
        lng: -111.9,
        lat: 33.4,
        status: 'Prospect',
        stage: 'Contact',
        owner_id: 'u1',
        energy_consultants: ['u2'],
        last_knocked_at: '2026-05-03T09:00:00.000Z',
        name: 'Ann',
        address: '1 Main St',
      },
    ]);
  });
});
