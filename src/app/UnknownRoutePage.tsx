import { useLocation } from 'react-router';
import { NotFoundPage } from '../ui/ErrorPages.tsx';
import { useRouteRedirect } from './useRouteRedirect.ts';

/** The signed-in app's catch-all: the 404, unless the server's route rules send the path elsewhere. */
export function UnknownRoutePage() {
  useRouteRedirect(useLocation().pathname);
  return <NotFoundPage />;
}
