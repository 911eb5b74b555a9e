// @vitest-environment jsdom
/**
 * Each screen as a Guest, a rep (User), a Manager and an Admin: the actions the permission table
 * (src/domain/permissions.ts) refuses a role are not offered to it, and those it allows are. The lead
 * map is left out: its canvas does not draw in jsdom.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccessLevel } from '#src/domain/roles.ts';
import { cleanupScreens, renderScreen, type ScreenOptions } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

type Roles = Partial<Record<AccessLevel, boolean>>;

interface ScreenCase {
  /** What the case checks, e.g. "/proposals: New proposal". */
  name: string;
  path: string;
  /** A heading or text that shows the screen has drawn. */
  ready: RegExp;
  /** The action, by its accessible role and name (or a text shown, such as a notice). */
  action: { role: 'button' | 'link'; name: RegExp } | { text: RegExp };
  /** Whether each role is offered the action (or shown the text); a role left out is not rendered. */
  offered: Roles;
  options?: Omit<ScreenOptions, 'path' | 'role'>;
}

const ALL: AccessLevel[] = ['Guest', 'User', 'Manager', 'Admin'];
const notGuest: Roles = { Guest: false, User: true, Manager: true, Admin: true };
const adminOnly: Roles = { Guest: false, User: false, Manager: false, Admin: true };

const GLOBAL_LAYOUT = { _id: crypto.randomUUID(), name: 'Default Layout', is_global: true, cards: [] };
const OTHERS_LEAD = { _id: crypto.randomUUID(), name: 'Other, Olive', owner_id: crypto.randomUUID() };
const ME = crypto.randomUUID();
const MY_LEAD = { _id: crypto.randomUUID(), name: 'Mine, Morgan', owner_id: ME };

const CASES: ScreenCase[] = [
  {
    name: '/contest: New contest',
    path: '/contest',
    ready: /^Contests$/,
    action: { role: 'button', name: /^New contest$/ },
    offered: adminOnly,
  },
  {
    name: '/update: New announcement',
    path: '/update',
    ready: /^Updates$/,
    action: { role: 'button', name: /^New announcement$/ },
    offered: adminOnly,
  },
  {
    name: '/teams/manager: the notice that teams cannot be changed',
    path: '/teams/manager',
    ready: /^Team manager$/,
    action: { text: /^Only admins and team leaders can change teams/ },
    offered: { Guest: true, User: true, Manager: false, Admin: false },
  },
  {
    name: "/contacts/:id of another rep's lead: Proposal guide",
    path: `/contacts/${OTHERS_LEAD._id}`,
    // The lead page's sections (its proposals among them) are drawn after its header.
    ready: /^Proposals$/,
    action: { role: 'link', name: /^Proposal guide$/ },
    offered: { User: false, Manager: true, Admin: true },
    options: { rows: { contacts: [OTHERS_LEAD] } },
  },
  {
    name: '/contacts/:id of their own lead: Proposal guide',
    path: `/contacts/${MY_LEAD._id}`,
    // The lead page's sections (its proposals among them) are drawn after its header.
    ready: /^Proposals$/,
    action: { role: 'link', name: /^Proposal guide$/ },
    offered: { User: true },
    options: { self: { _id: ME }, rows: { contacts: [MY_LEAD] } },
  },
  {
    name: '/contacts/new: Save',
    path: '/contacts/new',
    ready: /^Add lead$/,
    action: { role: 'button', name: /^Save$/ },
    offered: notGuest,
  },
  {
    name: "/contacts/:id/edit of another rep's lead: Save",
    path: `/contacts/${OTHERS_LEAD._id}/edit`,
    ready: /^Edit lead$/,
    action: { role: 'button', name: /^Save$/ },
    // Managers are offered it for their teams' leads, which the device cannot fully tell.
    offered: { Guest: false, User: false, Manager: true, Admin: true },
    options: { rows: { contacts: [OTHERS_LEAD] } },
  },
  {
    // Saving is disabled with the reason beside it.
    name: '/proposal: the notice that no proposal can be saved',
    path: '/proposal',
    ready: /^Lead guide$/,
    action: { text: /^You cannot write proposals/ },
    offered: { Guest: true, User: false, Manager: false, Admin: false },
  },
  {
    name: '/dashboard: Add layout',
    path: '/dashboard',
    ready: /^Dashboard$/,
    action: { role: 'button', name: /^Add layout$/ },
    offered: notGuest,
  },
  {
    name: "/dashboard: Add card to the org's global layout",
    path: '/dashboard',
    ready: /^Dashboard$/,
    action: { role: 'button', name: /^Add card$/ },
    offered: { User: false, Manager: false, Admin: true },
    options: { rows: { layouts: [GLOBAL_LAYOUT] } },
  },
  {
    name: '/contacts: Add lead',
    path: '/contacts',
    ready: /^Contacts$/,
    action: { role: 'link', name: /^Add lead$/ },
    offered: notGuest,
  },
  {
    name: '/contacts: Import CSV',
    path: '/contacts',
    ready: /^Contacts$/,
    action: { role: 'link', name: /^Import CSV$/ },
    offered: { Guest: false, User: true },
  },
  {
    name: '/contacts: New view',
    path: '/contacts',
    ready: /^Contacts$/,
    action: { role: 'button', name: /New view$/ },
    offered: { Guest: false, User: true },
  },
  {
    name: '/products: Add',
    path: '/products',
    ready: /^Products$/,
    action: { role: 'link', name: /^Add$/ },
    offered: adminOnly,
  },
  {
    name: '/proposals: New proposal',
    path: '/proposals',
    ready: /^Proposals$/,
    action: { role: 'link', name: /^New proposal$/ },
    offered: notGuest,
  },
  {
    name: '/appointment: Create feed address',
    path: '/appointment',
    ready: /^Appointments$/,
    action: { role: 'button', name: /^Create feed address$/ },
    offered: notGuest,
  },
];

