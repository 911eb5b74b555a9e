import { describe, expect, it } from 'vitest';
import type { PinViewEntry } from '#src/device/hooks/usePinView.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { pinViewKey } from '../pins/PinClusters.ts';
import { keptViewFits } from './useKeptPinView.ts';

const key = pinViewKey(DEFAULT_DEAL_STAGES, {});
const kept: PinViewEntry = {
  version: 7,
  bbox: [-112.4150110180881, 33.2546328027981, -111.6349869819122, 33.70524191739922],
  zoom: 10,
  key,
  features: [],
  shown: 0,
  total: 0,
};
const now = { bbox: [...kept.bbox], zoom: 10 };

describe('a kept map view', () => {
  it('fits the map opening on the same view with the same stages and filters', () => {
    expect(keptViewFits(kept, now, key)).toBe(true);
  });

  it('does not fit another view, zoom, stage colours or filters', () => {
    expect(keptViewFits(kept, { ...now, bbox: [...kept.bbox.slice(0, 3), 33.71] }, key)).toBe(false);
    expect(keptViewFits(kept, { ...now, zoom: 11 }, key)).toBe(false);
    const recoloured = DEFAULT_DEAL_STAGES.map((s, i) => (i === 0 ? { ...s, color: '#000000' } : s));
    expect(keptViewFits(kept, now, pinViewKey(recoloured, {}))).toBe(false);
    expect(keptViewFits(kept, now, pinViewKey(DEFAULT_DEAL_STAGES, { statuses: ['Lead'] }))).toBe(false);
  });
});
