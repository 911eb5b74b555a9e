/**
 * Walk planning ('Plan my walk', issue 29) in Chromium: the walk solver the app's walk worker runs
 * (`solveWalk`; the worker `src/features/map/walk/walkWorker.ts` only calls it) plans walks
 * through random doors in an 800 m square around a rep standing in it, after one warm-up call.
 * Chromium's CPU throttling (CDP `Emulation.setCPUThrottlingRate`, here 4× to stand for a
 * mid-range phone) reaches a page's main thread only: sent to a dedicated worker it answers
 * 'Operation is only supported for pages, not workers'. So the throttled figures run the solver
 * on the page's main thread, and the worker itself is timed unthrottled beside them.
 * - route.solve_<n>_ms (n = 60, 200): the median of BENCH_ROUTE_RUNS instances (default 7) with the
 *   CPU throttled, and route.solve_<n>_max_ms their slowest (targets: 60 doors ≤ 300 ms, 200 doors
 *   ≤ 1,500 ms);
 * - route.length_ratio_<n>: the worst, over those instances, of the walk's length over the best of
 *   10 random restarts of the same solver (seeds 1001–1010 of `bestOfRestarts`, none of which the
 *   app's own restarts use; target ≤ 1.05), and route.single_run_ratio_<n> the same for one run of
 *   the planner (seed 0, no restarts);
 * - route.worker_<n>_ms: the median through the walk worker, unthrottled (call to answer);
 * - route.throttle_slowdown: the 200-door median throttled over unthrottled on the main thread,
 *   which says the throttling took (about 4 when it did; a loaded machine moves it).
 */
import { buildSync } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { bestOfRestarts, planWalk, type Walk, type WalkPoint } from '#src/domain/walkRoute.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser.ts';
import type { Figure } from './serverBench.ts';

const RUNS = Number(process.env.BENCH_ROUTE_RUNS ?? 7);
/** The CPU throttling rate (BENCH_ROUTE_THROTTLE; 4 stands for a mid-range phone). */
const RATE = Number(process.env.BENCH_ROUTE_THROTTLE ?? 4);
const ORIGIN = 'http://route-bench.local';
/** The reference walks' restarts are seeds 1001–1010. */
const REFERENCE_SEED = 1001;
/** Mesa, Arizona: an 800 m square of doors (degrees of latitude and longitude there). */
const BOX = { lng: -111.83, lat: 33.41, dLng: 800 / 92_900, dLat: 800 / 111_000 };

function instance(n: number, seed: number): { start: WalkPoint; stops: WalkPoint[] } {
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 4_294_967_296;
  };
  const point = () => ({ lng: BOX.lng + next() * BOX.dLng, lat: BOX.lat + next() * BOX.dLat });
  const start = point();
  return { start, stops: Array.from({ length: n }, point) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number, places = 1) => Math.round(x * 10 ** places) / 10 ** places;

function bundle(entry: string): string {
  return buildSync({ entryPoints: [entry], bundle: true, format: 'iife', write: false, logLevel: 'silent' })
    .outputFiles[0]?.text as string;
}

type Timed = (start: WalkPoint, stops: WalkPoint[]) => Promise<{ ms: number; walk: Walk }>;
type Where = 'main' | 'worker';
const solveIn = (page: Page, where: Where, start: WalkPoint, stops: WalkPoint[]) =>
  page.evaluate(
    ([w, a, b]) => (globalThis as unknown as { routeBench: Record<Where, Timed> }).routeBench[w](a, b),
    [where, start, stops] as const,
  );

async function timings(page: Page, where: Where, n: number) {
  const warm = instance(n, 999);
  await solveIn(page, where, warm.start, warm.stops);
  const ms: number[] = [];
  const ratios: number[] = [];
  const single: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { start, stops } = instance(n, run * 7919 + n);
    const answer = await solveIn(page, where, start, stops);
    ms.push(answer.ms);
    // Seeds the app's own restarts (0–9) do not use.
    const best = bestOfRestarts(start, stops, 10, REFERENCE_SEED).length;
    ratios.push(answer.walk.length / best);
    single.push(planWalk(start, stops, 0).length / best);
  }
  return {
    median: median(ms),
    max: Math.max(...ms),
    ratio: Math.max(...ratios),
    single: Math.max(...single),
  };
}

export async function routeBench(print: (f: Figure) => void): Promise<void> {
  const worker = bundle('src/features/map/walk/walkWorker.ts');
  const script = bundle('tests/bench/routeBenchPage.ts');
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/walk-worker.js') return route.fulfill({ contentType: 'text/javascript', body: worker });
      if (path === '/route-bench.js') return route.fulfill({ contentType: 'text/javascript', body: script });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>route bench</title><script src="/route-bench.js"></script>',
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'routeBench' in globalThis);
    for (const n of [60, 200]) {
      const inWorker = await timings(page, 'worker', n);
      print({ name: `route.worker_${n}_ms`, value: round(inWorker.median), unit: 'ms' });
    }
    const unthrottled = await timings(page, 'main', 200);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    let slowdown = 0;
    for (const n of [60, 200]) {
      const figures = await timings(page, 'main', n);
      print({ name: `route.solve_${n}_ms`, value: round(figures.median), unit: 'ms' });
      print({ name: `route.solve_${n}_max_ms`, value: round(figures.max), unit: 'ms' });
      print({ name: `route.length_ratio_${n}`, value: round(figures.ratio, 4), unit: 'ratio' });
      print({ name: `route.single_run_ratio_${n}`, value: round(figures.single, 4), unit: 'ratio' });
      if (n === 200) slowdown = figures.median / unthrottled.median;
    }
    print({ name: 'route.throttle_slowdown', value: round(slowdown, 2), unit: 'ratio' });
  } finally {
    await browser.close();
  }
}
