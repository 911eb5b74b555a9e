/**
 * Who may do what: one table, read by every server service and by the app to hide what a user
 * cannot do. A scope says which records of the caller's org an action reaches; nothing ever reaches
 * another org (only a super admin may switch the org it acts in).
 */
import type { AccessLevel } from './roles.ts';

/**
 * - none: never
 * - self: the caller's own record (own profile, own notifications, own logs)
 * - owned: contacts the caller owns or is energy consultant on (and contacts it creates)
 * - assigned: owned, plus contacts of the caller's teams and regions
 * - managed: assigned, plus everything of the teams the caller leads or manages and their members
 * - org: everything in the caller's org
 */
export type Scope = 'none' | 'self' | 'owned' | 'assigned' | 'managed' | 'org';

export const ACTIONS = [
  'contacts.read',
  'contacts.create',
  'contacts.status',
  'contacts.edit',
  'contacts.delete',
  'contacts.assign',
  'users.read',
  'users.edit',
  'users.manage',
  'teams.read',
  'teams.manage',
  'teams.membership',
  'regions.read',
  'regions.manage',
  'turfs.read',
  'turfs.manage',
  'availability.read',
  'availability.manage',
  'distribution.manage',
  'products.read',
  'products.manage',
  'salesChannels.read',
  'salesChannels.manage',
  'dealStages.read',
  'dealStages.edit',
  'settings.manage',
  'roles.manage',
  'automations.manage',
  'integrations.manage',
  'views.global',
  'announcements.read',
  'announcements.manage',
  'contests.read',
  'contests.manage',
  'activities.read',
  'notifications.read',
  'paths.read',
  'logs.write',
  'legal.read',
  'sessions.read',
  'workspaces.read',
  'workspaces.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

type Row = Record<AccessLevel, Scope>;
const row = (Guest: Scope, User: Scope, Manager: Scope, Admin: Scope): Row => ({
  Guest,
  User,
  Manager,
  Admin,
});

export const PERMISSIONS: Record<Action, Row> = {
  'contacts.read': row('none', 'assigned', 'managed', 'org'),
  'contacts.create': row('none', 'owned', 'managed', 'org'),
  // Knocks and status changes reach every contact the caller can see.
  'contacts.status': row('none', 'assigned', 'managed', 'org'),
  // Editing every field is for owners and energy consultants (and their managers).
  'contacts.edit': row('none', 'owned', 'managed', 'org'),
  'contacts.delete': row('none', 'none', 'managed', 'org'),
  // Giving a lead to another owner: managers within their teams, admins across the org.
  'contacts.assign': row('none', 'none', 'managed', 'org'),
  'users.read': row('self', 'org', 'org', 'org'),
  // Own profile fields; access level, roles, teams and deletion need users.manage.
  'users.edit': row('self', 'self', 'self', 'org'),
  'users.manage': row('none', 'none', 'none', 'org'),
  'teams.read': row('none', 'org', 'org', 'org'),
  'teams.manage': row('none', 'none', 'none', 'org'),
  'teams.membership': row('none', 'none', 'managed', 'org'),
  'regions.read': row('none', 'org', 'org', 'org'),
  'regions.manage': row('none', 'none', 'none', 'org'),
  // Turfs (src/domain/turfRules.ts): a rep reads their own; managers read and cut those of the
  // regions they manage; admins every one. Cutting gives doors to reps, so no role grants it.
  'turfs.read': row('none', 'self', 'managed', 'org'),
  'turfs.manage': row('none', 'none', 'managed', 'org'),
  // Availability (src/domain/availability.ts): each person sees and sets their own; managers their
  // teams' members'; admins everyone's. Distribution rules (src/domain/distribution.ts): managers
  // for the teams and regions they manage, admins any; a rule hands leads out, so no role grants it.
  'availability.read': row('none', 'self', 'managed', 'org'),
  'availability.manage': row('none', 'self', 'managed', 'org'),
  'distribution.manage': row('none', 'none', 'managed', 'org'),
  'products.read': row('none', 'org', 'org', 'org'),
  'products.manage': row('none', 'none', 'none', 'org'),
  'salesChannels.read': row('none', 'org', 'org', 'org'),
  'salesChannels.manage': row('none', 'none', 'none', 'org'),
  'dealStages.read': row('none', 'org', 'org', 'org'),
  'dealStages.edit': row('none', 'none', 'none', 'org'),
  'settings.manage': row('none', 'none', 'none', 'org'),
  // Named roles change what others may do, so only admins edit them and no role grants it.
  'roles.manage': row('none', 'none', 'none', 'org'),
  'automations.manage': row('none', 'none', 'none', 'org'),
  'integrations.manage': row('none', 'none', 'none', 'org'),
  'views.global': row('none', 'none', 'none', 'org'),
  'announcements.read': row('org', 'org', 'org', 'org'),
  'announcements.manage': row('none', 'none', 'none', 'org'),
  'contests.read': row('none', 'org', 'org', 'org'),
  'contests.manage': row('none', 'none', 'none', 'org'),
  'activities.read': row('none', 'assigned', 'managed', 'org'),
  'notifications.read': row('self', 'self', 'self', 'self'),
  'paths.read': row('none', 'self', 'managed', 'org'),
  'logs.write': row('self', 'self', 'self', 'self'),
  'legal.read': row('org', 'org', 'org', 'org'),
  // App sessions and error logs: reps their own, managers their teams', admins the org's.
  'sessions.read': row('none', 'self', 'managed', 'org'),
  // Workspaces hold the org's shared table set-ups: everyone reads them, admins change them.
  'workspaces.read': row('none', 'org', 'org', 'org'),
  'workspaces.manage': row('none', 'none', 'none', 'org'),
};

/**
 * What an org's named roles may grant (each at org scope), grouped as the roles editor shows them.
 * Actions left out stay with the access levels: reading one's own records, writing logs, and
 * `roles.manage`, so a role can never widen what roles grant.
 */
export const GRANTABLE_GROUPS = {
  contacts: ['contacts.read', 'contacts.edit', 'contacts.delete'],
  people: ['users.manage', 'teams.manage', 'teams.membership', 'regions.manage'],
  records: ['products.manage', 'salesChannels.manage'],
  settings: [
    'dealStages.edit',
    'settings.manage',
    'views.global',
    'automations.manage',
    'integrations.manage',
  ],
  communication: ['announcements.manage', 'contests.manage'],
} as const satisfies Record<string, readonly Action[]>;
export type GrantableGroup = keyof typeof GRANTABLE_GROUPS;
export type GrantableAction = (typeof GRANTABLE_GROUPS)[GrantableGroup][number];
export const GRANTABLE_ACTIONS: readonly GrantableAction[] = Object.values(GRANTABLE_GROUPS).flat();
const GRANTABLE = new Set<Action>(GRANTABLE_ACTIONS);

export function isGrantable(action: string): action is GrantableAction {
  return GRANTABLE.has(action as Action);
}

/** What the permission checks need to know about the caller. */
export interface Actor {
  user_id: string;
  org_id: number;
  level: AccessLevel;
  super_admin: boolean;
  /** Teams the caller is a member of, in any team role. */
  team_ids: readonly string[];
  /** Teams the caller leads or manages. */
  managed_team_ids: readonly string[];
  /** Regions of the caller's teams. */
  region_ids: readonly string[];
  /** Members of the teams the caller leads or manages. */
  managed_member_ids: readonly string[];
  /** Actions the caller's named roles grant at org scope (only grantable ones count). */
  granted?: readonly Action[];
}

/** The facts of a contact that decide who reaches it. */
export interface ContactFacts {
  org_id: number;
  owner_id: string | null;
  energy_consultants: readonly string[];
  team_id: string | null;
  region_id: string | null;
}

export function scopeOf(actor: Actor, action: Action): Scope {
  // A grant widens to the org, which is at least what any level gives; it never narrows.
  if (actor.granted?.includes(action) && GRANTABLE.has(action)) return 'org';
  return PERMISSIONS[action][actor.level];
}

export function can(actor: Actor, action: Action): boolean {
  return scopeOf(actor, action) !== 'none';
}

/**
 * Whether the caller may send leads out of the app wholesale (webhook endpoints, whose messages
 * carry every new lead, and automations that call one): admins, and holders of org-wide contact
 * read. Whatever else a caller may manage, what leaves the app is never more than they may read.
 */
export function canExportLeads(actor: Actor): boolean {
  return actor.level === 'Admin' || scopeOf(actor, 'contacts.read') === 'org';
}

/**
 * Whether the caller may keep a calendar feed (a secret address answering their own appointments):
 * whoever may read contacts, whose appointments they are. Guests have none.
 */
export function canKeepCalendarFeed(actor: Actor): boolean {
  return can(actor, 'contacts.read');
}

const SCOPE_ORDER: readonly Scope[] = ['none', 'self', 'owned', 'assigned', 'managed', 'org'];

/** True when a scope reaches at least as far as another. */
export function scopeCovers(scope: Scope, needed: Scope): boolean {
  return SCOPE_ORDER.indexOf(scope) >= SCOPE_ORDER.indexOf(needed);
}

/** Whether a contact lies within a scope for this caller. */
export function contactInScope(actor: Actor, scope: Scope, contact: ContactFacts): boolean {
  if (contact.org_id !== actor.org_id) return false;
  const owned = contact.owner_id === actor.user_id || contact.energy_consultants.includes(actor.user_id);
  const assigned =
    owned ||
    (contact.team_id !== null && actor.team_ids.includes(contact.team_id)) ||
    (contact.region_id !== null && actor.region_ids.includes(contact.region_id));
  const managed =
    assigned ||
    (contact.team_id !== null && actor.managed_team_ids.includes(contact.team_id)) ||
    (contact.owner_id !== null && actor.managed_member_ids.includes(contact.owner_id)) ||
    contact.energy_consultants.some((id) => actor.managed_member_ids.includes(id));
  switch (scope) {
    case 'none':
    case 'self':
      return false;
    case 'owned':
      return owned;
    case 'assigned':
      return assigned;
    case 'managed':
      return managed;
    case 'org':
      return true;
  }
}

export function canOnContact(actor: Actor, action: Action, contact: ContactFacts): boolean {
  return contactInScope(actor, scopeOf(actor, action), contact);
}

/** Whether a user record lies within a scope for this caller. */
export function userInScope(actor: Actor, scope: Scope, user: { id: string; org_id: number }): boolean {
  if (user.org_id !== actor.org_id) return false;
  switch (scope) {
    case 'none':
      return false;
    case 'self':
    case 'owned':
    case 'assigned':
      return user.id === actor.user_id;
    case 'managed':
      return user.id === actor.user_id || actor.managed_member_ids.includes(user.id);
    case 'org':
      return true;
  }
}

export function canOnUser(actor: Actor, action: Action, user: { id: string; org_id: number }): boolean {
  return userInScope(actor, scopeOf(actor, action), user);
}

/** Team membership may be changed by admins, and by managers for the teams they lead or manage. */
export function canManageTeamMembership(actor: Actor, team: { id: string; org_id: number }): boolean {
  if (team.org_id !== actor.org_id) return false;
  const scope = scopeOf(actor, 'teams.membership');
  return scope === 'org' || (scope === 'managed' && actor.managed_team_ids.includes(team.id));
}
