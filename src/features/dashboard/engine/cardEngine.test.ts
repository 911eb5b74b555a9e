import { describe, expect, it } from 'vitest';
import { startCardEngine } from './cardEngine.ts';

/** A worker that loads nothing and then stops with an error, as a worker whose script failed. */
function failingWorker() {
  const target = new EventTarget() as EventTarget & { postMessage(): void; terminate(): void };
  target.postMessage = () => {};
  let terminated = false;
  target.terminate = () => {
    terminated = true;
  };
  setTimeout(() => target.dispatchEvent(Object.assign(new Event('error'), { message: 'no script' })), 10);
  return { worker: target as unknown as Worker, terminated: () => terminated };
}

describe('the card engine', () => {
  it('answers with an error, not forever loading, when its worker stops; and says it is broken', async () => {
    const made = failingWorker();
    const engine = startCardEngine({ name: 'hs-test' } as never, () => made.worker);
    expect(engine.broken()).toBe(false);
    await expect(engine.computeBatch([])).rejects.toThrow(/card worker stopped: no script/);
    expect(engine.broken()).toBe(true);
    engine.close();
    expect(made.terminated()).toBe(true);
  });
});
