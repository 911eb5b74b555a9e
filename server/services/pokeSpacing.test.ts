import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Change, PokeSpacer } from './pokeSpacing.ts';

describe('spacing an org’s pokes', () => {
  let sent: Change[];
  let spacer: PokeSpacer;
  const change = (org_id: number, version: number) => ({ org_id, version });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    spacer = new PokeSpacer(
      (c) => sent.push(c),
      250,
      () => Date.now(),
    );
  });
  afterEach(() => {
    spacer.clear();
    vi.useRealTimers();
  });

  it('sends the first change at once, and those within the spacing as one, the highest, a spacing later', () => {
    spacer.offer(change(1, 10));
    expect(sent).toEqual([change(1, 10)]);
    vi.advanceTimersByTime(50);
    spacer.offer(change(1, 12));
    spacer.offer(change(1, 11));
    spacer.offer(change(1, 13));
    expect(sent).toEqual([change(1, 10)]);
    vi.advanceTimersByTime(199);
    expect(sent).toEqual([change(1, 10)]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([change(1, 10), change(1, 13)]);
    // The held ones went out just now: the next within the spacing waits for it again.
    spacer.offer(change(1, 14));
    vi.advanceTimersByTime(249);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([change(1, 10), change(1, 13), change(1, 14)]);
  });

  it('sends at once after a quiet spell, and holds nothing when nothing follows', () => {
    spacer.offer(change(1, 10));
    vi.advanceTimersByTime(250);
    spacer.offer(change(1, 11));
    expect(sent).toEqual([change(1, 10), change(1, 11)]);
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });

  it('spaces each org on its own', () => {
    spacer.offer(change(1, 10));
    spacer.offer(change(2, 500));
    spacer.offer(change(1, 11));
    spacer.offer(change(3, 7));
    expect(sent).toEqual([change(1, 10), change(2, 500), change(3, 7)]);
    vi.advanceTimersByTime(250);
    expect(sent).toEqual([change(1, 10), change(2, 500), change(3, 7), change(1, 11)]);
  });

  it('never sends a version below one it held, should its timer run late', () => {
    let now = 0;
    spacer = new PokeSpacer(
      (c) => sent.push(c),
      250,
      () => now,
    );
    spacer.offer(change(1, 10));
    now = 100;
    spacer.offer(change(1, 20));
    // The event loop was busy: the held poke's timer has not run by the next change.
    now = 400;
    spacer.offer(change(1, 15));
    expect(sent).toEqual([change(1, 10), change(1, 20)]);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([change(1, 10), change(1, 20)]);
  });

  it('drops what it holds when cleared', () => {
    spacer.offer(change(1, 10));
    spacer.offer(change(1, 11));
    spacer.clear();
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([change(1, 10)]);
  });
});
