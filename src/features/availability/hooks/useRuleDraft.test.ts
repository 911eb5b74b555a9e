// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DistributionRule } from '#src/domain/distribution.ts';
import type { RulePlace } from './useDistributionPage.ts';
import { useRuleDraft } from './useRuleDraft.ts';

const TEAM = '00000000-0000-4000-8000-00000000000e';
const placeWith = (rule: DistributionRule | undefined): RulePlace => ({
  id: TEAM,
  scope: 'team',
  name: 'East',
  rule,
  people: [],
});
const ranking: DistributionRule = {
  _id: TEAM,
  scope: 'team',
  kind: 'ranking',
  daily_cap: 3,
  window_days: 60,
};

function card(rule: DistributionRule | undefined) {
  const save = vi.fn(async () => undefined);
  const hook = renderHook(({ place }) => useRuleDraft(place, save), {
    initialProps: { place: placeWith(rule) },
  });
  return {
    ...hook,
    save,
    read: (next: DistributionRule | undefined) => hook.rerender({ place: placeWith(next) }),
  };
}

describe("a rule card's form on the device's rows", () => {
  it("keeps the person's next choice when their saved rule comes back late", async () => {
    const { result, save, read } = card(undefined);
    act(() => result.current.choose({ kind: 'ranking', cap: 3, windowDays: 60 }));
    await act(() => result.current.saveRule());
    expect(save).toHaveBeenCalledWith({
      id: TEAM,
      scope: 'team',
      kind: 'ranking',
      daily_cap: 3,
      window_days: 60,
    });

    act(() => result.current.choose({ kind: 'none' }));
    read(ranking); // the saved row, read back from the device after the choice
    expect(result.current.draft.kind).toBe('none');

    await act(() => result.current.saveRule());
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: TEAM, kind: 'ranking', removed: true }),
    );
    read(undefined);
    expect(result.current.draft.kind).toBe('none');
    read(ranking); // set again on another device
    expect(result.current.draft).toEqual({ kind: 'ranking', cap: 3, windowDays: 60 });
  });

  it('shows a rule changed on another device while the person has not touched the form', () => {
    const { result, read } = card(undefined);
    read(ranking);
    expect(result.current.draft).toEqual({ kind: 'ranking', cap: 3, windowDays: 60 });
    read({ ...ranking, kind: 'nearest', daily_cap: null });
    expect(result.current.draft).toEqual({ kind: 'nearest', cap: '', windowDays: 60 });
  });

  it('keeps unsaved choices when the rule changes elsewhere', () => {
    const { result, read } = card(ranking);
    act(() => result.current.choose({ cap: 8 }));
    read({ ...ranking, window_days: 90 });
    expect(result.current.draft).toEqual({ kind: 'ranking', cap: 8, windowDays: 60 });
  });
});
