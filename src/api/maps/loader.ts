/**
 * Loads the Google Maps JavaScript API once per page (SPEC sections 4, 7 and 8): status
 * initialized → loading → success or failure; a failed load is retried 3 times, the n-th retry
 * after n·2^n ms; without a key it fails with the spec's "key not found" text, and a load that
 * still fails is fatal for the page ('Failed to load Google Maps API with Loader', a 500).
 */
import { GOOGLE_KEY_MISSING } from '../geocoder.ts';
import type { GoogleMaps } from './googleTypes.ts';

export type MapsLoaderStatus = 'initialized' | 'loading' | 'success' | 'failure';

export const MAPS_KEY_MISSING = GOOGLE_KEY_MISSING;
export const MAPS_LOAD_FAILED = 'Failed to load Google Maps API with Loader';
export const MAPS_LOAD_RETRIES = 3;

/** The wait before retry n (1-based): n·2^n ms. */
export const retryDelay = (n: number) => n * 2 ** n;

/** The spec's fatal load failure: answered as a 500 where an error page shows it. */
export class MapsLoadError extends Error {
  readonly status = 500;
  readonly fatal = true;
  constructor(cause: unknown) {
    super(MAPS_LOAD_FAILED, { cause });
    this.name = 'MapsLoadError';
  }
}

/** Loads the script at `url` and resolves with `google.maps` once it is ready. */
export type ScriptLoader = (url: string) => Promise<GoogleMaps>;

export interface MapsLoader {
  readonly status: MapsLoaderStatus;
  /** The maps API; the first call loads it, later calls share that load (or its failure). */
  load(): Promise<GoogleMaps>;
  onStatus(listener: (status: MapsLoaderStatus) => void): () => void;
}

export function scriptUrl(key: string): string {
  const params = new URLSearchParams({ key, v: 'weekly', libraries: 'places' });
  return `https://maps.googleapis.com/maps/api/js?${params}`;
}

export function createMapsLoader({
  key,
  loadScript = injectScript,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  log = (message, err) => console.error(message, err),
}: {
  key: string | undefined;
  loadScript?: ScriptLoader;
  wait?: (ms: number) => Promise<unknown>;
  log?: (message: string, err: unknown) => void;
}): MapsLoader {
  let status: MapsLoaderStatus = 'initialized';
  let loading: Promise<GoogleMaps> | undefined;
  const listeners = new Set<(status: MapsLoaderStatus) => void>();
  const set = (next: MapsLoaderStatus) => {
    status = next;
    for (const listener of listeners) listener(next);
  };

  async function attempt(url: string): Promise<GoogleMaps> {
    let lastError: unknown;
    for (let n = 0; n <= MAPS_LOAD_RETRIES; n++) {
      if (n > 0) await wait(retryDelay(n));
      try {
        return await loadScript(url);
      } catch (err) {
        lastError = err;
      }
    }
    throw new MapsLoadError(lastError);
  }

  return {
    get status() {
      return status;
    },
    load() {
      if (loading) return loading;
      if (!key) {
        set('failure');
        loading = Promise.reject(new Error(MAPS_KEY_MISSING));
        return loading;
      }
      set('loading');
      loading = attempt(scriptUrl(key)).then(
        (maps) => {
          set('success');
          return maps;
        },
        (err: unknown) => {
          log(MAPS_LOAD_FAILED, err);
          set('failure');
          throw err;
        },
      );
      return loading;
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let callbacks = 0;

/** Adds the script to the page; resolves through the API's `callback` once it has initialised. */
function injectScript(url: string): Promise<GoogleMaps> {
  return new Promise((resolve, reject) => {
    const name = `__crmMapsReady${++callbacks}`;
    const global = window as unknown as Record<string, unknown> & { google?: { maps?: GoogleMaps } };
    const script = document.createElement('script');
    const done = () => {
      delete global[name];
    };
    global[name] = () => {
      done();
      if (global.google?.maps) resolve(global.google.maps);
      else reject(new Error('The maps script loaded without the maps API.'));
    };
    script.src = `${url}&callback=${name}`;
    script.async = true;
    script.onerror = () => {
      done();
      script.remove();
      reject(new Error(`The maps script did not load: ${url.split('?')[0]}`));
    };
    document.head.append(script);
  });
}

let shared: MapsLoader | undefined;

/** The page's one loader for this build's key. */
export function mapsLoader(key: string | undefined): MapsLoader {
  shared ??= createMapsLoader({ key });
  return shared;
}
