/** The signed-in app: its providers, shell and screens, loaded only once someone is signed in. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { actingOrgOf } from '../api/actingOrg.ts';
import { databaseName } from '../db/database.ts';
import { DeviceProvider } from '../device/DeviceProvider.tsx';
import { RECORD_PAGE_TABLES, TABLES } from '../domain/tables/registry.ts';
import { type SignedInUser, signOut } from '../features/auth/session.ts';
import { bootPinService } from '../features/map/pins/usePinService.ts';
import { UpdatePrompt } from '../features/sync/UpdatePrompt.tsx';
import { AppLayout } from './AppLayout.tsx';
import { AppNotifications } from './AppNotifications.tsx';
import { DealStagesLoadNotice } from './DealStagesLoadNotice.tsx';
import { NotFoundPage } from './ErrorPages.tsx';
import { isRecordId, isRecordIdOrNew, PageCheck } from './PageCheck.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { preloadableScreen } from './preloadableScreen.tsx';
import type { UpdateStore } from './serviceWorker.ts';

// Screens load on first use, so the shell itself stays small; boot preloads the opening one.
const TablePage = preloadableScreen(() =>
  import('../features/tables/TablePage.tsx').then((m) => m.TablePage),
);
const KeptAliveTables = preloadableScreen(() =>
  import('../features/tables/KeptAliveTables.tsx').then((m) => m.KeptAliveTables),
);
const LeadEditPage = preloadableScreen(() =>
  import('../features/leads/LeadEditPage.tsx').then((m) => m.LeadEditPage),
);
const LeadImportPage = preloadableScreen(() =>
  import('../features/leads/LeadImportPage.tsx').then((m) => m.LeadImportPage),
);
const LeadDetailPage = preloadableScreen(() =>
  import('../features/leads/LeadDetailPage.tsx').then((m) => m.LeadDetailPage),
);
const LeadProfilePage = preloadableScreen(() =>
  import('../features/leads/LeadProfilePage.tsx').then((m) => m.LeadProfilePage),
);
const MapPage = preloadableScreen(() => import('../features/map/MapPage.tsx').then((m) => m.MapPage));
const ProfileEditPage = preloadableScreen(() =>
  import('../features/profile/ProfileEditPage.tsx').then((m) => m.ProfileEditPage),
);
const AdminOverviewPage = preloadableScreen(() =>
  import('../features/admin/AdminOverviewPage.tsx').then((m) => m.AdminOverviewPage),
);
const AdminSettingsPage = preloadableScreen(() =>
  import('../features/admin/AdminSettingsPage.tsx').then((m) => m.AdminSettingsPage),
);
const RoleEditorPage = preloadableScreen(() =>
  import('../features/admin/RoleEditorPage.tsx').then((m) => m.RoleEditorPage),
);
const UserManagerPage = preloadableScreen(() =>
  import('../features/admin/UserManagerPage.tsx').then((m) => m.UserManagerPage),
);
const RecordPage = preloadableScreen(() =>
  import('../features/records/RecordPage.tsx').then((m) => m.RecordPage),
);
const TeamManagerPage = preloadableScreen(() =>
  import('../features/teams/TeamManagerPage.tsx').then((m) => m.TeamManagerPage),
);
const MyTeamPage = preloadableScreen(() =>
  import('../features/teams/MyTeamPage.tsx').then((m) => m.MyTeamPage),
);
const UserPage = preloadableScreen(() => import('../features/users/UserPage.tsx').then((m) => m.UserPage));
const RegionPage = preloadableScreen(() =>
  import('../features/regions/RegionPage.tsx').then((m) => m.RegionPage),
);
const MyRegionPage = preloadableScreen(() =>
  import('../features/regions/MyRegionPage.tsx').then((m) => m.MyRegionPage),
);
const LeaderboardPage = preloadableScreen(() =>
  import('../features/leaderboard/LeaderboardPage.tsx').then((m) => m.LeaderboardPage),
);
const AnnouncementsPage = preloadableScreen(() =>
  import('../features/announcements/AnnouncementsPage.tsx').then((m) => m.AnnouncementsPage),
);
const PrivacyModal = preloadableScreen(() =>
  import('../features/legal/PrivacyModal.tsx').then((m) => m.PrivacyModal),
);

const RECORD_PAGE_PATHS = RECORD_PAGE_TABLES.map((key) => TABLES[key].path);

const KEPT_ALIVE_PATHS = new Set([
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
  if (pathname === '/profile/edit') return ProfileEditPage;
  if (pathname === '/admin') return AdminOverviewPage;
  if (pathname === '/admin/users') return UserManagerPage;
  if (/^\/admin\/settings\/roles\/[^/]+$/.test(pathname)) return RoleEditorPage;
  if (pathname.startsWith('/admin/settings/')) return AdminSettingsPage;
  if (pathname === '/teams/manager') return TeamManagerPage;
  if (pathname === '/team') return MyTeamPage;
  if (pathname === '/leaderboard') return LeaderboardPage;
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

export function SignedInApp({
  user,
  updates,
  onSignedOut,
  onTermsAccepted,
  onProfileSaved,
}: {
  user: SignedInUser;
  updates: UpdateStore;
  onSignedOut: () => void;
  onTermsAccepted: (v: string) => void;
  onProfileSaved: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The map's pins start loading while the map's code is still on its way.
  useEffect(() => {
    if (pathname === '/') bootPinService(databaseName(user._id, actingOrgOf(user._id)));
  }, [pathname, user._id]);
  // The kept-alive list screens' code loads with the first of them, not in front of the map.
  const [keptAlive, setKeptAlive] = useState(KEPT_ALIVE_PATHS.has(pathname));
  if (!keptAlive && KEPT_ALIVE_PATHS.has(pathname)) setKeptAlive(true);
  // A user without a configuration is sent to the profile editor first (SPEC section 2).
  if (user.has_config === false && pathname !== '/profile/edit')
    return <Navigate to="/profile/edit" replace />;
  return (
    <DeviceProvider userId={user._id} access={user.access}>
      <AppNotifications />
      <DealStagesLoadNotice />
      <AppLayout
        userName={user.name}
        onSignOut={() =>
          void signOut().then(() => {
            onSignedOut();
            navigate('/auth/login');
          })
        }
      >
        {/* A page that throws shows its error panel here; the shell around it stays. */}
        {keptAlive && (
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={null}>
              <KeptAliveTables />
            </Suspense>
          </PageErrorBoundary>
        )}
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/" element={<MapPage user={user} />} />
              {Object.values(TABLES).map((table) => (
                <Route
                  key={table.key}
                  path={table.path}
                  // Kept-alive list screens render outside the routes (KeptAliveTables).
                  element={KEPT_ALIVE_PATHS.has(table.path) ? null : <TablePage table={table} />}
                />
              ))}
              <Route path="/contacts/new" element={<LeadEditPage />} />
              <Route path="/contacts/import" element={<LeadImportPage />} />
              <Route path="/contacts/profile" element={<LeadProfilePage />} />
              <Route
                path="/contacts/:id"
                element={
                  <PageCheck check={isRecordId}>
                    <LeadDetailPage />
                  </PageCheck>
                }
              />
              <Route
                path="/contacts/:id/edit"
                element={
                  <PageCheck check={isRecordId}>
                    <LeadEditPage />
                  </PageCheck>
                }
              />
              <Route
                path="/regions/:id"
                element={
                  <PageCheck check={isRecordIdOrNew}>
                    <RegionPage />
                  </PageCheck>
                }
              />
              <Route path="/region" element={<MyRegionPage />} />
              <Route path="/region/profile" element={<MyRegionPage />} />
              {RECORD_PAGE_TABLES.map((key) => (
                <Route
                  key={key}
                  path={`${TABLES[key].path}/:id`}
                  element={
                    <PageCheck check={isRecordIdOrNew}>
                      <RecordPage table={key} />
                    </PageCheck>
                  }
                />
              ))}
              <Route path="/teams/manager" element={<TeamManagerPage />} />
              <Route path="/team" element={<MyTeamPage />} />
              <Route path="/leaderboard" element={<LeaderboardPage />} />
              <Route path="/update" element={<AnnouncementsPage />} />
              <Route
                path="/users/:id"
                element={
                  <PageCheck check={isRecordId}>
                    <UserPage />
                  </PageCheck>
                }
              />
              {/* Spec: /organizations lists the organisations too. */}
              <Route path="/organizations" element={<Navigate to="/orgs" replace />} />
              <Route path="/admin" element={<AdminOverviewPage />} />
              <Route path="/admin/users" element={<UserManagerPage />} />
              <Route path="/admin/profile" element={<UserPage userId={user._id} />} />
              {/* Spec: /admin/settings redirects on entry to its overview. */}
              <Route path="/admin/settings" element={<Navigate to="/admin/settings/overview" replace />} />
              <Route path="/admin/settings/roles/new" element={<RoleEditorPage />} />
              <Route path="/admin/settings/roles/:id" element={<RoleEditorPage />} />
              <Route path="/admin/settings/:section" element={<AdminSettingsPage />} />
              <Route
                path="/profile/edit"
                element={<ProfileEditPage user={user} onSaved={onProfileSaved} />}
              />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </PageErrorBoundary>
      </AppLayout>
      {!user.terms_accepted && (
        <Suspense fallback={null}>
          <PrivacyModal onAccepted={onTermsAccepted} />
        </Suspense>
      )}
      <UpdatePrompt updates={updates} />
    </DeviceProvider>
  );
}
