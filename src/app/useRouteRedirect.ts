import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/appClient.ts';
import { type RouteRedirect, redirectTarget } from '../domain/routeRules.ts';

/**
 * SPEC section 2: before an unknown path settles on the 404, the server's route rules are asked
 * (GET /api/v2/route-rules). A redirect inside the app replaces the entry; an external one leaves
 * the app, and only for an http(s) address. Offline or on any failure the 404 simply stays.
 */
export function useRouteRedirect(pathname: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    api
      .request<{ redirect: RouteRedirect | null }>(`/api/v2/route-rules?path=${encodeURIComponent(pathname)}`)
      .then(({ redirect }) => {
        if (!live || !redirect) return;
        // Checked again here: the device never follows a target the shared rule would refuse.
        const target = redirectTarget(redirect.to);
        if (!target) return;
        if (target.external) window.location.assign(target.to);
        else if (target.to !== pathname) navigate(target.to, { replace: true });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pathname, navigate]);
}
