import { describe, expect, it } from 'vitest';
import { changedFields, draftOf, draftProblems, homeBaseOf } from './availabilityDraft.ts';

const row = {
  _id: 'u1',
  user_id: 'u1',
  weekly_hours: { mon: [{ start: '09:00', end: '12:00' }] },
  time_off: [{ id: 't1', from: '2026-12-24', to: '2026-12-26', note: 'Family' }],
  appointment_minutes: 60,
  time_zone: 'America/Phoenix',
  home_base: { address: '1 Main St', lng: -112.07, lat: 33.45 },
};

describe('the availability form', () => {
  it('shows a row, and a person without one in the device’s time zone with no hours', () => {
    const draft = draftOf(row, 'UTC');
    expect(draft.weekly_hours.mon).toEqual([{ start: '09:00', end: '12:00' }]);
    expect(draft.weekly_hours.sun).toEqual([]);
    expect(draft.home).toEqual({ address: '1 Main St', lat: '33.45', lng: '-112.07' });
    expect(draftOf(undefined, 'America/Chicago')).toMatchObject({
      time_zone: 'America/Chicago',
      appointment_minutes: 60,
      time_off: [],
      home: { address: '', lat: '', lng: '' },
    });
  });

  it('sends only what changed; a person without a row sends everything', () => {
    const draft = draftOf(row, 'UTC');
    expect(changedFields(draft, row, 'UTC')).toEqual({});
    draft.weekly_hours.tue = [{ start: '10:00', end: '11:00' }];
    draft.appointment_minutes = 90;
    expect(changedFields(draft, row, 'UTC')).toEqual({
      weekly_hours: { mon: [{ start: '09:00', end: '12:00' }], tue: [{ start: '10:00', end: '11:00' }] },
      appointment_minutes: 90,
    });
    const fresh = draftOf(undefined, 'America/Chicago');
    expect(Object.keys(changedFields(fresh, undefined, 'America/Chicago')).sort()).toEqual([
      'appointment_minutes',
      'home_base',
      'time_off',
      'time_zone',
      'weekly_hours',
    ]);
  });

  it('a time off note left empty is none; a home base cleared is none', () => {
    const draft = draftOf(row, 'UTC');
    draft.time_off = [{ id: 't2', from: '2027-01-04', to: '2027-01-04', note: '  ' }];
    draft.home = { address: '', lat: '', lng: '' };
    expect(changedFields(draft, row, 'UTC')).toEqual({
      time_off: [{ id: 't2', from: '2027-01-04', to: '2027-01-04', note: null }],
      home_base: null,
    });
  });

  it.each([
    [{ address: '', lat: '', lng: '' }, null],
    [
      { address: ' 1 Main St ', lat: '33.45', lng: '-112.07' },
      { address: '1 Main St', lat: 33.45, lng: -112.07 },
    ],
    [{ address: '', lat: '33.45', lng: '' }, undefined],
    [{ address: '', lat: '95', lng: '0' }, undefined],
    [{ address: '', lat: 'north', lng: '0' }, undefined],
  ])('home base %j is %j', (home, base) => {
    expect(homeBaseOf(home)).toEqual(base);
  });

  it('names each weekday whose ranges cannot be kept, and a half-typed position', () => {
    const draft = draftOf(row, 'UTC');
    draft.weekly_hours.mon = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    draft.weekly_hours.fri = [{ start: '17:00', end: '09:00' }];
    draft.home.lng = '';
    expect(draftProblems(draft)).toEqual([
      { field: 'hours', day: 'mon', problem: 'overlap' },
      { field: 'hours', day: 'fri', problem: 'order' },
      { field: 'home' },
    ]);
  });
});
