import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import type { Actor } from '../domain/permissions.ts';
import { ACCESS_LEVELS, type AccessLevel } from '../domain/roles.ts';
import { canListTable, tableAtPath } from '../domain/tables/registry.ts';
import { isCurrent, navigationFor } from './navigation.ts';

const actor = (level: AccessLevel): Actor => testActor(level);

const paths = (level: AccessLevel) => navigationFor(actor(level)).flatMap((g) => g.items.map((i) => i.path));

describe('the side panel', () => {
  it('lists for each role the screens it may open', () => {
    expect(paths('Guest')).toEqual(['/', '/update', '/integrations']);
    expect(paths('User')).toEqual([
      '/',
      '/contacts',
      '/dashboard',
      '/leaderboard',
      '/pay',
      '/appointment',
      '/appointment/day',
      '/availability',
      '/proposals',
      '/contest',
      '/update',
      '/integrations',
      '/teams',
      '/regions',
      '/users',
      '/notes',
      '/media',
      '/products',
      '/sales-channels',
      '/surveys',
    ]);
    // A manager also moves the people of the teams they lead and sets how they get appointments.
    const manager = paths('User');
    manager.splice(manager.indexOf('/users') + 1, 0, '/teams/manager', '/distribution');
    expect(paths('Manager')).toEqual(manager);
    expect(paths('Admin')).toEqual([
      '/',
      '/contacts',
      '/dashboard',
      '/leaderboard',
      '/pay',
      '/appointment',
      '/appointment/day',
      '/availability',
      '/proposals',
      '/contest',
      '/update',
      '/integrations',
      '/teams',
      '/regions',
      '/users',
      '/orgs',
      '/teams/manager',
      '/distribution',
      '/notes',
      '/media',
      '/products',
      '/sales-channels',
      '/surveys',
      '/survey-templates',
      '/admin',
      '/admin/profile',
      '/admin/settings/overview',
      '/admin/users',
      '/automations',
      '/admin/deleted-leads',
    ]);
  });

  it("lists a member's own team page only for someone on a team", () => {
    const onTeam = { ...actor('User'), team_ids: ['t1'] };
    expect(navigationFor(onTeam).flatMap((g) => g.items.map((i) => i.path))).toContain('/team');
    expect(paths('User')).not.toContain('/team');
  });

  it("lists the user's own region page only when their team has a region", () => {
    const inRegion = { ...actor('User'), team_ids: ['t1'], region_ids: ['r1'] };
    expect(navigationFor(inRegion).flatMap((g) => g.items.map((i) => i.path))).toContain('/region');
    expect(paths('User')).not.toContain('/region');
    expect(isCurrent({ path: '/region', label: 'nav.myRegion' }, '/regions/r1')).toBe(false);
  });

  it('never lists a table the role may not list, and leaves no group empty', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACCESS_LEVELS), (level) => {
        const groups = navigationFor(actor(level));
        for (const group of groups) expect(group.items.length).toBeGreaterThan(0);
        for (const path of groups.flatMap((g) => g.items.map((i) => i.path))) {
          const table = tableAtPath(path);
          if (table) expect(canListTable(actor(level), table.key)).toBe(true);
        }
      }),
    );
  });

  it('marks the current screen: the map only at its own path, a list with its pages', () => {
    const map = { path: '/', label: 'nav.map' } as const;
    const contacts = { path: '/contacts', label: 'nav.contacts' } as const;
    expect(isCurrent(map, '/')).toBe(true);
    expect(isCurrent(map, '/contacts')).toBe(false);
    expect(isCurrent(contacts, '/contacts')).toBe(true);
    expect(isCurrent(contacts, '/contacts/abc/edit')).toBe(true);
    expect(isCurrent(contacts, '/contactsx')).toBe(false);
    const admin = { path: '/admin', label: 'nav.admin' } as const;
    expect(isCurrent(admin, '/admin')).toBe(true);
    expect(isCurrent(admin, '/admin/users')).toBe(false);
  });
});
