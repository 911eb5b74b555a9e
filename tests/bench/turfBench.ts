/**
 * Turf cutting (src/domain/turfCutting.ts): BENCH_TURF_DOORS doors (default 20,000) scattered
 * over a suburb-sized region with an irregular outline, cut into BENCH_TURF_REPS turfs (default 10).
 * - turfs.cut_<n>k_<k>_chromium_first: in Chromium, the manager's first cut: a new worker (the
 *   app's worker file, bundled) started, the doors sent to it, cut, and the turfs sent back, in ms;
 * - turfs.cut_<n>k_<k>_chromium: the same on the running worker, median of BENCH_TURF_RUNS (5);
 * - turfs.cut_<n>k_<k>_node_first, turfs.cut_<n>k_<k>_node: the cut alone in Node, first and median;
 * - turfs.balance_max_deviation: the farthest a turf's weight strays from the mean, in % (bound 10);
 * - turfs.outline_vertices_max: the most corners one turf's outline has; turfs.issues: what the
 *   cut reported (0 when all went as asked).
 * Target (issue 29): 20,000 doors into 10 turfs in ≤ 2 s in the worker.
 */
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import type { Position, RegionGeometry } from '#src/domain/regionGeometry.ts';
import { cutTurfs, type TurfCut, type TurfCutInput, type TurfDoor } from '#src/domain/turfCutting.ts';
import { CHROMIUM_ARGS, chromiumPath } from '#tests/e2e/browser.ts';
import type { Figure } from './serverBench.ts';

const DOORS = Number(process.env.BENCH_TURF_DOORS ?? 20_000);
const REPS = Number(process.env.BENCH_TURF_REPS ?? 10);
const RUNS = Number(process.env.BENCH_TURF_RUNS ?? 5);
const ORIGIN = 'http://turf-bench.localhost';

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
};

/** A region some 6 km across in west Phoenix, with a notch in its north side. */
const REGION: RegionGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-112.17, 33.45],
      [-112.12, 33.44],
      [-112.1, 33.455],
      [-112.105, 33.48],
      [-112.12, 33.495],
      [-112.13, 33.47],
      [-112.14, 33.472],
      [-112.15, 33.498],
      [-112.168, 33.49],
      [-112.178, 33.47],
      [-112.17, 33.45],
    ],
  ],
};

function insideRegion(lng: number, lat: number): boolean {
  const ring = REGION.coordinates[0] as Position[];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The same doors every run: scattered evenly over the region, at stored precision. */
function benchInput(): TurfCutInput {
  let seed = 20_000;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const doors: TurfDoor[] = [];
  while (doors.length < DOORS) {
    const lng = Math.round((-112.178 + 0.078 * random()) * 1e6) / 1e6;
    const lat = Math.round((33.44 + 0.058 * random()) * 1e6) / 1e6;
    if (insideRegion(lng, lat)) doors.push({ id: `door-${doors.length}`, lng, lat, weight: 1 });
  }
  return { region: REGION, doors, reps: Array.from({ length: REPS }, (_, i) => `rep-${i}`) };
}

const bundle = (options: Parameters<typeof buildSync>[0]) =>
  buildSync({ bundle: true, format: 'iife', write: false, logLevel: 'silent', ...options }).outputFiles?.[0]
    ?.text as string;

/** The page's side: starts the worker from its bundled source and times the cuts. */
const PAGE_SCRIPT = `
import * as Comlink from 'comlink';
globalThis.turfBench = async (workerSource, input, runs) => {
  const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  let started = performance.now();
  const worker = new Worker(url);
  const cutter = Comlink.wrap(worker);
  let cut = await cutter.cut(input);
  const first = performance.now() - started;
  const again = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    cut = await cutter.cut(input);
    again.push(performance.now() - started);
  }
  worker.terminate();
  return { first, again, cut };
};
`;

const vertices = (cut: TurfCut) =>
  Math.max(
    0,
    ...cut.turfs.map((turf) => turf.polygon?.coordinates.reduce((n, ring) => n + ring.length, 0) ?? 0),
  );

export async function turfBench(print: (f: Figure) => void): Promise<void> {
  const input = benchInput();
  const name = `turfs.cut_${Math.round(DOORS / 1000)}k_${REPS}`;
  const workerSource = bundle({ entryPoints: ['src/features/regions/turfs/turfCutWorker.ts'] });
  const pageScript = bundle({ stdin: { contents: PAGE_SCRIPT, resolveDir: process.cwd(), loader: 'js' } });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  let cut: TurfCut;
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/bench.js')
        ? route.fulfill({ contentType: 'text/javascript', body: pageScript })
        : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>turf bench</title>' }),
    );
    await page.goto(`${ORIGIN}/`);
    await page.addScriptTag({ url: `${ORIGIN}/bench.js` });
    const run = await page.evaluate(
      ([source, cutInput, runs]) =>
        (
          globalThis as unknown as {
            turfBench(
              s: string,
              i: TurfCutInput,
              r: number,
            ): Promise<{ first: number; again: number[]; cut: TurfCut }>;
          }
        ).turfBench(source, cutInput, runs),
      [workerSource, input, RUNS] as const,
    );
    cut = run.cut;
    print({ name: `${name}_chromium_first`, value: Math.round(run.first), unit: 'ms' });
    print({ name: `${name}_chromium`, value: median(run.again), unit: 'ms' });
  } finally {
    await browser.close();
  }

  const node: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    cutTurfs(input);
    node.push(performance.now() - started);
  }
  print({ name: `${name}_node_first`, value: Math.round(node[0] as number), unit: 'ms' });
  print({ name: `${name}_node`, value: median(node.slice(1)), unit: 'ms' });
  print({
    name: 'turfs.balance_max_deviation',
    value: Math.round(cut.balance.maxDeviation * 10_000) / 100,
    unit: '%',
  });
  print({ name: 'turfs.outline_vertices_max', value: vertices(cut), unit: 'count' });
  print({ name: 'turfs.issues', value: cut.issues.length, unit: 'count' });
  if (cut.issues.length) console.log('turf cut issues:', JSON.stringify(cut.issues).slice(0, 500));
}
