import { describe, expect, it } from 'vitest';
import type { PullChange, PullResponse } from '../domain/schemas/sync.ts';
import { mergeAnswers, PullReader } from './pullPages.ts';

const change = (id: string, version: number, deleted = false): PullChange => ({
  table: 'contacts',
  row: { _id: id, version, deleted_at: deleted ? '2026-01-01T00:00:00.000Z' : null },
});

const answer = (cursor: number, changes: PullChange[], more: boolean, extra: Partial<PullResponse> = {}) =>
  ({
    success: true,
    changes,
    cursor,
    last_mutation_id: cursor,
    has_more: more,
    reset: false,
    ...extra,
  }) as PullResponse;

describe('mergeAnswers', () => {
  it.each([
    {
      name: 'one answer is the page as sent',
      answers: [answer(2, [change('a', 1), change('b', 2)], true)],
      horizon: undefined,
      ids: ['a:1', 'b:2'],
      page: { cursor: 2, has_more: true, last_mutation_id: 2 },
    },
    {
      name: 'pages in order; the last one names cursor, acknowledged mutations and has_more',
      answers: [answer(2, [change('a', 1), change('b', 2)], true), answer(4, [change('c', 4)], false)],
      horizon: 7,
      ids: ['a:1', 'b:2', 'c:4'],
      page: { cursor: 4, has_more: false, last_mutation_id: 4, horizon: 7 },
    },
    {
      name: 'a row changed again in a later page keeps only its last change, where that change is',
      answers: [
        answer(2, [change('a', 1), change('b', 2)], true),
        answer(5, [change('c', 3), change('a', 5, true)], true),
      ],
      horizon: undefined,
      ids: ['b:2', 'c:3', 'a:5'],
      page: { cursor: 5, has_more: true, last_mutation_id: 5 },
    },
  ])('$name', ({ answers, horizon, ids, page }) => {
    const merged = mergeAnswers(answers, horizon);
    expect(merged.changes.map((c) => `${c.row._id}:${c.row.version}`)).toEqual(ids);
    expect({ ...merged, changes: undefined }).toEqual({ ...page, changes: undefined });
  });

  it('the same id in two tables is two rows', () => {
    const merged = mergeAnswers([
      answer(1, [change('x', 1)], true),
      answer(2, [{ table: 'users', row: { _id: 'x', version: 2, deleted_at: null } }], false),
    ]);
    expect(merged.changes.map((c) => c.table)).toEqual(['contacts', 'users']);
  });

  it('refuses no answers', () => {
    expect(() => mergeAnswers([])).toThrow();
  });
});

