/**
 * The spec's development key bypasses sign-in, in development only: given once in the address
 * (`?dev_key=…`) it is kept on the device, or it comes from the build's VITE_DEV_KEY, and every
 * request then carries it as the Authorization header. A production build drops this code (and
 * the server honours the key only when it runs with NODE_ENV=development).
 */
import { setDevKey } from '#src/api/appClient.ts';

const STORAGE_KEY = 'hs.devKey';
let inUse = false;

/** Whether requests carry the development key (then the sign-in page signs in with it at once). */
export function devKeyInUse(): boolean {
  return inUse;
}

/** The key to use: the address's, else the one kept, else the configured one; none outside development. */
export function chooseDevKey(
  development: boolean,
  search: string,
  kept: string | null,
  configured: string | undefined,
): string | undefined {
  if (!development) return undefined;
  return new URLSearchParams(search).get('dev_key')?.trim() || kept || configured || undefined;
}

/** Reads, keeps and applies the development key; true when one is in use. */
export function applyDevKey(): boolean {
  if (!import.meta.env.DEV) return false;
  try {
    const key = chooseDevKey(
      true,
      location.search,
      localStorage.getItem(STORAGE_KEY),
      import.meta.env.VITE_DEV_KEY,
    );
    if (key) localStorage.setItem(STORAGE_KEY, key);
    setDevKey(key);
    inUse = !!key;
    return inUse;
  } catch {
    return false;
  }
}
