import { useMemo } from 'react';
import { useMapImagery } from '#src/device/hooks/useMapImagery.ts';
import {
  type ImageryLayerSpec,
  type ImageryUnavailable,
  imageryLayer,
  imageryUnavailable,
} from './imageryLayer.ts';

/**
 * The org's aerial imagery for the map: its layer (undefined while the setting is read, or when
 * the org turned imagery off) and why 'Satellite' cannot be chosen, if it cannot.
 */
export function useImagery(): {
  spec: ImageryLayerSpec | undefined;
  unavailable: ImageryUnavailable | undefined;
} {
  const setting = useMapImagery();
  // A pull that rewrites the same setting must not redraw the imagery.
  const key = JSON.stringify(setting ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the setting's content.
  const spec = useMemo(
    () => (setting === undefined ? undefined : imageryLayer(setting)),
    [key, setting === undefined],
  );
  return { spec, unavailable: imageryUnavailable(setting) };
}
