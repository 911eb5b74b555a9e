import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { INVITE_PATH_PREFIX } from '../domain/invites.ts';
import { SHARE_PATH_PREFIX } from '../domain/proposals/signatureSharePaths.ts';
import { safeReturnPath } from '../domain/returnPath.ts';
import { SessionCheck } from '../features/auth/components/SessionCheck.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { clearAuthParamsLater } from '../features/auth/utils/authParams.ts';
import { applyDevKey } from '../features/auth/utils/devKey.ts';
import {
  markProfileSaved,
  markTermsAccepted,
  type SignedInUser,
  storedUser,
} from '../features/auth/utils/session.ts';
import { NotFoundPage } from '../ui/ErrorPages.tsx';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { appTitle } from './appTitle.ts';
import { preloadableScreen } from './preloadableScreen.tsx';
import { registerServiceWorker } from './serviceWorker.ts';

// The signed-out pages (sign-in, legal) load without the signed-in app's code: its providers,
// device database, sync engine and screens come in their own chunk once someone is signed in.
const signedInApp = () => import('./SignedInApp.tsx');
const SignedInApp = preloadableScreen(
  () => signedInApp().then((m) => m.SignedInApp),
  ['announcements', 'notifications', 'sync'],
);
const LegalPage = lazy(() =>
  import('../features/legal/LegalPage.tsx').then((m) => ({ default: m.LegalPage })),
);
const SharedProposalPage = lazy(() =>
  import('../features/proposals/SharedProposalPage.tsx').then((m) => ({ default: m.SharedProposalPage })),
);
const InvitePage = lazy(() =>
  import('../features/auth/InvitePage.tsx').then((m) => ({ default: m.InvitePage })),
);

/**
 * Loads the code a visit to `pathname` first shows, so the first render does not suspend: the
 * signed-in app and its opening screen for a signed-in user, nothing for the signed-out pages.
 * Never rejects: a chunk that fails to load fails again where it renders, with its error panel.
 */
export async function preloadOpeningPage(pathname: string): Promise<void> {
  const user = storedUser();
  if (!user || pathname === '/auth/login' || pathname.startsWith('/legal/')) return;
  if (pathname.startsWith(INVITE_PATH_PREFIX) || pathname.startsWith(SHARE_PATH_PREFIX)) return;
  try {
    await SignedInApp.preload();
    await (await signedInApp()).preloadOpeningScreen(pathname, user);
  } catch {
    // Rendered anyway; the screen's own loading shows the error.
  }
}

/** Loads the signed-in app's code (a sign-in is under way); never rejects, as preloadOpeningPage. */
function preloadSignedInApp(): Promise<void> {
  return SignedInApp.preload().then(
    () => undefined,
    () => undefined,
  );
}

const TITLE = appTitle(__APP_CHANNEL__);

export function App() {
  const [user, setUser] = useState<SignedInUser | undefined>(() => {
    // Development only: a development key stands in for signing in (devKey.ts).
    applyDevKey();
    return storedUser();
  });
  // Where the sign-in page sends the person once signed in (its `return=`, read when it opened).
  const [returnTo, setReturnTo] = useState<string>();
  // Registered before sign-in too, so the sign-in page also opens offline.
  const updates = useMemo(() => registerServiceWorker(), []);
  useEffect(() => {
    document.title = TITLE;
    performance.mark('app-ready');
  }, []);
  // Sign-in parameters are read at opening, then cleared from the address (authParams.ts).
  useEffect(() => clearAuthParamsLater(), []);

  return (
    <AppErrorBoundary>
      {user && <SessionCheck key={user._id} />}
      <Routes>
        <Route
          path="/legal/*"
          element={
            <Suspense fallback={null}>
              <LegalPage />
            </Suspense>
          }
        />
        {/* A homeowner's copy of their signed proposal: no account, the link's token is the key. */}
        <Route
          path={`${SHARE_PATH_PREFIX}:token`}
          element={
            <Suspense fallback={null}>
              <SharedProposalPage />
            </Suspense>
          }
        />
        <Route
          path={`${INVITE_PATH_PREFIX}:token`}
          element={
            <Suspense fallback={null}>
              <InvitePage onSignedIn={setUser} />
            </Suspense>
          }
        />
        <Route
          path="/auth/login"
          element={
            user ? (
              <Navigate to={safeReturnPath(returnTo) ?? '/'} replace />
            ) : (
              <LoginPage
                onSigningIn={() => void preloadSignedInApp()}
                onSignedIn={async (signedIn, back) => {
                  // The app's code, loading since the form was sent, is in before it renders: the
                  // device's database and sync start with its first render instead of after a
                  // suspended one. The opening screen's code follows without holding them up.
                  void preloadOpeningPage(safeReturnPath(back) ?? '/');
                  await preloadSignedInApp();
                  setReturnTo(back);
                  setUser(signedIn);
                }}
              />
            )
          }
        />
        {/* Sign-in options other than the ones above: /auth/oidc is the server's when configured. */}
        <Route
          path="/auth/*"
          element={
            <main>
              <NotFoundPage />
            </main>
          }
        />
        <Route
          path="*"
          element={
            user ? (
              <Suspense fallback={null}>
                <SignedInApp
                  user={user}
                  updates={updates}
                  onSignedOut={() => setUser(undefined)}
                  onTermsAccepted={(version) => setUser(markTermsAccepted(version))}
                  onProfileSaved={() => setUser(markProfileSaved())}
                />
              </Suspense>
            ) : (
              <Navigate to="/auth/login" replace />
            )
          }
        />
      </Routes>
    </AppErrorBoundary>
  );
}