/** A server whose answers the test sends when it wants, recording what was asked. */
function heldServer() {
  const asked: { cursor: number; horizon: number }[] = [];
  const waiting: { resolve: (a: PullResponse) => void; reject: (e: unknown) => void }[] = [];
  return {
    asked,
    ask: (cursor: number, horizon: number) => {
      asked.push({ cursor, horizon });
      return new Promise<PullResponse>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    /** Answers the oldest request still waiting. */
    answer(a: PullResponse) {
      waiting.shift()?.resolve(a);
      return settle();
    },
    fail(err: unknown) {
      waiting.shift()?.reject(err);
      return settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const cursors = (batch: { answer: PullResponse }[] | undefined) => batch?.map((b) => b.answer.cursor);

describe('PullReader', () => {
  it('asks for the next page as soon as one arrives, up to `ahead` beyond those handed over', async () => {
    const server = heldServer();
    const reader = new PullReader({ cursor: 0, horizon: 0, ask: server.ask, ahead: 2 });
    await server.answer(answer(10, [change('a', 10)], true, { horizon: 3 }));
    await server.answer(answer(20, [change('b', 20)], true));
    await server.answer(answer(30, [change('c', 30)], true));
    // Three answers held, nothing handed over: no fourth request yet.
    expect(server.asked).toEqual([
      { cursor: 0, horizon: 0 },
      { cursor: 10, horizon: 3 },
      { cursor: 20, horizon: 3 },
    ]);
    const batch = await reader.next();
    expect(cursors(batch)).toEqual([10, 20, 30]);
    expect(batch?.map((b) => [b.fullSync, b.horizon])).toEqual([
      [true, 3],
      [false, 3],
      [false, 3],
    ]);
    // Room again: the page after the last one is asked for.
    expect(server.asked.at(-1)).toEqual({ cursor: 30, horizon: 3 });
    const last = reader.next();
    await server.answer(answer(40, [], false));
    expect(cursors(await last)).toEqual([40]);
    expect(await reader.next()).toBeUndefined();
    expect(server.asked).toHaveLength(4);
  });

  it('hands over one answer when only one has arrived', async () => {
    const server = heldServer();
    const reader = new PullReader({ cursor: 5, horizon: 2, ask: server.ask });
    const first = reader.next();
    await server.answer(answer(8, [change('a', 8)], true, { horizon: 9 }));
    const batch = await first;
    // Not a full sync (asked from a cursor): the horizon the device holds is kept.
    expect(batch?.map((b) => [b.answer.cursor, b.fullSync, b.horizon])).toEqual([[8, false, 2]]);
    expect(server.asked.at(-1)).toEqual({ cursor: 8, horizon: 2 });
    reader.close();
  });

  it('a reset starts a batch of its own, and its horizon is sent from then on', async () => {
    const server = heldServer();
    const reader = new PullReader({ cursor: 5, horizon: 0, ask: server.ask });
    await server.answer(answer(8, [change('a', 8)], true));
    await server.answer(answer(3, [change('b', 3)], true, { reset: true, horizon: 4 }));
    await server.answer(answer(9, [change('c', 9)], false));
    expect(cursors(await reader.next())).toEqual([8]);
    const afterReset = await reader.next();
    expect(afterReset?.map((b) => [b.answer.cursor, b.fullSync, b.horizon])).toEqual([
      [3, true, 4],
      [9, false, 4],
    ]);
    expect(server.asked.map((a) => a.horizon)).toEqual([0, 0, 4]);
  });

  it('a failure ends the reading after the answers before it are handed over', async () => {
    const server = heldServer();
    const reader = new PullReader({ cursor: 0, horizon: 0, ask: server.ask });
    await server.answer(answer(10, [change('a', 10)], true));
    await server.fail(new Error('offline'));
    expect(cursors(await reader.next())).toEqual([10]);
    await expect(reader.next()).rejects.toThrow('offline');
    expect(await reader.next()).toBeUndefined();
    expect(server.asked).toHaveLength(2);
  });

  it('asks nothing more once closed', async () => {
    const server = heldServer();
    const reader = new PullReader({ cursor: 0, horizon: 0, ask: server.ask });
    reader.close();
    await server.answer(answer(10, [], true));
    expect(server.asked).toHaveLength(1);
    expect(await reader.next()).toBeUndefined();
  });
});

describe('PullReader with answers and stores of any speed', () => {
  it.each([1, 2, 3, 4, 5, 6])('hands over every page once, in order, and ends (seed %i)', async (seed) => {
    // A small deterministic random source, so a failure can be replayed.
    let state = seed;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const pages = 12;
    const asked: number[] = [];
    const reader = new PullReader({
      cursor: 0,
      horizon: 0,
      ahead: 1 + Math.floor(random() * 4),
      ask: (cursor) => {
        asked.push(cursor);
        const next = cursor + 1;
        return new Promise((resolve) =>
          setTimeout(() => resolve(answer(next, [change(`r${next}`, next)], next < pages)), random() * 4),
        );
      },
    });
    const seen: number[] = [];
    for (;;) {
      const batch = await reader.next();
      if (!batch) break;
      const page = mergeAnswers(batch.map((b) => b.answer));
      seen.push(...page.changes.map((c) => c.row.version));
      await new Promise((resolve) => setTimeout(resolve, random() * 6));
      if (!page.has_more) break;
    }
    reader.close();
    expect(seen).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(asked).toEqual(Array.from({ length: pages }, (_, i) => i));
  });
});
