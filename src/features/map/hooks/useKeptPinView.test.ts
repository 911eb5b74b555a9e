// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PinViewEntry } from '#src/device/hooks/usePinView.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { pinViewKey } from '../pins/PinClusters.ts';
import {
  holdsPinRead,
  KEPT_VIEW_HOLD_MS,
  type KeptViewStage,
  keptViewFits,
  useEndKeptViewHold,
} from './useKeptPinView.ts';

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

describe('the pin worker reading every pin', () => {
  const cases: [string, PinViewEntry | null | undefined, boolean, KeptViewStage, boolean][] = [
    ['waits while the kept view is read', undefined, true, 'deciding', true],
    ['waits while the stages are read', kept, false, 'deciding', true],
    ['starts at once with no kept view', null, true, 'deciding', false],
    ['waits while the kept view may fit', kept, true, 'deciding', true],
    ['waits while a shown kept view is drawn', kept, true, 'shown', true],
    ['starts when the kept view does not fit', kept, true, 'unfit', false],
    ['starts once the kept view is drawn', kept, true, 'done', false],
  ];
  it.each(cases)('%s', (_, entry, stagesRead, stage, held) => {
    expect(holdsPinRead(entry, stagesRead, stage)).toBe(held);
  });
});

describe('a shown kept view holding the pin worker', () => {
  afterEach(() => vi.useRealTimers());
  const render = (stage: KeptViewStage, drawnOnce: boolean) => {
    const setStage = vi.fn();
    const hook = renderHook(
      (p: { stage: KeptViewStage; drawn: boolean }) => useEndKeptViewHold(p.stage, setStage, p.drawn),
      { initialProps: { stage, drawn: drawnOnce } },
    );
    return { setStage, hook };
  };

  it('lets go once the map has drawn it', () => {
    const { setStage, hook } = render('shown', false);
    expect(setStage).not.toHaveBeenCalled();
    hook.rerender({ stage: 'shown', drawn: true });
    expect(setStage).toHaveBeenCalledWith('done');
  });

  it('lets go after a while should the map never come to rest', () => {
    vi.useFakeTimers();
    const { setStage } = render('shown', false);
    vi.advanceTimersByTime(KEPT_VIEW_HOLD_MS - 1);
    expect(setStage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(setStage).toHaveBeenCalledWith('done');
  });

  it('does nothing before a kept view is shown, or when none fitted', () => {
    vi.useFakeTimers();
    for (const stage of ['deciding', 'unfit', 'done'] as const) {
      const { setStage } = render(stage, true);
      vi.advanceTimersByTime(KEPT_VIEW_HOLD_MS * 2);
      expect(setStage).not.toHaveBeenCalled();
    }
  });
});
