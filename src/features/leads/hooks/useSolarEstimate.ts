import { useNetwork } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { MAP_SERVICE_SETTINGS } from '#src/api/maps/settings.ts';
import { findSolarEstimate, type SolarEstimate } from '#src/api/maps/solar.ts';

export type SolarState =
  | { state: 'needsSetting' }
  | { state: 'noPosition' }
  | { state: 'offline' }
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'failed'; reason: string }
  | { state: 'found'; estimate: SolarEstimate };

/** The roof's solar estimate at the position, asked of the configured provider while online. */
export function useSolarEstimate(position: { lng: number; lat: number } | undefined): SolarState {
  const key = MAP_SERVICE_SETTINGS.solarKey;
  const { online } = useNetwork();
  const [answer, setAnswer] = useState<{ at: string; state: SolarState }>();
  const at = position ? `${position.lng},${position.lat}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again only when the place changes
  useEffect(() => {
    if (!key || !position || !online) return;
    const abort = new AbortController();
    findSolarEstimate(key, position, { signal: abort.signal }).then(
      (estimate) => setAnswer({ at, state: estimate ? { state: 'found', estimate } : { state: 'none' } }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('solar estimate failed', err);
        setAnswer({
          at,
          state: { state: 'failed', reason: err instanceof Error ? err.message : String(err) },
        });
      },
    );
    return () => abort.abort();
  }, [key, at, online]);

  if (!key) return { state: 'needsSetting' };
  if (!position) return { state: 'noPosition' };
  if (answer?.at === at) return answer.state;
  return online ? { state: 'loading' } : { state: 'offline' };
}
