/**
 * The side panel's sections: every screen that exists and the user's role may open, grouped as a
 * sales organisation thinks of them. Pure, so the role matrix is tested without a browser.
 */
import { type Actor, can } from '../domain/permissions.ts';
import type { TableKey } from '../domain/schemas/records.ts';
import { canListTable, TABLES } from '../domain/tables/registry.ts';

export interface NavItem {
  path: string;
  /** A message key (`nav.*`), or a table's title (`tableLabels.titles.*`). */
  label: string;
}

export interface NavGroup {
  /** Names the group in the catalogue (`nav.groups.*`). */
  key: 'field' | 'organisation' | 'records' | 'admin';
  items: NavItem[];
}

const ORGANISATION_TABLES: readonly TableKey[] = ['teams', 'regions', 'users', 'orgs'];
const RECORD_TABLES: readonly TableKey[] = [
  'notes',
  'media',
  'products',
  'sales_channels',
  'surveys',
  'survey_templates',
];

const tableItems = (actor: Actor, keys: readonly TableKey[]): NavItem[] =>
  keys
    .filter((key) => canListTable(actor, key))
    .map((key) => ({ path: TABLES[key].path, label: `tableLabels.titles.${key}` }));

/** The groups of screens this user may open, empty groups left out. */
export function navigationFor(actor: Actor): NavGroup[] {
  const groups: NavGroup[] = [
    {
      key: 'field',
      items: [
        { path: '/', label: 'nav.map' },
        ...(canListTable(actor, 'contacts') ? [{ path: '/contacts', label: 'nav.contacts' }] : []),
        ...(can(actor, 'contacts.read') ? [{ path: '/dashboard', label: 'dashboard.title' }] : []),
        ...(can(actor, 'contacts.read') ? [{ path: '/leaderboard', label: 'leaderboard.title' }] : []),
        ...(can(actor, 'contacts.read') ? [{ path: '/appointment', label: 'appointments.title' }] : []),
        ...(can(actor, 'contacts.read') ? [{ path: '/proposals', label: 'proposals.title' }] : []),
        ...(can(actor, 'contests.read') ? [{ path: '/contest', label: 'contests.title' }] : []),
        ...(can(actor, 'announcements.read') ? [{ path: '/update', label: 'announcements.title' }] : []),
        // Everyone connects their own accounts (online only; the page says so offline).
        { path: '/integrations', label: 'integrations.title' },
      ],
    },
    {
      key: 'organisation',
      items: [
        ...tableItems(actor, ORGANISATION_TABLES),
        ...(can(actor, 'teams.membership') ? [{ path: '/teams/manager', label: 'nav.teamManager' }] : []),
        ...(actor.team_ids.length && canListTable(actor, 'teams')
          ? [{ path: '/team', label: 'nav.myTeam' }]
          : []),
        ...(actor.region_ids.length && canListTable(actor, 'regions')
          ? [{ path: '/region', label: 'regions.myTitle' }]
          : []),
      ],
    },
    { key: 'records', items: tableItems(actor, RECORD_TABLES) },
    {
      key: 'admin',
      items: [
        ...(can(actor, 'settings.manage')
          ? [
              { path: '/admin', label: 'nav.admin' },
              { path: '/admin/profile', label: 'nav.adminProfile' },
              { path: '/admin/settings/overview', label: 'nav.settings' },
            ]
          : []),
        ...(can(actor, 'users.manage') ? [{ path: '/admin/users', label: 'nav.userManager' }] : []),
        ...(can(actor, 'automations.manage') ? [{ path: '/automations', label: 'automations.title' }] : []),
      ],
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}

/** Whether `pathname` is within the item's screen (the map and admin overview only at their own path). */
export function isCurrent(item: NavItem, pathname: string): boolean {
  // The map and the admin overview are their own path only (the admin's sections have their own).
  if (item.path === '/' || item.path === '/admin') return pathname === item.path;
  // Every settings section is within the settings.
  if (item.path === '/admin/settings/overview') return pathname.startsWith('/admin/settings/');
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
