import { describe, expect, it } from 'vitest';
import { KeyedThrottle, type Timers } from './keyedThrottle.ts';

/** Timers run by hand: `tick()` fires every timer set so far, in order. */
function manualTimers() {
  let queue: (() => void)[] = [];
  const timers: Timers = {
    set(run) {
      queue.push(run);
      return queue.length;
    },
  };
  const tick = () => {
    const due = queue;
    queue = [];
    for (const run of due) run();
  };
  return { timers, tick, waiting: () => queue.length };
}

describe('KeyedThrottle', () => {
  it.each([
    // [calls before the window closes, runs at once, runs when it closes]
    [1, 1, 0],
    [2, 1, 1],
    [25, 1, 1],
  ])('folds %i calls of one key in a window into %i run now and %i when it closes', (calls, now, later) => {
    const { timers, tick } = manualTimers();
    const throttle = new KeyedThrottle(1000, timers);
    const runs: number[] = [];
    for (let i = 0; i < calls; i++) throttle.call('dispatch', () => runs.push(i));
    expect(runs).toHaveLength(now);
    tick();
    expect(runs).toHaveLength(now + later);
    // The run at the close is the latest call's work.
    if (later) expect(runs.at(-1)).toBe(calls - 1);
  });

  it('runs each key on its own', () => {
    const { timers } = manualTimers();
    const throttle = new KeyedThrottle(1000, timers);
    const runs: string[] = [];
    for (const key of ['a', 'b', 'a', 'c', 'b']) throttle.call(key, () => runs.push(key));
    expect(runs).toEqual(['a', 'b', 'c']);
  });

  it('opens a new window with a folded run, and closes it quietly when nothing more came', () => {
    const { timers, tick, waiting } = manualTimers();
    const throttle = new KeyedThrottle(1000, timers);
    let runs = 0;
    throttle.call('k', () => runs++);
    throttle.call('k', () => runs++);
    tick();
    expect(runs).toBe(2);
    expect(waiting()).toBe(1);
    throttle.call('k', () => runs++);
    expect(runs).toBe(2);
    tick();
    expect(runs).toBe(3);
    tick();
    expect(waiting()).toBe(0);
    throttle.call('k', () => runs++);
    expect(runs).toBe(4);
  });
});
