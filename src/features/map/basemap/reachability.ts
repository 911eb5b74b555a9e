/**
 * Whether a base map served elsewhere answers: its style file is fetched (through the service
 * worker, so a saved area's copy answers offline) and must be a MapLibre style, within a few
 * seconds. A map that cannot be reached gives way to the built-in geography, so the pins are
 * never held back by a slow or blocked tile service.
 */

/** How long a style may take to answer before the built-in map is drawn instead. */
export const STYLE_TIMEOUT_MS = 3_000;

export type Reachability = 'reachable' | 'unreachable';

/** A MapLibre style document: version 8, with its sources and layers. */
export function isMapStyle(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const style = value as { version?: unknown; sources?: unknown; layers?: unknown };
  return (
    style.version === 8 && !!style.sources && typeof style.sources === 'object' && Array.isArray(style.layers)
  );
}

/** Fetches the style with a deadline; any failure (offline, refused, slow, not a style) is 'unreachable'. */
export async function probeStyle(
  url: string,
  fetcher: typeof fetch = fetch,
  timeoutMs = STYLE_TIMEOUT_MS,
): Promise<Reachability> {
  try {
    const answer = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs), credentials: 'omit' });
    if (!answer.ok) return 'unreachable';
    return isMapStyle(await answer.json()) ? 'reachable' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
