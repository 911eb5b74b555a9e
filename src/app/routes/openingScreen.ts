/**
 * The screen a signed-in visit opens on, which boot loads with the shell before React's first
 * render (a first render that suspends is revealed 300 ms late).
 */
import { actingOrgOf } from '#src/api/actingOrg.ts';
import { databaseName } from '#src/db/database.ts';
import type { SignedInUser } from '#src/features/auth/utils/session.ts';
import { bootPinService } from '#src/features/map/pins/usePinService.ts';
import { openingRoute } from './matchRoute.ts';
import { KeptAliveTables, PrivacyModal } from './shellScreens.ts';

/** The code a signed-in visit to `pathname` first shows (the kept-alive list screens load together). */
function openingScreen(pathname: string, user: SignedInUser): { preload(): Promise<unknown> } | undefined {
  const entry = openingRoute(pathname, user.has_config !== false);
  return entry?.keptAlive ? KeptAliveTables : entry?.screen;
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
