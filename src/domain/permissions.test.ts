import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import {
  ACTIONS,
  type ContactFacts,
  can,
  canKeepCalendarFeed,
  canManageTeamMembership,
  canOnContact,
  canOnUser,
  PERMISSIONS,
  scopeCovers,
} from './permissions.ts';
import { effectiveAccessLevel, isAdminLevel, isSuperAdmin, parseAccessLevel } from './roles.ts';

const actor = testActor;

const contact = (extra: Partial<ContactFacts> = {}): ContactFacts => ({
  org_id: 6,
  owner_id: 'someone',
  energy_consultants: [],
  team_id: null,
  region_id: null,
  ...extra,
});

const guest = actor('Guest');
const rep = actor('User', { team_ids: ['teamA'], region_ids: ['regionA'] });
const manager = actor('Manager', {
  team_ids: ['teamA'],
  managed_team_ids: ['teamA'],
  region_ids: ['regionA'],
  managed_member_ids: ['rep2'],
});
const admin = actor('Admin');

const contacts = {
  own: contact({ owner_id: 'me' }),
  consultant: contact({ energy_consultants: ['me'] }),
  team: contact({ team_id: 'teamA' }),
  region: contact({ region_id: 'regionA' }),
  memberOwned: contact({ owner_id: 'rep2', team_id: 'teamZ' }),
  elsewhere: contact({ team_id: 'teamZ', region_id: 'regionZ' }),
  otherOrg: contact({ org_id: 7, owner_id: 'me' }),
};

// Expected outcome per actor for read / status / edit / delete, one row per contact.
const matrix: [
  keyof typeof contacts,
  Record<string, [read: boolean, status: boolean, edit: boolean, del: boolean]>,
][] = [
  [
    'own',
    {
      guest: [false, false, false, false],
      rep: [true, true, true, false],
      manager: [true, true, true, true],
      admin: [true, true, true, true],
    },
  ],
  [
    'consultant',
    {
      guest: [false, false, false, false],
      rep: [true, true, true, false],
      manager: [true, true, true, true],
      admin: [true, true, true, true],
    },
  ],
  [
    'team',
    {
      guest: [false, false, false, false],
      rep: [true, true, false, false],
      manager: [true, true, true, true],
      admin: [true, true, true, true],
    },
  ],
  [
    'region',
    {
      guest: [false, false, false, false],
      rep: [true, true, false, false],
      manager: [true, true, true, true],
      admin: [true, true, true, true],
    },
  ],
  [
    'memberOwned',
    {
      guest: [false, false, false, false],
      rep: [false, false, false, false],
      manager: [true, true, true, true],
      admin: [true, true, true, true],
    },
  ],
  [
    'elsewhere',
    {
      guest: [false, false, false, false],
      rep: [false, false, false, false],
      manager: [false, false, false, false],
      admin: [true, true, true, true],
    },
  ],
  [
    'otherOrg',
    {
      guest: [false, false, false, false],
      rep: [false, false, false, false],
      manager: [false, false, false, false],
      admin: [false, false, false, false],
    },
  ],
];
const actors = { guest, rep, manager, admin };

