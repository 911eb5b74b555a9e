import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page the server sent drawn (scripts/prerender.ts) has not been taken over by the
 * app yet, true once it has (and always in a page the app drew itself). A control that must not
 * act before the app runs — a form's submit — is disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