/**
 * The roles a case renders: those where the answer changes between neighbouring access levels
 * (each level holds the rights of the one below it: src/domain/permissions.test.ts), so a case is
 * proven at its edges, not at every level; a case of one or two roles renders them all.
 */
function edgeRoles(offered: Roles): AccessLevel[] {
  const listed = ALL.filter((role) => role in offered);
  const differs = (role: AccessLevel, neighbour: AccessLevel | undefined) =>
    neighbour !== undefined && offered[role] !== offered[neighbour];
  return listed.length <= 2
    ? listed
    : listed.filter((role, i) => differs(role, listed[i - 1]) || differs(role, listed[i + 1]));
}

const rows = CASES.flatMap((c) => edgeRoles(c.offered).map((role) => ({ ...c, role })));

describe('screens offer only what the role may do', () => {
  it.each(rows)('$name as $role', async ({ path, ready, action, offered, role, options }) => {
    await renderScreen({ ...options, path, role });
    await screen.findByRole('heading', { name: ready });
    const find = () =>
      'text' in action
        ? screen.findByText(action.text)
        : screen.findByRole(action.role, { name: action.name });
    const query = () =>
      'text' in action
        ? screen.queryByText(action.text)
        : screen.queryByRole(action.role, { name: action.name });
    if (offered[role]) {
      expect(await find()).toBeTruthy();
    } else {
      // The actor is read from the device after the first render: wait for what it settles on.
      await waitFor(() => expect(query()).toBeNull());
    }
  });
});

describe('edgeRoles', () => {
  it.each([
    [{ Guest: false, User: true, Manager: true, Admin: true }, ['Guest', 'User']],
    [{ Guest: false, User: false, Manager: false, Admin: true }, ['Manager', 'Admin']],
    [{ Guest: true, User: true, Manager: false, Admin: false }, ['User', 'Manager']],
    [{ User: false, Manager: true, Admin: true }, ['User', 'Manager']],
    [{ Guest: false, User: true }, ['Guest', 'User']],
    [{ User: true }, ['User']],
  ] as [Roles, AccessLevel[]][])('%j renders %j', (offered, expected) => {
    expect(edgeRoles(offered)).toEqual(expected);
  });
});
