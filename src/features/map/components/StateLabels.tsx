import { Layer } from 'react-map-gl/maplibre';
import { MAP_SETTINGS } from '../utils/mapSettings.ts';

/**
 * The state names of the built-in base map (offlineStyle.ts), as label images (labelImages.ts).
 * Kept out of the style itself: a map shows them once it has drawn what matters first.
 */
export function StateLabels({ dark, beforeId }: { dark: boolean; beforeId?: string }) {
  if (MAP_SETTINGS.styleUrl) return null;
  return (
    <Layer
      id="states-label"
      source="states"
      beforeId={beforeId}
      type="symbol"
      maxzoom={8}
      layout={{
        'icon-image': ['concat', 'label:', dark ? 'dark:' : 'light:', ['get', 'name']],
        'symbol-placement': 'point',
        'icon-allow-overlap': false,
      }}
    />
  );
}
