import { describe, expect, it } from 'vitest';
import type { TableViewRow } from '#src/db/rows.ts';
import { defaultViewProperties, TABLES } from '#src/domain/tables/registry.ts';
import { type PendingView, type Timers, ViewSaveQueue } from './viewSaveQueue.ts';

/** Timers that fire only when the test moves time on. */
function manualTimers() {
  let now = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  let next = 0;
  const timers: Timers = {
    set: (fn, ms) => {
      due.set(++next, { at: now + ms, fn });
      return next;
    },
    clear: (handle) => due.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...due]) {
      if (t.at > now) continue;
      due.delete(id);
      t.fn();
    }
  };
  return { timers, advance };
}

const change = (id: string, search: string): PendingView => {
  const base = defaultViewProperties(TABLES.products);
  return {
    view: { _id: id, name: id } as TableViewRow,
    stored: id !== '',
    properties: { ...base, query: { ...base.query, search } },
  };
};

type Step = ['change', string, string] | ['wait', number] | ['flush'] | ['drop'];

describe('saving view changes', () => {
  it.each<{ name: string; steps: Step[]; saved: string[] }>([
    {
      name: 'nothing before the pause',
      steps: [
        ['change', 'a', 'x'],
        ['wait', 499],
      ],
      saved: [],
    },
    {
      name: 'the change after a pause',
      steps: [
        ['change', 'a', 'x'],
        ['wait', 500],
      ],
      saved: ['a:x'],
    },
    {
      name: 'only the last of quick changes',
      steps: [
        ['change', 'a', 'x'],
        ['wait', 300],
        ['change', 'a', 'xy'],
        ['wait', 300],
        ['wait', 200],
      ],
      saved: ['a:xy'],
    },
    {
      name: 'the waiting change of another view first',
      steps: [
        ['change', 'a', 'x'],
        ['change', 'b', 'y'],
        ['wait', 500],
      ],
      saved: ['a:x', 'b:y'],
    },
    {
      name: 'at once when flushed, and only once',
      steps: [['change', 'a', 'x'], ['flush'], ['wait', 500]],
      saved: ['a:x'],
    },
    {
      name: 'nothing of a dropped change',
      steps: [['change', 'a', 'x'], ['drop'], ['wait', 500]],
      saved: [],
    },
    { name: 'nothing when flushed with nothing waiting', steps: [['flush']], saved: [] },
    {
      name: 'the unstored default view too',
      steps: [
        ['change', '', 'x'],
        ['wait', 500],
      ],
      saved: [':x'],
    },
  ])('saves $name', async ({ steps, saved }) => {
    const { timers, advance } = manualTimers();
    const done: string[] = [];
    const queue = new ViewSaveQueue(async (c) => {
      done.push(`${c.view._id}:${c.properties.query.search}`);
    }, timers);
    for (const step of steps) {
      if (step[0] === 'change') queue.schedule(change(step[1], step[2]));
      else if (step[0] === 'wait') advance(step[1]);
      else if (step[0] === 'flush') await queue.flush();
      else queue.drop();
    }
    await Promise.resolve();
    expect(done).toEqual(saved);
  });

  it('tells what waits', () => {
    const queue = new ViewSaveQueue(async () => {}, manualTimers().timers);
    expect(queue.waiting()).toBeNull();
    queue.schedule(change('a', 'x'));
    expect(queue.waiting()?.view._id).toBe('a');
  });
});
