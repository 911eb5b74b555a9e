import { describe, expect, it } from 'vitest';
import { latestOnly } from './latestOnly.ts';

describe('latestOnly', () => {
  it.each([
    { steps: ['a'], current: { a: true } },
    { steps: ['a', 'b'], current: { a: false, b: true } },
    { steps: ['a', 'cancel'], current: { a: false } },
    { steps: ['a', 'cancel', 'b'], current: { a: false, b: true } },
    { steps: ['a', 'b', 'c'], current: { a: false, b: false, c: true } },
  ])('after $steps, the latest request alone is current', ({ steps, current }) => {
    const requests = latestOnly();
    const checks: Record<string, () => boolean> = {};
    for (const step of steps) {
      if (step === 'cancel') requests.cancel();
      else checks[step] = requests.next();
    }
    expect(Object.fromEntries(Object.entries(checks).map(([k, check]) => [k, check()]))).toEqual(current);
  });
});
