/**
 * Where a page's main thread spent a stretch of time, from a Chromium trace: self time per kind of
 * work (script by file, style, layout, paint, the compositor's commit and its wait on WebGL's
 * pixels, garbage collection) and the time it was not busy. Unlike the JavaScript profiler, a
 * trace tells throttled or native time apart, which the profiler shows only as '(program)'.
 */
import type { Browser, Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.gc',
  'gpu',
  'blink.user_timing',
];

/** Kinds of work whose own time is worth naming; anything else counts as its innermost named parent. */
function kind(e: TraceEvent): string | undefined {
  if (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compile') {
    const file = (e.args?.data?.url ?? '').replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js');
    return `script ${file || '(inline)'}`;
  }
  if (e.name.startsWith('V8.GC') || e.name === 'MajorGC' || e.name === 'MinorGC') return 'garbage collection';
  if (e.name === 'UpdateLayoutTree' || e.name === 'ParseAuthorStyleSheet') return 'style';
  if (e.name === 'Layout') return 'layout';
  if (e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Layerize') return 'paint';
  if (e.name === 'GLES2::ReadPixels') return 'WebGL pixels read back (software GL)';
  if (e.name === 'Commit') return 'commit';
  if (e.name === 'ParseHTML') return 'parse HTML';
  if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') return 'other';
  return undefined;
}

/** Runs `work` under a trace of the page and answers the main thread's time by kind, in ms. */
export async function traceMainThread(
  browser: Browser,
  page: Page,
  work: () => Promise<unknown>,
): Promise<string> {
  await browser.startTracing(page, { categories: CATEGORIES });
  const started = Date.now();
  await work();
  const wall = Date.now() - started;
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const { busy, kinds } = mainThreadByKind(traceEvents);
  const lines = kinds
    .filter(([, ms]) => ms >= 5)
    .slice(0, 16)
    .map(([k, ms]) => `\n  ${Math.round(ms)} ms ${k}`);
  return `${wall} ms in all, main thread busy ${Math.round(busy)} ms:${lines.join('')}`;
}

/**
 * The renderer main thread's busy time and its self time by kind of work (ms, most first). Of
 * several renderer main threads, the busiest is the page's.
 */
export function mainThreadByKind(traceEvents: readonly TraceEvent[]): {
  busy: number;
  kinds: [string, number][];
} {
  const mains = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busyOf = new Map<string, number>();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key) && e.ph === 'X') busyOf.set(key, (busyOf.get(key) ?? 0) + (e.dur ?? 0));
  }
  const main = [...busyOf].sort((a, b) => b[1] - a[1])[0]?.[0];
  const events = traceEvents
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time of each kind: an event's duration less its children's of other kinds.
  const self = new Map<string, number>();
  const stack: { end: number; kind: string }[] = [];
  let topLevel = 0;
  for (const e of events) {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    // Work a task does outside any named kind is named by its own event (a message, a timer…).
    const k = kind(e) ?? (parent?.kind === 'other' ? `other: ${e.name}` : parent?.kind);
    if (!k) continue;
    const dur = e.dur ?? 0;
    if (!parent) topLevel += dur;
    if (k !== parent?.kind) {
      self.set(k, (self.get(k) ?? 0) + dur);
      if (parent) self.set(parent.kind, (self.get(parent.kind) ?? 0) - dur);
    }
    stack.push({ end: e.ts + dur, kind: k });
  }
  const kinds = [...self].map(([k, us]): [string, number] => [k, us / 1000]).sort((a, b) => b[1] - a[1]);
  return { busy: topLevel / 1000, kinds };
}
