/**
 * The signed-in app's screens, one entry each: the paths it opens at, its code (its own chunk,
 * loaded on first use or beforehand by boot when a visit opens on it), who may open it, its place
 * in the side panel and how the accessibility walk reaches it. The router (`ScreenRoutes`), the
 * opening screen (`openingRoute`), the side panel (`navigationFor`) and the walk
 * (tests/e2e/accessibilityWalk.ts) are all read from here, so a new screen is its page file and
 * one entry. Importable without a browser: a screen's code loads only when it is first shown.
 */
import { canRestoreDeletedLeads } from '#src/domain/leadDeletion.ts';
import { type Action, type Actor, can } from '#src/domain/permissions.ts';
import type { TableKey } from '#src/domain/schemas/records.ts';
import { canListTable, RECORD_PAGE_TABLES, TABLES } from '#src/domain/tables/registry.ts';
import type { DiagnosticsView } from '#src/features/diagnostics/index.ts';
import { KEPT_ALIVE_TABLES } from '#src/features/tables/utils/keptAlive.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import { isRecordId, isRecordIdOrNew } from '../PageCheck.tsx';
import { preloadableScreen } from '../preloadableScreen.tsx';
import {
  type NavPlace,
  type RouteEntry,
  redirectRoute,
  type ScreenRoute,
  screenRoute,
  type WalkPlan,
  type WalkUser,
} from './routeTypes.ts';

const BOTH: readonly WalkUser[] = ['admin', 'rep'];
const ADMIN: readonly WalkUser[] = ['admin'];
const REP: readonly WalkUser[] = ['rep'];

const permitted = (action: Action) => (actor: Actor) => can(actor, action);
const listable = (key: TableKey) => (actor: Actor) => canListTable(actor, key);

/** Where a user without a configuration is sent first (SPEC section 2). */
export const PROFILE_EDIT_PATH = '/profile/edit';

// Screens shown at more than one entry.
const TablePage = preloadableScreen(
  () => import('#src/features/tables/TablePage.tsx').then((m) => m.TablePage),
  ['leads', 'records', 'surveys', 'sync', 'tables'],
);
const RecordPage = preloadableScreen(
  () => import('#src/features/records/RecordPage.tsx').then((m) => m.RecordPage),
  ['admin', 'records', 'regions', 'surveys', 'tables'],
);
const UserPage = preloadableScreen(
  () => import('#src/features/users/UserPage.tsx').then((m) => m.UserPage),
  ['admin', 'records', 'users'],
);
const DiagnosticsPage = preloadableScreen(
  () => import('#src/features/diagnostics/DiagnosticsPage.tsx').then((m) => m.DiagnosticsPage),
  ['diagnostics'],
);

/** A table's list screen at its registry path; the side panel lists it for those who may list it. */
function tableScreen(
  key: TableKey,
  entry: { nav: Omit<NavPlace, 'label'> & { label?: MessageKey }; walk: WalkPlan },
): ScreenRoute {
  const table = TABLES[key];
  return screenRoute({
    paths: [table.path],
    screen: TablePage,
    props: () => ({ table }),
    // The tables feature decides which list screens stay mounted (KeptAliveTables renders them).
    keptAlive: KEPT_ALIVE_TABLES.includes(key) ? true : undefined,
    nav: { label: `tableLabels.titles.${key}`, shows: listable(key), ...entry.nav },
    walk: entry.walk,
  });
}

/** The developer diagnostics pages (SPEC section 2's test and beta routes), for admins only. */
function diagnosticsScreen(path: string, view: DiagnosticsView, title: string) {
  return screenRoute({
    paths: [path],
    screen: DiagnosticsPage,
    props: () => ({ view }),
    guard: ['auth', 'admin'],
    walk: {
      visits: [
        {
          step: 'organisation',
          who: ADMIN,
          heading: `Diagnostics: ${title}`,
          name: `diagnostics: ${title.toLowerCase()}`,
        },
      ],
    },
  });
}

const OWN_SUITE = (suite: string) => ({ skip: `not in the walk; its own browser suite (${suite}) opens it` });

