/**
 * The signed-in app's screens, each its own chunk loaded on first use so the shell stays small,
 * and which of them a visit opens on (boot loads that one before React's first render).
 */
import { actingOrgOf } from '../api/actingOrg.ts';
import { databaseName } from '../db/database.ts';
import { RECORD_PAGE_TABLES, TABLES } from '../domain/tables/registry.ts';
import type { SignedInUser } from '../features/auth/session.ts';
import { bootPinService } from '../features/map/pins/usePinService.ts';
import { preloadableScreen } from './preloadableScreen.tsx';

export const TablePage = preloadableScreen(() =>
  import('../features/tables/TablePage.tsx').then((m) => m.TablePage),
);
export const KeptAliveTables = preloadableScreen(() =>
  import('../features/tables/KeptAliveTables.tsx').then((m) => m.KeptAliveTables),
);
export const LeadEditPage = preloadableScreen(() =>
  import('../features/leads/LeadEditPage.tsx').then((m) => m.LeadEditPage),
);
export const LeadImportPage = preloadableScreen(() =>
  import('../features/leads/LeadImportPage.tsx').then((m) => m.LeadImportPage),
);
export const LeadDetailPage = preloadableScreen(() =>
  import('../features/leads/LeadDetailPage.tsx').then((m) => m.LeadDetailPage),
);
export const LeadProfilePage = preloadableScreen(() =>
  import('../features/leads/LeadProfilePage.tsx').then((m) => m.LeadProfilePage),
);
export const MapPage = preloadableScreen(() => import('../features/map/MapPage.tsx').then((m) => m.MapPage));
export const ProfileEditPage = preloadableScreen(() =>
  import('../features/profile/ProfileEditPage.tsx').then((m) => m.ProfileEditPage),
);
export const AdminOverviewPage = preloadableScreen(() =>
  import('../features/admin/AdminOverviewPage.tsx').then((m) => m.AdminOverviewPage),
);
export const AdminSettingsPage = preloadableScreen(() =>
  import('../features/admin/AdminSettingsPage.tsx').then((m) => m.AdminSettingsPage),
);
export const RoleEditorPage = preloadableScreen(() =>
  import('../features/admin/RoleEditorPage.tsx').then((m) => m.RoleEditorPage),
);
export const UserManagerPage = preloadableScreen(() =>
  import('../features/admin/UserManagerPage.tsx').then((m) => m.UserManagerPage),
);
export const RecordPage = preloadableScreen(() =>
  import('../features/records/RecordPage.tsx').then((m) => m.RecordPage),
);
export const TeamManagerPage = preloadableScreen(() =>
  import('../features/teams/TeamManagerPage.tsx').then((m) => m.TeamManagerPage),
);
export const MyTeamPage = preloadableScreen(() =>
  import('../features/teams/MyTeamPage.tsx').then((m) => m.MyTeamPage),
);
export const UserPage = preloadableScreen(() =>
  import('../features/users/UserPage.tsx').then((m) => m.UserPage),
);
export const RegionPage = preloadableScreen(() =>
  import('../features/regions/RegionPage.tsx').then((m) => m.RegionPage),
);
export const SurveyTemplatePage = preloadableScreen(() =>
  import('../features/surveys/SurveyTemplatePage.tsx').then((m) => m.SurveyTemplatePage),
);
export const SurveyFillPage = preloadableScreen(() =>
  import('../features/surveys/SurveyFillPage.tsx').then((m) => m.SurveyFillPage),
);
export const SurveyPage = preloadableScreen(() =>
  import('../features/surveys/SurveyPage.tsx').then((m) => m.SurveyPage),
);
export const MyRegionPage = preloadableScreen(() =>
  import('../features/regions/MyRegionPage.tsx').then((m) => m.MyRegionPage),
);
export const DashboardPage = preloadableScreen(() =>
  import('../features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage),
);
export const LeaderboardPage = preloadableScreen(() =>
  import('../features/leaderboard/LeaderboardPage.tsx').then((m) => m.LeaderboardPage),
);
export const AppointmentsPage = preloadableScreen(() =>
  import('../features/appointments/AppointmentsPage.tsx').then((m) => m.AppointmentsPage),
);
export const IntegrationsPage = preloadableScreen(() =>
  import('../features/integrations/IntegrationsPage.tsx').then((m) => m.IntegrationsPage),
);
export const DiagnosticsPage = preloadableScreen(() =>
  import('../features/diagnostics/DiagnosticsPage.tsx').then((m) => m.DiagnosticsPage),
);
/**
 * The developer diagnostics pages (SPEC section 2's test and beta routes), each declaring the
 * route middleware it needs by name (src/app/routeMiddleware.ts).
 */
export const DIAGNOSTICS_ROUTES = [
  { path: '/dexie', view: 'dexie', middleware: ['auth', 'admin'] },
  { path: '/test', view: 'test', middleware: ['auth', 'admin'] },
  { path: '/beta', view: 'beta', middleware: ['auth', 'admin'] },
  { path: '/test_acl', view: 'test_acl', middleware: ['auth', 'admin'] },
] as const;
export const OAuthConnectPage = preloadableScreen(() =>
  import('../features/integrations/OAuthConnectPage.tsx').then((m) => m.OAuthConnectPage),
);
export const IntegrationCallbackPage = preloadableScreen(() =>
  import('../features/integrations/IntegrationCallbackPage.tsx').then((m) => m.IntegrationCallbackPage),
);
export const AutomationsPage = preloadableScreen(() =>
  import('../features/automations/AutomationsPage.tsx').then((m) => m.AutomationsPage),
);
export const AutomationEditorPage = preloadableScreen(() =>
  import('../features/automations/AutomationEditorPage.tsx').then((m) => m.AutomationEditorPage),
);
export const ContestsPage = preloadableScreen(() =>
  import('../features/contests/ContestsPage.tsx').then((m) => m.ContestsPage),
);
export const ProposalsPage = preloadableScreen(() =>
  import('../features/proposals/ProposalsPage.tsx').then((m) => m.ProposalsPage),
);
export const ProposalGuidePage = preloadableScreen(() =>
  import('../features/proposals/ProposalGuidePage.tsx').then((m) => m.ProposalGuidePage),
);
export const AnnouncementsPage = preloadableScreen(() =>
  import('../features/announcements/AnnouncementsPage.tsx').then((m) => m.AnnouncementsPage),
);
export const PrivacyModal = preloadableScreen(() =>
  import('../features/legal/PrivacyModal.tsx').then((m) => m.PrivacyModal),
);

const RECORD_PAGE_PATHS = RECORD_PAGE_TABLES.map((key) => TABLES[key].path);

export const KEPT_ALIVE_PATHS = new Set([
  '/contacts',
  '/users',
  '/teams',
  '/orgs',
  '/regions',
  '/sales-channels',
  '/products',
]);

/** The screen a signed-in visit to `pathname` opens on, for boot to load with the shell. */
function openingScreen(pathname: string, user: SignedInUser): { preload(): Promise<unknown> } | undefined {
  if (user.has_config === false) return ProfileEditPage;
  if (pathname === '/') return MapPage;
  if (KEPT_ALIVE_PATHS.has(pathname)) return KeptAliveTables;
  if (Object.values(TABLES).some((table) => table.path === pathname)) return TablePage;
  if (pathname === '/contacts/new' || /^\/contacts\/[^/]+\/edit$/.test(pathname)) return LeadEditPage;
  if (pathname === '/contacts/import') return LeadImportPage;
  if (pathname === '/contacts/profile') return LeadProfilePage;
  if (/^\/contacts\/[^/]+$/.test(pathname)) return LeadDetailPage;
  if (/^\/contacts\/[^/]+\/surveys\/new$/.test(pathname)) return SurveyFillPage;
  if (pathname.startsWith('/survey-templates/')) return SurveyTemplatePage;
  if (pathname.startsWith('/surveys/')) return SurveyPage;
  if (pathname === '/profile/edit') return ProfileEditPage;
  if (pathname === '/admin') return AdminOverviewPage;
  if (pathname === '/admin/users') return UserManagerPage;
  if (/^\/admin\/settings\/roles\/[^/]+$/.test(pathname)) return RoleEditorPage;
  if (pathname === '/automations/create' || /^\/admin\/settings\/automations\/[^/]+$/.test(pathname))
    return AutomationEditorPage;
  if (pathname.startsWith('/admin/settings/')) return AdminSettingsPage;
  if (pathname === '/teams/manager') return TeamManagerPage;
  if (pathname === '/team') return MyTeamPage;
  if (pathname === '/dashboard' || pathname === '/dashbord') return DashboardPage;
  if (pathname === '/leaderboard') return LeaderboardPage;
  if (pathname === '/appointment') return AppointmentsPage;
  if (pathname === '/contest') return ContestsPage;
  if (pathname === '/automations') return AutomationsPage;
  if (pathname === '/proposals') return ProposalsPage;
  if (pathname === '/proposal') return ProposalGuidePage;
  if (pathname === '/integrations') return IntegrationsPage;
  if (pathname === '/oauth/connect') return OAuthConnectPage;
  if (DIAGNOSTICS_ROUTES.some((route) => route.path === pathname)) return DiagnosticsPage;
  if (pathname === '/settings/integrations/callback') return IntegrationCallbackPage;
  if (pathname === '/update') return AnnouncementsPage;
  if (pathname === '/region' || pathname === '/region/profile') return MyRegionPage;
  if (pathname.startsWith('/regions/')) return RegionPage;
  if (RECORD_PAGE_PATHS.some((path) => pathname.startsWith(`${path}/`))) return RecordPage;
  if (pathname.startsWith('/users/') || pathname === '/admin/profile') return UserPage;
  return undefined;
}

/** Loads the code of the screen (and terms dialog) a signed-in visit to `pathname` first shows. */
export function preloadOpeningScreen(pathname: string, user: SignedInUser): Promise<unknown> {
  // The map's pins are the longest wait on opening it: their worker starts with the map's code.
  if (pathname === '/' && user.has_config !== false)
    bootPinService(databaseName(user._id, actingOrgOf(user._id)));
  return Promise.all([
    openingScreen(pathname, user)?.preload(),
    user.terms_accepted ? undefined : PrivacyModal.preload(),
  ]);
}
