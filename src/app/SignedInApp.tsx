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
import { isRecordId, isRecordIdOrNew, PageCheck } from './PageCheck.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { ScreenViewLog } from './ScreenViewLog.tsx';
import {
  AdminOverviewPage,
  AdminSettingsPage,
  AnnouncementsPage,
  AppointmentsPage,
  AutomationEditorPage,
  AutomationsPage,
  ContestsPage,
  DashboardPage,
  DIAGNOSTICS_ROUTES,
  DiagnosticsPage,
  IntegrationCallbackPage,
  IntegrationsPage,
  KEPT_ALIVE_PATHS,
  KeptAliveTables,
  LeadDetailPage,
  LeadEditPage,
  LeaderboardPage,
  LeadImportPage,
  LeadProfilePage,
  MapPage,
  MyRegionPage,
  MyTeamPage,
  OAuthConnectPage,
  PrivacyModal,
  ProfileEditPage,
  ProposalGuidePage,
  ProposalsPage,
  RecordPage,
  RegionPage,
  RoleEditorPage,
  SurveyFillPage,
  SurveyPage,
  SurveyTemplatePage,
  TablePage,
  TeamManagerPage,
  UserManagerPage,
  UserPage,
} from './screens.ts';
import type { UpdateStore } from './serviceWorker.ts';
import { UnknownRoutePage } from './UnknownRoutePage.tsx';

export { preloadOpeningScreen } from './screens.ts';

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
      <ScreenViewLog />
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
              {/* Survey templates and filled surveys open on pages of their own (src/features/surveys). */}
              <Route
                path="/survey-templates/:id"
                element={
                  <PageCheck check={isRecordIdOrNew}>
                    <SurveyTemplatePage />
                  </PageCheck>
                }
              />
              <Route
                path="/surveys/:id"
                element={
                  <PageCheck check={isRecordId}>
                    <SurveyPage />
                  </PageCheck>
                }
              />
              <Route
                path="/contacts/:leadId/surveys/new"
                element={
                  <PageCheck check={(params) => isRecordId({ id: params.leadId })}>
                    <SurveyFillPage />
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
              {/* Spec: the app container also lists the dashboard as /dashbord. */}
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/dashbord" element={<DashboardPage />} />
              <Route path="/leaderboard" element={<LeaderboardPage />} />
              <Route path="/appointment" element={<AppointmentsPage />} />
              <Route path="/contest" element={<ContestsPage />} />
              <Route path="/automations" element={<AutomationsPage />} />
              <Route path="/automations/create" element={<AutomationEditorPage />} />
              <Route path="/admin/settings/automations/new" element={<AutomationEditorPage />} />
              <Route
                path="/admin/settings/automations/:id"
                element={
                  <PageCheck check={isRecordId}>
                    <AutomationEditorPage />
                  </PageCheck>
                }
              />
              <Route path="/proposals" element={<ProposalsPage />} />
              <Route path="/proposal" element={<ProposalGuidePage />} />
              <Route path="/integrations" element={<IntegrationsPage />} />
              <Route path="/oauth/connect" element={<OAuthConnectPage />} />
              <Route path="/settings/integrations/callback" element={<IntegrationCallbackPage />} />
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
              {DIAGNOSTICS_ROUTES.map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <RouteGuard middleware={route.middleware}>
                      <DiagnosticsPage view={route.view} />
                    </RouteGuard>
                  }
                />
              ))}
              {/* Unknown paths: the server's route rules may redirect them, else the 404. */}
              <Route path="*" element={<UnknownRoutePage />} />
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
