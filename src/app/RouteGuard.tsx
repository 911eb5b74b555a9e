import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useActor } from '../device/hooks/useActor.ts';
import { NotFoundPage } from '../ui/ErrorPages.tsx';
import { runRouteMiddleware } from './routeMiddleware.ts';

/**
 * Runs a signed-in page's declared route middleware (see routeMiddleware.ts): a redirect goes
 * there, a refusal shows the not-found page (the page's existence is not confirmed), and an
 * unknown name throws to the page's error boundary.
 */
export function RouteGuard({ middleware, children }: { middleware: readonly string[]; children: ReactNode }) {
  const actor = useActor();
  const outcome = runRouteMiddleware(middleware, { signedIn: true, level: actor.level });
  if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  if (outcome.kind === 'forbidden') return <NotFoundPage />;
  return children;
}
