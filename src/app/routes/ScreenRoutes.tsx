import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageCheck } from '../PageCheck.tsx';
import { RouteGuard } from '../RouteGuard.tsx';
import { UnknownRoutePage } from '../UnknownRoutePage.tsx';
import { ROUTE_TABLE } from './routeTable.ts';
import { isScreenRoute, type RouteEntry, type ScreenContext } from './routeTypes.ts';

/** The signed-in app's routes, one per path of the route table, and the 404 for any other path. */
export function ScreenRoutes({ context }: { context: ScreenContext }) {
  return (
    <Routes>
      {ROUTE_TABLE.flatMap((entry) =>
        entry.paths.map((path) => (
          <Route key={path} path={path} element={routeElement(entry, path, context)} />
        )),
      )}
      {/* Unknown paths: the server's route rules may redirect them, else the 404. */}
      <Route path="*" element={<UnknownRoutePage />} />
    </Routes>
  );
}

/** What a path of an entry shows: its screen behind its guard and its parameters' check, or a redirect. */
function routeElement(entry: RouteEntry, path: string, context: ScreenContext): ReactNode {
  if (!isScreenRoute(entry)) return <Navigate to={entry.redirect} replace />;
  // Kept-alive list screens render outside the routes (KeptAliveTables).
  if (entry.keptAlive) return null;
  let element = entry.render(context);
  // Only a path with parameters has any to check (`/contacts/new` beside `/contacts/:id/edit`).
  if (entry.check && path.includes(':')) element = <PageCheck check={entry.check}>{element}</PageCheck>;
  if (entry.guard) element = <RouteGuard middleware={entry.guard}>{element}</RouteGuard>;
  return element;
}
