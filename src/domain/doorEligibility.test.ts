import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import {
  coolingDown,
  DEFAULT_WALK_RULES,
  type DoorExclusion,
  type DoorFacts,
  doorExclusion,
  type EligibilityContext,
  laterTime,
  sortDoors,
} from './doorEligibility.ts';
import { walkRulesSchema } from './schemas/walkRules.ts';

const ME = 'rep-1';
const NOW = Date.parse('2026-05-10T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();
const context: EligibilityContext = {
  user_id: ME,
  rules: DEFAULT_WALK_RULES,
  stages: DEFAULT_DEAL_STAGES,
  now: NOW,
};

const door = (fields: Partial<DoorFacts> = {}): DoorFacts => ({
  id: 'd1',
  lng: -111.9,
  lat: 33.4,
  status: 'Prospect',
  stage: 'Contact',
  owner_id: ME,
  energy_consultants: [],
  last_knocked_at: null,
  ...fields,
});

describe('doorExclusion', () => {
  const cases: [string, Partial<DoorFacts>, Partial<EligibilityContext>, DoorExclusion | null][] = [
    ['an own prospect never knocked', {}, {}, null],
    ['an unowned door', { owner_id: null }, {}, null],
    ['an empty owner', { owner_id: '' }, {}, null],
    ['another rep’s door', { owner_id: 'rep-2' }, {}, 'not_shared'],
    ['another rep’s door shared with me', { owner_id: 'rep-2', energy_consultants: ['x', ME] }, {}, null],
    ['no position', { lng: null }, {}, 'no_position'],
    ['a position off the globe', { lat: 95 }, {}, 'no_position'],
    ['not a number', { lng: Number.NaN }, {}, 'no_position'],
    ['Not Interested', { status: 'Not Interested' }, {}, 'closed'],
    ['No Soliciting', { status: 'No Soliciting' }, {}, 'closed'],
    ['Disqualified', { status: 'Disqualified' }, {}, 'closed'],
    ['Renter', { status: 'Renter' }, {}, 'closed'],
    ['Not Home 2 stays open', { status: 'Not Home 2' }, {}, null],
    ['Come Back stays open', { status: 'Come Back' }, {}, null],
    ['a customer', { status: 'Contract Signed', stage: 'Customer' }, {}, 'customer'],
    ['a customer by status alone', { status: 'Permit Ready', stage: null }, {}, 'customer'],
    ['after the sold stage', { status: 'Removal & Re-install', stage: 'Service' }, {}, 'customer'],
    [
      'a customer where the org opens customers',
      { status: 'Contract Signed', stage: 'Customer' },
      { rules: { ...DEFAULT_WALK_RULES, customers_closed: false } },
      null,
    ],
    ['an active deal', { status: 'Follow Up', stage: 'Lead' }, {}, null],
    ['knocked two days ago', { last_knocked_at: ago(2) }, {}, 'cooling_down'],
    ['knocked three days ago', { last_knocked_at: ago(3) }, {}, null],
    ['knocked just under three days ago', { last_knocked_at: ago(2.999) }, {}, 'cooling_down'],
    ['a knock stamped in the future', { last_knocked_at: ago(-1) }, {}, 'cooling_down'],
    ['an unreadable knock time', { last_knocked_at: 'yesterday' }, {}, null],
    [
      'no cool-down',
      { last_knocked_at: ago(0) },
      { rules: { ...DEFAULT_WALK_RULES, cooldown_days: 0 } },
      null,
    ],
    [
      'an org’s own closed status',
      { status: 'Dog in yard' },
      { rules: { ...DEFAULT_WALK_RULES, closed_statuses: ['Dog in yard'] } },
      'closed',
    ],
    [
      'a default closed status the org reopened',
      { status: 'Renter' },
      { rules: { ...DEFAULT_WALK_RULES, closed_statuses: [] } },
      null,
    ],
    ['a status unknown to the pipeline', { status: 'Mystery', stage: 'Gone' }, {}, null],
    ['no pipeline at all', { status: 'Contract Signed', stage: 'Customer' }, { stages: [] }, null],
  ];
  it.each(cases)('%s', (_name, fields, extra, expected) => {
    expect(doorExclusion(door(fields), { ...context, ...extra })).toBe(expected);
  });
});

describe('sortDoors', () => {
  it('keeps the eligible doors in order and counts the rest by reason', () => {
    const doors = [
      door({ id: 'a' }),
      door({ id: 'b', status: 'Renter' }),
      door({ id: 'c', owner_id: 'rep-2' }),
      door({ id: 'd', owner_id: null }),
      door({ id: 'e', last_knocked_at: ago(1) }),
    ];
    const sorted = sortDoors(doors, context);
    expect(sorted.eligible.map((d) => d.id)).toEqual(['a', 'd']);
    expect(sorted.excluded).toEqual({
      no_position: 0,
      closed: 1,
      customer: 0,
      cooling_down: 1,
      not_shared: 1,
    });
  });

  it('never lets through a door the rules exclude, and keeps every other', () => {
    const arbitraryDoor = fc.record({
      id: fc.uuid(),
      lng: fc.option(fc.double({ min: -200, max: 200, noNaN: false }), { nil: null }),
      lat: fc.option(fc.double({ min: -100, max: 100 }), { nil: null }),
      status: fc.option(fc.constantFrom('Prospect', 'Renter', 'Contract Signed', 'Not Home 1', ''), {
        nil: null,
      }),
      stage: fc.option(fc.constantFrom('Contact', 'Lead', 'Customer', 'Service'), { nil: null }),
      owner_id: fc.option(fc.constantFrom(ME, 'rep-2', ''), { nil: null }),
      energy_consultants: fc.array(fc.constantFrom(ME, 'rep-3'), { maxLength: 2 }),
      last_knocked_at: fc.option(
        fc.integer({ min: -10, max: 10 }).map((d) => ago(d)),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(fc.array(arbitraryDoor, { maxLength: 30 }), (doors) => {
        const { eligible, excluded } = sortDoors(doors, context);
        const left = Object.values(excluded).reduce((a, b) => a + b, 0);
        expect(eligible.length + left).toBe(doors.length);
        for (const d of eligible) expect(doorExclusion(d, context)).toBeNull();
      }),
    );
  });
});

describe('coolingDown and laterTime', () => {
  it('reads times', () => {
    expect(coolingDown(null, 3, NOW)).toBe(false);
    expect(coolingDown(ago(1), 0, NOW)).toBe(false);
    expect(coolingDown(ago(1), 2, NOW)).toBe(true);
    expect(laterTime(null, undefined)).toBeNull();
    expect(laterTime(ago(2), null)).toBe(ago(2));
    expect(laterTime(null, ago(2))).toBe(ago(2));
    expect(laterTime(ago(2), ago(1))).toBe(ago(1));
    expect(laterTime(ago(1), ago(2))).toBe(ago(1));
  });
});

describe('walkRulesSchema', () => {
  it('takes the default rules', () => {
    expect(walkRulesSchema.parse(DEFAULT_WALK_RULES)).toEqual(DEFAULT_WALK_RULES);
  });
  const bad: [string, unknown][] = [
    ['a status twice', { ...DEFAULT_WALK_RULES, closed_statuses: ['Renter', 'Renter'] }],
    ['an empty status', { ...DEFAULT_WALK_RULES, closed_statuses: ['  '] }],
    ['a line break', { ...DEFAULT_WALK_RULES, closed_statuses: ['a\nb'] }],
    ['a long status', { ...DEFAULT_WALK_RULES, closed_statuses: ['x'.repeat(101)] }],
    ['a negative cool-down', { ...DEFAULT_WALK_RULES, cooldown_days: -1 }],
    ['a fractional cool-down', { ...DEFAULT_WALK_RULES, cooldown_days: 1.5 }],
    ['a cool-down over a year', { ...DEFAULT_WALK_RULES, cooldown_days: 366 }],
    ['a flag as text', { ...DEFAULT_WALK_RULES, customers_closed: 'yes' }],
    ['another field', { ...DEFAULT_WALK_RULES, extra: 1 }],
    [
      'too many statuses',
      { ...DEFAULT_WALK_RULES, closed_statuses: Array.from({ length: 201 }, (_, i) => `s${i}`) },
    ],
  ];
  it.each(bad)('refuses %s', (_name, value) => {
    expect(walkRulesSchema.safeParse(value).success).toBe(false);
  });
});
