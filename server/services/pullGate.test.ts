import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Gate } from './pullGate.ts';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the pull gate', () => {
  it('never runs more than its size at once, runs every task once, in the order they came', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ ms: fc.integer({ min: 0, max: 3 }), fails: fc.boolean() }), {
          maxLength: 20,
        }),
        async (size, tasks) => {
          const gate = new Gate(size);
          let running = 0;
          let most = 0;
          const started: number[] = [];
          const results = await Promise.allSettled(
            tasks.map(({ ms, fails }, i) =>
              gate.run(async () => {
                started.push(i);
                running += 1;
                most = Math.max(most, running);
                await new Promise((resolve) => setTimeout(resolve, ms));
                running -= 1;
                if (fails) throw new Error(`task ${i}`);
                return i;
              }),
            ),
          );
          expect(most).toBeLessThanOrEqual(size);
          expect(started).toEqual(tasks.map((_, i) => i));
          results.forEach((r, i) => {
            if (tasks[i]?.fails) expect(r.status).toBe('rejected');
            else expect(r).toEqual({ status: 'fulfilled', value: i });
          });
          expect(gate.load).toEqual({ running: 0, waiting: 0 });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('lets the next one through when a task fails', async () => {
    const gate = new Gate(1);
    let release: () => void = () => undefined;
    const first = gate.run(
      () =>
        new Promise<never>((_, reject) => {
          release = () => reject(new Error('database gone'));
        }),
    );
    const second = gate.run(async () => 'ran');
    await tick();
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    release();
    await expect(first).rejects.toThrow('database gone');
    await expect(second).resolves.toBe('ran');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
