/** Parts of the signed-in app that load like screens but are not routes of their own. */
import { preloadableScreen } from '../preloadableScreen.tsx';

/** The kept-alive list screens (`keptAlive` entries of the route table), rendered beside the routes. */
export const KeptAliveTables = preloadableScreen(
  () => import('#src/features/tables/components/KeptAliveTables.tsx').then((m) => m.KeptAliveTables),
  ['leads', 'records', 'surveys', 'sync', 'tables'],
);

/** The terms dialog shown over every screen until the user accepts the terms in force. */
export const PrivacyModal = preloadableScreen(
  () => import('#src/features/legal/components/PrivacyModal.tsx').then((m) => m.PrivacyModal),
  ['legal'],
);
