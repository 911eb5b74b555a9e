import { describe, expect, it } from 'vitest';
import { TABLES } from '#src/domain/tables/registry.ts';
import { KEPT_ALIVE_PATHS, openingRoute, routeAt } from './matchRoute.ts';
import { ROUTE_TABLE } from './routeTable.ts';
import { isScreenRoute, NAV_GROUPS } from './routeTypes.ts';
import { walkStops } from './walkPlan.ts';

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const allPaths = ROUTE_TABLE.flatMap((entry) => entry.paths);

describe('the route table', () => {
  it('names every path once, each an absolute path, however its parameters are named', () => {
    expect(new Set(allPaths).size).toBe(allPaths.length);
    const shapes = allPaths.map((path) => path.replace(/:[^/]+/g, ':'));
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const path of allPaths) expect(path).toMatch(/^\/[^*]*$/);
  });

  it('opens every path on its own entry', () => {
    for (const entry of ROUTE_TABLE)
      for (const path of entry.paths) expect(routeAt(path.replace(/:[^/]+/g, ID))).toEqual({ entry, path });
  });

  it('lists every registry table at its path, with the screen that lists it', () => {
    for (const table of Object.values(TABLES)) {
      const entry = routeAt(table.path)?.entry;
      expect(entry?.paths, table.key).toEqual([table.path]);
    }
  });

  it('keeps the same list screens alive as before', () => {
    expect([...KEPT_ALIVE_PATHS].sort()).toEqual(
      ['/contacts', '/users', '/teams', '/orgs', '/regions', '/sales-channels', '/products'].sort(),
    );
  });

  it('links the side panel only to paths that open the entry declaring the link', () => {
    for (const entry of ROUTE_TABLE) {
      if (!entry.nav) continue;
      expect(routeAt(entry.nav.path ?? entry.paths[0])?.entry).toBe(entry);
      expect(NAV_GROUPS).toContain(entry.nav.group);
    }
    for (const group of NAV_GROUPS) {
      const orders = ROUTE_TABLE.flatMap((e) => (e.nav?.group === group ? [e.nav.order] : []));
      expect(new Set(orders).size, group).toBe(orders.length);
    }
  });

  it('redirects only to paths that open an entry', () => {
    for (const entry of ROUTE_TABLE)
      if (!isScreenRoute(entry)) expect(routeAt(entry.redirect), entry.redirect).toBeDefined();
  });

  it('checks parameters only on entries that have a path with parameters', () => {
    for (const entry of ROUTE_TABLE)
      if (isScreenRoute(entry) && entry.check) expect(entry.paths.some((p) => p.includes(':'))).toBe(true);
  });

  it('has every entry walked, or says why not; every stop opens its entry', () => {
    for (const entry of ROUTE_TABLE) {
      if ('skip' in entry.walk) {
        expect(entry.walk.skip.length, entry.paths[0]).toBeGreaterThan(0);
        continue;
      }
      expect(entry.walk.visits.length, entry.paths[0]).toBeGreaterThan(0);
      for (const visit of entry.walk.visits) {
        expect(visit.who.length).toBeGreaterThan(0);
        expect(routeAt(visit.url ?? entry.paths[0])?.entry, visit.url).toBe(entry);
      }
    }
  });
});

