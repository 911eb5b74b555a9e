/** The signed-in app: its providers, shell and screens, loaded only once someone is signed in. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { actingOrgOf } from '../api/actingOrg.ts';
import { databaseName } from '../db/database.ts';
import { DeviceProvider } from '../device/DeviceProvider.tsx';
import { type SignedInUser, signOut } from '../features/auth/utils/session.ts';
import { bootPinService } from '../features/map/pins/usePinService.ts';
import { UpdatePrompt } from '../features/sync/components/UpdatePrompt.tsx';
import type { UpdateStore } from '../features/sync/index.ts';
import { AppLayout } from './AppLayout.tsx';
import { AppNotifications } from './AppNotifications.tsx';
import { DealStagesLoadNotice } from './DealStagesLoadNotice.tsx';
import { LanguageControl } from './LanguageControl.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { KEPT_ALIVE_PATHS } from './routes/matchRoute.ts';
import { PROFILE_EDIT_PATH } from './routes/routeTable.ts';
import { ScreenRoutes } from './routes/ScreenRoutes.tsx';
import { KeptAliveTables } from './routes/shellScreens.ts';
import { ScreenViewLog } from './ScreenViewLog.tsx';
import { TermsGate } from './TermsGate.tsx';

export { preloadOpeningScreen } from './routes/openingScreen.ts';

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
  if (user.has_config === false && pathname !== PROFILE_EDIT_PATH)
    return <Navigate to={PROFILE_EDIT_PATH} replace />;
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
            <ScreenRoutes context={{ user, onProfileSaved, languageControl: <LanguageControl /> }} />
          </Suspense>
        </PageErrorBoundary>
      </AppLayout>
      <TermsGate accepted={user.terms_accepted} onAccepted={onTermsAccepted} />
      <UpdatePrompt updates={updates} />
    </DeviceProvider>
  );
}
