import { describe, expect, it } from 'vitest';
import { mainThreadByKind, type TraceEvent } from './traceSummary.ts';

const thread = (tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid: 1,
  tid,
  args: { name },
});
const x = (tid: number, name: string, ts: number, dur: number, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  ts: ts * 1000,
  dur: dur * 1000,
  pid: 1,
  tid,
  ...(url ? { args: { data: { url } } } : {}),
});

describe('mainThreadByKind', () => {
  it.each([
    {
      case: 'a task running a script that lays out: each its own time',
      events: [
        x(1, 'RunTask', 0, 100),
        x(1, 'FunctionCall', 10, 60, 'http://h/assets/boot-AbCd1234.js'),
        x(1, 'Layout', 30, 20),
      ],
      busy: 100,
      kinds: { other: 40, 'script boot.js': 40, layout: 20 },
    },
    {
      case: "the compositor's commit waiting on WebGL pixels",
      events: [x(1, 'RunTask', 0, 50), x(1, 'Commit', 0, 50), x(1, 'GLES2::ReadPixels', 5, 40)],
      busy: 50,
      kinds: { commit: 10, 'WebGL pixels read back (software GL)': 40 },
    },
    {
      case: "a task's unnamed work named by its event, nested scripts of one file counted once",
      events: [
        x(1, 'RunTask', 0, 30),
        x(1, 'HandlePostMessage', 0, 30),
        x(1, 'FunctionCall', 5, 20, 'http://h/a-XyZw9876.js'),
        x(1, 'FunctionCall', 10, 5, 'http://h/a-XyZw9876.js'),
      ],
      busy: 30,
      kinds: { 'other: HandlePostMessage': 10, 'script a.js': 20 },
    },
    {
      case: 'the busier of two renderer main threads is the page',
      events: [x(2, 'RunTask', 0, 5), x(2, 'Layout', 0, 5), x(1, 'RunTask', 0, 20), x(1, 'Paint', 0, 20)],
      busy: 20,
      kinds: { paint: 20 },
    },
  ])('$case', ({ events, busy, kinds }) => {
    const answer = mainThreadByKind([thread(1, 'CrRendererMain'), thread(2, 'CrRendererMain'), ...events]);
    expect(answer.busy).toBe(busy);
    expect(Object.fromEntries(answer.kinds.filter(([, ms]) => ms !== 0))).toEqual(kinds);
  });
});
