/**
 * The icon service (SPEC section 7): `GET {base}/{prefix}.json?icons=a,b` of an Iconify-compatible
 * API, with a 1,500 ms timeout. Section 8: a failed load is logged only; the caller shows its
 * fallback glyph. Icons come back as `data:` SVG addresses for an `img`, so nothing the service
 * sends can run in the page.
 */

export const ICON_TIMEOUT_MS = 1500;

type Fetch = (
  url: string,
  init: { signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

interface IconSet {
  prefix?: string;
  width?: number;
  height?: number;
  icons?: Record<string, { body?: string; width?: number; height?: number }>;
  not_found?: string[];
}

export interface IconService {
  /** The icons found in the set, by name (a missing one is simply absent). */
  iconSet(prefix: string, names: readonly string[]): Promise<Map<string, string>>;
}

function svgUrl(body: string, width: number, height: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function iconService(
  baseUrl: string,
  {
    fetcher = fetch,
    timeoutMs = ICON_TIMEOUT_MS,
    log = (message, err) => console.warn(message, err),
  }: { fetcher?: Fetch; timeoutMs?: number; log?: (message: string, err: unknown) => void } = {},
): IconService {
  const base = baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, Promise<Map<string, string>>>();

  async function load(prefix: string, names: readonly string[]): Promise<Map<string, string>> {
    const url = `${base}/${encodeURIComponent(prefix)}.json?${new URLSearchParams({ icons: names.join(',') })}`;
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    try {
      const res = await fetcher(url, { signal: abort.signal });
      if (!res.ok) throw new Error(`The icon service answered ${res.status}.`);
      const set = (await res.json()) as IconSet;
      const found = new Map<string, string>();
      for (const name of names) {
        const icon = set.icons?.[name];
        if (typeof icon?.body !== 'string') continue;
        found.set(name, svgUrl(icon.body, icon.width ?? set.width ?? 16, icon.height ?? set.height ?? 16));
      }
      return found;
    } catch (err) {
      log(`Icons ${prefix}:${names.join(',')} did not load`, err);
      return new Map();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    iconSet(prefix, names) {
      const key = `${prefix}:${[...names].sort().join(',')}`;
      let pending = cache.get(key);
      if (!pending) {
        pending = load(prefix, names);
        cache.set(key, pending);
        // A failure is not kept: the next screen that needs the icons asks again.
        void pending.then((found) => found.size || cache.delete(key));
      }
      return pending;
    },
  };
}