export const ROUTE_TABLE: readonly RouteEntry[] = [
  screenRoute({
    paths: ['/'],
    screen: preloadableScreen(
      () => import('#src/features/map/MapPage.tsx').then((m) => m.MapPage),
      ['leads', 'map', 'offlineAreas'],
    ),
    props: ({ user }) => ({ user }),
    nav: { group: 'field', order: 10, label: 'nav.map', within: null },
    walk: { visits: [{ step: 'map', who: BOTH }] },
  }),

  // The tables' list screens, in the order the walk checks them.
  tableScreen('contacts', {
    nav: { group: 'field', order: 20, label: 'nav.contacts' },
    // Also where the walk opens the needs-attention drawer.
    walk: { visits: [{ step: 'contacts', who: BOTH }] },
  }),
  tableScreen('users', {
    nav: { group: 'organisation', order: 30 },
    walk: { visits: [{ step: 'tables', who: ADMIN, heading: 'Users' }] },
  }),
  tableScreen('teams', {
    nav: { group: 'organisation', order: 10 },
    walk: { visits: [{ step: 'tables', who: ADMIN, heading: 'Teams' }] },
  }),
  tableScreen('regions', {
    nav: { group: 'organisation', order: 20 },
    walk: { visits: [{ step: 'tables', who: ADMIN, heading: 'Regions' }] },
  }),
  tableScreen('orgs', {
    nav: { group: 'organisation', order: 40 },
    walk: { visits: [{ step: 'tables', who: ADMIN, heading: 'Organizations' }] },
  }),
  tableScreen('products', {
    nav: { group: 'records', order: 30 },
    // The contacts step checks its form view; the other step opens a record's drawer from it.
    walk: {
      visits: [
        { step: 'contacts', who: BOTH },
        { step: 'tables', who: BOTH, heading: 'Products' },
      ],
    },
  }),
  tableScreen('notes', {
    nav: { group: 'records', order: 10 },
    walk: { visits: [{ step: 'tables', who: ADMIN, heading: 'Notes' }] },
  }),
  tableScreen('media', {
    nav: { group: 'records', order: 20 },
    walk: { skip: 'the same table screen as the tables the walk checks' },
  }),
  tableScreen('sales_channels', {
    nav: { group: 'records', order: 40 },
    walk: { skip: 'the same table screen as the tables the walk checks' },
  }),
  tableScreen('surveys', {
    nav: { group: 'records', order: 50 },
    walk: { skip: 'the same table screen as the tables the walk checks' },
  }),
  tableScreen('survey_templates', {
    nav: { group: 'records', order: 60 },
    walk: { skip: 'the same table screen as the tables the walk checks' },
  }),

  // A lead's screens.
  screenRoute({
    paths: ['/contacts/new', '/contacts/:id/edit'],
    screen: preloadableScreen(
      () => import('#src/features/leads/LeadEditPage.tsx').then((m) => m.LeadEditPage),
      ['leads', 'tables'],
    ),
    check: isRecordId,
    walk: { visits: [{ step: 'lead', who: BOTH }] },
  }),
  screenRoute({
    paths: ['/contacts/import'],
    screen: preloadableScreen(
      () => import('#src/features/leads/LeadImportPage.tsx').then((m) => m.LeadImportPage),
      ['leads'],
    ),
    walk: { visits: [{ step: 'lead', who: BOTH }] },
  }),
  screenRoute({
    paths: ['/contacts/profile'],
    screen: preloadableScreen(
      () => import('#src/features/leads/LeadProfilePage.tsx').then((m) => m.LeadProfilePage),
      ['availability', 'leads', 'proposals'],
    ),
    walk: { visits: [{ step: 'lead', who: BOTH }] },
  }),
  screenRoute({
    paths: ['/contacts/:id'],
    screen: preloadableScreen(
      () => import('#src/features/leads/LeadDetailPage.tsx').then((m) => m.LeadDetailPage),
      ['availability', 'leads', 'proposals', 'surveys', 'users'],
    ),
    check: isRecordId,
    walk: { visits: [{ step: 'lead', who: BOTH }] },
  }),

  // Survey templates and filled surveys open on pages of their own (src/features/surveys).
  screenRoute({
    paths: ['/contacts/:leadId/surveys/new'],
    screen: preloadableScreen(
      () => import('#src/features/surveys/SurveyFillPage.tsx').then((m) => m.SurveyFillPage),
      ['leads', 'surveys'],
    ),
    check: (params) => isRecordId({ id: params.leadId }),
    walk: OWN_SUITE('surveys.e2e'),
  }),
  screenRoute({
    paths: ['/survey-templates/:id'],
    screen: preloadableScreen(
      () => import('#src/features/surveys/SurveyTemplatePage.tsx').then((m) => m.SurveyTemplatePage),
      ['surveys'],
    ),
    check: isRecordIdOrNew,
    walk: OWN_SUITE('surveys.e2e'),
  }),
  screenRoute({
    paths: ['/surveys/:id'],
    screen: preloadableScreen(
      () => import('#src/features/surveys/SurveyPage.tsx').then((m) => m.SurveyPage),
      ['surveys'],
    ),
    check: isRecordId,
    walk: OWN_SUITE('surveys.e2e'),
  }),

  // A registry record's page (RECORD_PAGE_TABLES).
  ...RECORD_PAGE_TABLES.map((key) =>
    screenRoute({
      paths: [`${TABLES[key].path}/:id`],
      screen: RecordPage,
      props: () => ({ table: key }),
      check: isRecordIdOrNew,
      walk: OWN_SUITE('recordPages.e2e'),
    }),
  ),
  screenRoute({
    paths: ['/users/:id'],
    screen: UserPage,
    check: isRecordId,
    walk: OWN_SUITE('recordPages.e2e and adminUsers.e2e'),
  }),
  // Spec: /organizations lists the organisations too.
  redirectRoute({ paths: ['/organizations'], redirect: '/orgs', walk: { skip: 'only redirects to /orgs' } }),

  // The organisation's screens, in the order the walk checks them.
  screenRoute({
    paths: ['/admin'],
    screen: preloadableScreen(
      () => import('#src/features/admin/AdminOverviewPage.tsx').then((m) => m.AdminOverviewPage),
      ['admin'],
    ),
    nav: { group: 'admin', order: 10, label: 'nav.admin', shows: permitted('settings.manage'), within: null },
    walk: { visits: [{ step: 'organisation', who: ADMIN, heading: 'Admin', name: 'admin overview' }] },
  }),
  screenRoute({
    paths: ['/admin/profile'],
    screen: UserPage,
    props: ({ user }) => ({ userId: user._id }),
    nav: { group: 'admin', order: 20, label: 'nav.adminProfile', shows: permitted('settings.manage') },
    walk: { visits: [{ step: 'organisation', who: ADMIN, heading: /.+/, name: 'admin profile' }] },
  }),
  screenRoute({
    paths: ['/admin/deleted-leads'],
    screen: preloadableScreen(
      () => import('#src/features/leads/DeletedLeadsPage.tsx').then((m) => m.DeletedLeadsPage),
      ['leads'],
    ),
    guard: ['auth', 'admin'],
    nav: { group: 'admin', order: 60, label: 'nav.deletedLeads', shows: canRestoreDeletedLeads },
    walk: { visits: [{ step: 'organisation', who: ADMIN, heading: 'Deleted leads', name: 'deleted leads' }] },
  }),
  screenRoute({
    paths: ['/admin/users'],
    screen: preloadableScreen(
      () => import('#src/features/admin/UserManagerPage.tsx').then((m) => m.UserManagerPage),
      ['admin', 'records', 'users'],
    ),
    nav: { group: 'admin', order: 40, label: 'nav.userManager', shows: permitted('users.manage') },
    walk: { visits: [{ step: 'organisation', who: ADMIN, heading: 'User manager', name: 'user manager' }] },
  }),
  // Spec: /admin/settings redirects on entry to its overview.
  redirectRoute({
    paths: ['/admin/settings'],
    redirect: '/admin/settings/overview',
    walk: { skip: 'only redirects to /admin/settings/overview' },
  }),
  screenRoute({
    paths: ['/admin/settings/:section'],
    screen: preloadableScreen(
      () => import('#src/features/admin/AdminSettingsPage.tsx').then((m) => m.AdminSettingsPage),
      ['admin', 'automations', 'integrations', 'records'],
    ),
    nav: {
      group: 'admin',
      order: 30,
      label: 'nav.settings',
      shows: permitted('settings.manage'),
      path: '/admin/settings/overview',
      // Every settings section is within the settings.
      within: '/admin/settings/',
    },
    walk: {
      visits: [
        ['overview', 'Settings', 'settings overview'],
        ['roles', 'Roles', 'settings: roles'],
        ['deal-stages', 'Deal stages', 'settings: deal stages'],
        ['products', 'Products', 'settings: products'],
        ['legal', 'Legal', 'settings: legal'],
        ['branding', 'Branding', 'settings: branding'],
        ['base-map', 'Base map', 'settings: base map'],
        ['address-search', 'Address search', 'settings: address search'],
        ['aerial-imagery', 'Aerial imagery', 'settings: aerial imagery'],
        ['integrations', 'Integration providers', 'settings: integrations'],
        ['api-keys', 'API keys', 'settings: API keys'],
      ].map(([section, heading, name]) => ({
        step: 'organisation' as const,
        who: ADMIN,
        url: `/admin/settings/${section}`,
        heading,
        name,
      })),
    },
  }),
  screenRoute({
    paths: ['/admin/settings/roles/new', '/admin/settings/roles/:id'],
    screen: preloadableScreen(
      () => import('#src/features/admin/RoleEditorPage.tsx').then((m) => m.RoleEditorPage),
      ['admin'],
    ),
    walk: { visits: [{ step: 'organisation', who: ADMIN, heading: /.+/, name: 'role editor' }] },
  }),
  screenRoute({
    paths: ['/teams/manager'],
    screen: preloadableScreen(
      () => import('#src/features/teams/TeamManagerPage.tsx').then((m) => m.TeamManagerPage),
      ['records', 'teams'],
    ),
    nav: { group: 'organisation', order: 50, label: 'nav.teamManager', shows: permitted('teams.membership') },
    walk: { visits: [{ step: 'organisation', who: ADMIN, heading: 'Team manager', name: 'team manager' }] },
  }),
  screenRoute({
    paths: ['/team'],
    screen: preloadableScreen(
      () => import('#src/features/teams/MyTeamPage.tsx').then((m) => m.MyTeamPage),
      ['teams'],
    ),
    nav: {
      group: 'organisation',
      order: 60,
      label: 'nav.myTeam',
      shows: (actor) => actor.team_ids.length > 0 && canListTable(actor, 'teams'),
    },
    walk: { visits: [{ step: 'organisation', who: REP, heading: /.+/, name: 'my team' }] },
  }),
  screenRoute({
    paths: ['/regions/:id'],
    screen: preloadableScreen(
      () => import('#src/features/regions/RegionPage.tsx').then((m) => m.RegionPage),
      ['admin', 'map', 'regions', 'tables'],
    ),
    check: isRecordIdOrNew,
    walk: {
      visits: [
        { step: 'organisation', who: ADMIN, url: '/regions/new', heading: /.+/, name: 'region editor' },
      ],
    },
  }),
  screenRoute({
    paths: ['/region', '/region/profile'],
    screen: preloadableScreen(
      () => import('#src/features/regions/MyRegionPage.tsx').then((m) => m.MyRegionPage),
      ['admin', 'map', 'regions', 'tables'],
    ),
    nav: {
      group: 'organisation',
      order: 70,
      label: 'nav.myRegion',
      shows: (actor) => actor.region_ids.length > 0 && canListTable(actor, 'regions'),
    },
    walk: { visits: [{ step: 'organisation', who: REP, heading: /.+/, name: 'my region' }] },
  }),
  // Spec: the app container also lists the dashboard as /dashbord.
  screenRoute({
    paths: ['/dashboard', '/dashbord'],
    screen: preloadableScreen(
      () => import('#src/features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage),
      ['dashboard', 'surveys', 'tables'],
    ),
    nav: { group: 'field', order: 30, label: 'nav.dashboard', shows: permitted('contacts.read') },
    walk: { visits: [{ step: 'organisation', who: BOTH, heading: 'Dashboard', name: 'dashboard' }] },
  }),
  screenRoute({
    paths: ['/leaderboard'],
    screen: preloadableScreen(
      () => import('#src/features/leaderboard/LeaderboardPage.tsx').then((m) => m.LeaderboardPage),
      ['leaderboard'],
    ),
    nav: { group: 'field', order: 40, label: 'nav.leaderboard', shows: permitted('contacts.read') },
    walk: { visits: [{ step: 'organisation', who: REP, heading: 'Leaderboard', name: 'leaderboard' }] },
  }),
  screenRoute({
    paths: ['/pay'],
    screen: preloadableScreen(() => import('#src/features/pay/PayPage.tsx').then((m) => m.PayPage), ['pay']),
    nav: { group: 'field', order: 45, label: 'nav.pay', shows: permitted('contacts.read') },
    walk: { visits: [{ step: 'organisation', who: BOTH, heading: 'My pay', name: 'pay' }] },
  }),
  screenRoute({
    paths: ['/appointment'],
    screen: preloadableScreen(
      () => import('#src/features/appointments/AppointmentsPage.tsx').then((m) => m.AppointmentsPage),
      ['appointments', 'availability', 'leads'],
    ),
    nav: { group: 'field', order: 50, label: 'nav.appointments', shows: permitted('contacts.read') },
    walk: { visits: [{ step: 'organisation', who: REP, heading: 'Appointments', name: 'appointments' }] },
  }),
  // 'My day': a rep's day of appointments in order with directions, also reached from the calendar.
  screenRoute({
    paths: ['/appointment/day'],
    screen: preloadableScreen(
      () => import('#src/features/appointments/MyDayPage.tsx').then((m) => m.MyDayPage),
      ['appointments', 'leads'],
    ),
    nav: { group: 'field', order: 52, label: 'nav.myDay', shows: permitted('contacts.read') },
    walk: { visits: [{ step: 'organisation', who: REP, heading: 'My day', name: 'my day' }] },
  }),
  // When a person takes appointments (their own, or a team member's for their managers).
  screenRoute({
    paths: ['/availability', '/availability/:id'],
    screen: preloadableScreen(
      () => import('#src/features/availability/AvailabilityPage.tsx').then((m) => m.AvailabilityPage),
      ['availability'],
    ),
    check: (params) => params.id === undefined || isRecordId(params),
    nav: { group: 'field', order: 55, label: 'nav.availability', shows: permitted('availability.manage') },
    walk: { visits: [{ step: 'organisation', who: BOTH, heading: 'My availability', name: 'availability' }] },
  }),
  // How each team and region distributes appointments, for their managers and admins.
  screenRoute({
    paths: ['/distribution'],
    screen: preloadableScreen(
      () => import('#src/features/availability/DistributionPage.tsx').then((m) => m.DistributionPage),
      ['availability'],
    ),
    nav: {
      group: 'organisation',
      order: 65,
      label: 'nav.distribution',
      shows: permitted('distribution.manage'),
    },
    walk: {
      visits: [
        {
          step: 'organisation',
          who: ADMIN,
          heading: 'Appointment distribution',
          name: 'appointment distribution',
        },
      ],
    },
  }),
  screenRoute({
    paths: ['/contest'],
    screen: preloadableScreen(
      () => import('#src/features/contests/ContestsPage.tsx').then((m) => m.ContestsPage),
      ['contests'],
    ),
    nav: { group: 'field', order: 70, label: 'nav.contests', shows: permitted('contests.read') },
    walk: { visits: [{ step: 'organisation', who: BOTH, heading: 'Contests', name: 'contests' }] },
  }),
  screenRoute({
    paths: ['/update'],
    screen: preloadableScreen(
      () => import('#src/features/announcements/AnnouncementsPage.tsx').then((m) => m.AnnouncementsPage),
      ['announcements'],
    ),
    nav: { group: 'field', order: 80, label: 'nav.announcements', shows: permitted('announcements.read') },
    walk: { visits: [{ step: 'organisation', who: BOTH, heading: 'Updates', name: 'updates' }] },
  }),
  screenRoute({
    paths: ['/integrations'],
    screen: preloadableScreen(
      () => import('#src/features/integrations/IntegrationsPage.tsx').then((m) => m.IntegrationsPage),
      ['integrations'],
    ),
    // Everyone connects their own accounts (online only; the page says so offline).
    nav: { group: 'field', order: 90, label: 'nav.integrations' },
    walk: { visits: [{ step: 'organisation', who: BOTH, heading: 'Integrations', name: 'integrations' }] },
  }),
  screenRoute({
    paths: ['/settings/integrations/callback'],
    screen: preloadableScreen(
      () =>
        import('#src/features/integrations/IntegrationCallbackPage.tsx').then(
          (m) => m.IntegrationCallbackPage,
        ),
      ['integrations'],
    ),
    walk: {
      visits: [
        { step: 'organisation', who: REP, heading: 'Finishing the connection', name: 'integration callback' },
      ],
    },
  }),
  diagnosticsScreen('/dexie', 'dexie', 'Device database'),
  diagnosticsScreen('/test', 'test', 'Outbox'),
  diagnosticsScreen('/beta', 'beta', 'Sync log'),
  diagnosticsScreen('/test_acl', 'test_acl', 'Role check'),

  screenRoute({
    paths: ['/oauth/connect'],
    screen: preloadableScreen(
      () => import('#src/features/integrations/OAuthConnectPage.tsx').then((m) => m.OAuthConnectPage),
      ['integrations'],
    ),
    walk: { skip: "goes on to the provider's own pages at once" },
  }),
  screenRoute({
    paths: ['/proposals'],
    screen: preloadableScreen(
      () => import('#src/features/proposals/ProposalsPage.tsx').then((m) => m.ProposalsPage),
      ['proposals'],
    ),
    nav: { group: 'field', order: 60, label: 'nav.proposals', shows: permitted('contacts.read') },
    walk: OWN_SUITE('proposals.e2e'),
  }),
  screenRoute({
    paths: ['/proposal'],
    screen: preloadableScreen(
      () => import('#src/features/proposals/ProposalGuidePage.tsx').then((m) => m.ProposalGuidePage),
      ['proposals'],
    ),
    walk: OWN_SUITE('proposals.e2e'),
  }),
  screenRoute({
    paths: ['/automations'],
    screen: preloadableScreen(
      () => import('#src/features/automations/AutomationsPage.tsx').then((m) => m.AutomationsPage),
      ['automations'],
    ),
    nav: { group: 'admin', order: 50, label: 'nav.automations', shows: permitted('automations.manage') },
    walk: OWN_SUITE('automations.e2e'),
  }),
  screenRoute({
    paths: ['/automations/create', '/admin/settings/automations/new', '/admin/settings/automations/:id'],
    screen: preloadableScreen(
      () => import('#src/features/automations/AutomationEditorPage.tsx').then((m) => m.AutomationEditorPage),
      ['automations'],
    ),
    check: isRecordId,
    walk: OWN_SUITE('automations.e2e'),
  }),
  screenRoute({
    paths: [PROFILE_EDIT_PATH],
    screen: preloadableScreen(
      () => import('#src/features/profile/ProfileEditPage.tsx').then((m) => m.ProfileEditPage),
      ['leads', 'profile'],
    ),
    props: ({ user, onProfileSaved, languageControl }) => ({
      user,
      onSaved: onProfileSaved,
      languageControl,
    }),
    walk: { visits: [{ step: 'other', who: BOTH }] },
  }),
];
