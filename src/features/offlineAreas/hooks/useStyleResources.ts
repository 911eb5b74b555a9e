import { useEffect, useState } from 'react';
import { archiveUrlOf, resolveArchiveResources } from '../utils/archiveArea.ts';
import { resolveStyleResources, type StyleResources } from '../utils/mapStyleResources.ts';
import { fetchMapJson } from '../utils/offlineAreaStore.ts';

export type StyleResourcesState =
  | { state: 'loading' }
  | { state: 'ready'; resources: StyleResources }
  | { state: 'error'; message: string };

/**
 * The files of the configured map style, read while the device is online (again each time it
 * comes back online; offline, what was read last is kept).
 */
export function useStyleResources(
  styleUrl: string,
  online: boolean,
  pixelRatio: number,
): StyleResourcesState {
  const [result, setResult] = useState<StyleResourcesState>({ state: 'loading' });
  useEffect(() => {
    if (!online) return;
    let current = true;
    const archiveUrl = archiveUrlOf(styleUrl);
    const resolved = archiveUrl
      ? resolveArchiveResources(archiveUrl)
      : resolveStyleResources(styleUrl, fetchMapJson, pixelRatio);
    resolved.then(
      (resources) => current && setResult({ state: 'ready', resources }),
      (err: unknown) =>
        current && setResult({ state: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      current = false;
    };
  }, [styleUrl, online, pixelRatio]);
  return result;
}
