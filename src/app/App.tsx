import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import {
  markProfileSaved,
  markTermsAccepted,
  type SignedInUser,
  storedUser,
} from '../features/auth/session.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { registerServiceWorker } from './serviceWorker.ts';

// The signed-out pages (sign-in, legal) load without the signed-in app's code: its providers,
// device database, sync engine and screens come in their own chunk once someone is signed in.
const SignedInApp = lazy(() => import('./SignedInApp.tsx').then((m) => ({ default: m.SignedInApp })));
const LegalPage = lazy(() =>
  import('../features/legal/LegalPage.tsx').then((m) => ({ default: m.LegalPage })),
);

const TITLE = `Home Service CRM${__APP_CHANNEL__ === 'stable' ? ' - Stable' : ' - Beta'}`;

export function App() {
  const [user, setUser] = useState<SignedInUser | undefined>(() => storedUser());
  // Registered before sign-in too, so the sign-in page also opens offline.
  const updates = useMemo(() => registerServiceWorker(), []);
  useEffect(() => {
    document.title = TITLE;
    performance.mark('app-ready');
  }, []);

  return (
    <AppErrorBoundary>
      <Routes>
        <Route
          path="/legal/*"
          element={
            <Suspense fallback={null}>
              <LegalPage />
            </Suspense>
          }
        />
        <Route
          path="/auth/login"
          element={user ? <Navigate to="/" replace /> : <LoginPage onSignedIn={setUser} />}
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