describe('the opening screen', () => {
  // Today's and yesterday's answers agree: a visit to the path loads the screen the router shows
  // there. Paths the router answers with the 404 (e.g. `/survey-templates/a/b`) load no screen.
  const cases: [url: string, opens: string | undefined][] = [
    ['/', '/'],
    ['/contacts', '/contacts'],
    ['/notes', '/notes'],
    ['/survey-templates', '/survey-templates'],
    ['/contacts/new', '/contacts/new'],
    [`/contacts/${ID}/edit`, '/contacts/:id/edit'],
    ['/contacts/import', '/contacts/import'],
    ['/contacts/profile', '/contacts/profile'],
    [`/contacts/${ID}`, '/contacts/:id'],
    ['/contacts/not-a-lead-id', '/contacts/:id'],
    [`/contacts/${ID}/surveys/new`, '/contacts/:leadId/surveys/new'],
    ['/survey-templates/new', '/survey-templates/:id'],
    [`/surveys/${ID}`, '/surveys/:id'],
    ['/profile/edit', '/profile/edit'],
    ['/admin', '/admin'],
    ['/admin/users', '/admin/users'],
    ['/admin/profile', '/admin/profile'],
    ['/admin/settings/roles/new', '/admin/settings/roles/new'],
    [`/admin/settings/roles/${ID}`, '/admin/settings/roles/:id'],
    ['/automations/create', '/automations/create'],
    ['/admin/settings/automations/new', '/admin/settings/automations/new'],
    [`/admin/settings/automations/${ID}`, '/admin/settings/automations/:id'],
    ['/admin/settings/overview', '/admin/settings/:section'],
    ['/admin/settings/roles', '/admin/settings/:section'],
    ['/teams/manager', '/teams/manager'],
    ['/team', '/team'],
    ['/dashboard', '/dashboard'],
    ['/dashbord', '/dashbord'],
    ['/leaderboard', '/leaderboard'],
    ['/appointment', '/appointment'],
    ['/appointment/day', '/appointment/day'],
    ['/contest', '/contest'],
    ['/automations', '/automations'],
    ['/proposals', '/proposals'],
    ['/proposal', '/proposal'],
    ['/integrations', '/integrations'],
    ['/oauth/connect', '/oauth/connect'],
    ['/dexie', '/dexie'],
    ['/test', '/test'],
    ['/beta', '/beta'],
    ['/test_acl', '/test_acl'],
    ['/settings/integrations/callback', '/settings/integrations/callback'],
    ['/update', '/update'],
    ['/region', '/region'],
    ['/region/profile', '/region/profile'],
    ['/regions/new', '/regions/:id'],
    [`/teams/${ID}`, '/teams/:id'],
    ['/products/new', '/products/:id'],
    [`/sales-channels/${ID}`, '/sales-channels/:id'],
    [`/orgs/${ID}`, '/orgs/:id'],
    [`/users/${ID}`, '/users/:id'],
    // Redirects and unknown paths open no screen of their own.
    ['/admin/settings', undefined],
    ['/organizations', undefined],
    ['/no-such-screen', undefined],
    ['/contactsx', undefined],
  ];

  it.each(cases)('a visit to %s opens on %s', (url, opens) => {
    const entry = openingRoute(url, true);
    expect(entry && routeAt(url)?.path).toBe(opens);
  });

  it('opens on the kept-alive list screens for their paths only', () => {
    expect(openingRoute('/contacts', true)?.keptAlive).toBe(true);
    expect(openingRoute('/notes', true)?.keptAlive).toBeUndefined();
  });

  it('opens on the profile editor for a user without a configuration, wherever they go', () => {
    const editor = routeAt('/profile/edit')?.entry;
    for (const [url] of cases) expect(openingRoute(url, false)).toBe(editor);
  });
});

describe("the accessibility walk's stops", () => {
  const urls = (step: 'tables' | 'organisation', who: 'admin' | 'rep') =>
    walkStops(step, who).map((s) => s.url);

  it('visits the table screens per user', () => {
    expect(urls('tables', 'admin')).toEqual(['/users', '/teams', '/regions', '/orgs', '/products', '/notes']);
    expect(urls('tables', 'rep')).toEqual(['/products']);
    expect(walkStops('tables', 'admin').map((s) => s.name)).toEqual([
      'Users',
      'Teams',
      'Regions',
      'Organizations',
      'Products',
      'Notes',
    ]);
  });

  it("visits the organisation's screens per user", () => {
    expect(urls('organisation', 'admin')).toEqual([
      '/admin',
      '/admin/profile',
      '/admin/deleted-leads',
      '/admin/users',
      '/admin/settings/overview',
      '/admin/settings/roles',
      '/admin/settings/deal-stages',
      '/admin/settings/products',
      '/admin/settings/legal',
      '/admin/settings/branding',
      '/admin/settings/base-map',
      '/admin/settings/address-search',
      '/admin/settings/aerial-imagery',
      '/admin/settings/integrations',
      '/admin/settings/api-keys',
      '/admin/settings/roles/new',
      '/teams/manager',
      '/regions/new',
      '/dashboard',
      '/pay',
      '/availability',
      '/distribution',
      '/contest',
      '/update',
      '/integrations',
      '/dexie',
      '/test',
      '/beta',
      '/test_acl',
    ]);
    expect(urls('organisation', 'rep')).toEqual([
      '/team',
      '/region',
      '/dashboard',
      '/leaderboard',
      '/pay',
      '/appointment',
      '/appointment/day',
      '/availability',
      '/contest',
      '/update',
      '/integrations',
      '/settings/integrations/callback',
    ]);
  });
});