describe('permission table', () => {
  it('names a scope for every action and level', () => {
    for (const action of ACTIONS) {
      for (const level of ['Guest', 'User', 'Manager', 'Admin'] as const) {
        expect(PERMISSIONS[action][level], `${action} ${level}`).toBeDefined();
      }
    }
  });

  describe.each(matrix)('contact %s', (name, expected) => {
    it.each(Object.entries(expected))('%s', (who, [read, status, edit, del]) => {
      const a = actors[who as keyof typeof actors];
      const c = contacts[name];
      expect([
        canOnContact(a, 'contacts.read', c),
        canOnContact(a, 'contacts.status', c),
        canOnContact(a, 'contacts.edit', c),
        canOnContact(a, 'contacts.delete', c),
      ]).toEqual([read, status, edit, del]);
    });
  });

  it('keeps admin-only settings to admins', () => {
    for (const action of [
      'users.manage',
      'teams.manage',
      'regions.manage',
      'dealStages.edit',
      'settings.manage',
      'automations.manage',
      'integrations.manage',
      'views.global',
    ] as const) {
      expect(
        [can(guest, action), can(rep, action), can(manager, action), can(admin, action)],
        action,
      ).toEqual([false, false, false, true]);
    }
  });

  it('gives guests their own profile, announcements and legal pages only', () => {
    const allowed = ACTIONS.filter((action) => can(guest, action));
    expect(allowed.sort()).toEqual(
      [
        'announcements.read',
        'legal.read',
        'logs.write',
        'notifications.read',
        'users.edit',
        'users.read',
      ].sort(),
    );
    expect(canOnUser(guest, 'users.read', { id: 'me', org_id: 6 })).toBe(true);
    expect(canOnUser(guest, 'users.read', { id: 'other', org_id: 6 })).toBe(false);
  });

  it('lets users edit only their own record, admins any in the org', () => {
    expect(canOnUser(rep, 'users.edit', { id: 'me', org_id: 6 })).toBe(true);
    expect(canOnUser(rep, 'users.edit', { id: 'rep2', org_id: 6 })).toBe(false);
    expect(canOnUser(manager, 'users.edit', { id: 'rep2', org_id: 6 })).toBe(false);
    expect(canOnUser(admin, 'users.edit', { id: 'rep2', org_id: 6 })).toBe(true);
    expect(canOnUser(admin, 'users.edit', { id: 'x', org_id: 7 })).toBe(false);
  });

  it('lets managers change membership of the teams they lead or manage only', () => {
    expect(canManageTeamMembership(manager, { id: 'teamA', org_id: 6 })).toBe(true);
    expect(canManageTeamMembership(manager, { id: 'teamZ', org_id: 6 })).toBe(false);
    expect(canManageTeamMembership(rep, { id: 'teamA', org_id: 6 })).toBe(false);
    expect(canManageTeamMembership(admin, { id: 'teamZ', org_id: 6 })).toBe(true);
    expect(canManageTeamMembership(admin, { id: 'teamZ', org_id: 7 })).toBe(false);
  });
});

describe('calendar feed', () => {
  it.each([
    { who: 'a guest', actor: guest, keeps: false },
    { who: 'a rep', actor: rep, keeps: true },
    { who: 'a manager', actor: manager, keeps: true },
    { who: 'an admin', actor: admin, keeps: true },
    {
      who: 'a guest granted contact reading',
      actor: actor('Guest', { granted: ['contacts.read'] }),
      keeps: true,
    },
  ])('$who may keep one: $keeps', ({ actor: who, keeps }) => {
    expect(canKeepCalendarFeed(who)).toBe(keeps);
  });
});

describe('roles', () => {
  it('treats role ids 1 and 10 as admin, 3 and 4 as the privileged tier', () => {
    expect(effectiveAccessLevel('User', [1])).toBe('Admin');
    expect(effectiveAccessLevel('Guest', [10])).toBe('Admin');
    expect(effectiveAccessLevel('User', [3])).toBe('Manager');
    expect(effectiveAccessLevel('Guest', [4])).toBe('Manager');
    expect(effectiveAccessLevel('Admin', [3])).toBe('Admin');
    expect(effectiveAccessLevel('User', [])).toBe('User');
    expect(effectiveAccessLevel('wizard', [])).toBe('Guest');
    expect(isSuperAdmin([10])).toBe(true);
    expect(isSuperAdmin([1])).toBe(false);
  });

  it('compares the admin level case-insensitively', () => {
    expect(isAdminLevel('ADMIN')).toBe(true);
    expect(isAdminLevel('admin')).toBe(true);
    expect(isAdminLevel('Manager')).toBe(false);
    expect(isAdminLevel(undefined)).toBe(false);
    expect(parseAccessLevel('mAnAgEr')).toBe('Manager');
    expect(parseAccessLevel('Owner')).toBeUndefined();
  });
});

describe('the access levels', () => {
  it('each holds every right of the level below it, over at least as many records', () => {
    const levels = ['Guest', 'User', 'Manager', 'Admin'] as const;
    const holes = ACTIONS.flatMap((action) =>
      levels.slice(1).flatMap((level, i) => {
        const below = levels[i] as (typeof levels)[number];
        return scopeCovers(PERMISSIONS[action][level], PERMISSIONS[action][below])
          ? []
          : [`${action}: ${below} ${PERMISSIONS[action][below]} → ${level} ${PERMISSIONS[action][level]}`];
      }),
    );
    expect(holes).toEqual([]);
  });
});
