/**
 * The dashboard's cards over 100,000 contacts on the device (BENCH_DASHBOARD_CONTACTS), computed
 * in the card worker after the device's first sync:
 * - dashboard.cards_6_100k_ms: median of BENCH_DASHBOARD_RUNS fresh workers, from the request of
 *   six typical cards (count, sum of contract amounts, chart by stage, leaderboard by owner, table
 *   grouped by status, map points) to all six answers — the worker opening the database and reading
 *   each needed column once (target ≤ 1,500 ms);
 * - dashboard.cards_6_100k_again_ms: the same six cards asked again of a worker that has read them
 *   (nothing written since: a return to the dashboard), and dashboard.cards_6_100k_after_write_ms
 *   after one contact was written on the device (the worker reads only that write);
 * - dashboard.main_thread_long_tasks_ms: the longest main-thread task while the cards were computed
 *   (before the bench's own write, which it makes on the main thread).
 * - dashboard.page_100k_open_to_cards_ms: the dashboard screen with the demo's default layout,
 *   from a fresh navigation to `/dashboard` to the `dashboard-cards-rendered` mark (every card
 *   shown), dashboard.page_100k_request_to_cards_ms from the hook's request of its cards to it, and
 *   dashboard.page_100k_request_to_answers_ms to the engine's answers (before they are drawn);
 * BENCH_DASHBOARD_EACH=1 also prints each card's time alone on a new worker.
 * The app is built into its own folder (dist-dashboard-bench), not dist/.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser.ts';
import { signInAdmin } from './benchApp.ts';
import { login, startServer } from './benchServer.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_DASHBOARD_CONTACTS ?? 100_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 5);
const OUT_DIR = process.env.BENCH_DASHBOARD_DIST ?? 'dist-dashboard-bench';
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

const bundle = (entry: string) =>
  buildSync({ entryPoints: [entry], bundle: true, format: 'iife', write: false, logLevel: 'silent' })
    .outputFiles[0]?.text as string;

type BenchRun = {
  cold: number;
  warm: number[];
  afterWrite: number[];
  longTasks: number[];
  summary: Record<string, string>;
};

async function runOnce(page: Page, workerSource: string): Promise<BenchRun> {
  return page.evaluate(
    async ([source, warmRuns]) => {
      const dbName = (await indexedDB.databases()).find((d) => d.name?.startsWith('hs-'))?.name as string;
      const bench = (
        globalThis as unknown as {
          dashboardBench(db: string, source: string, warm: number): Promise<BenchRun>;
        }
      ).dashboardBench;
      return bench(dbName, source as string, warmRuns as number);
    },
    [workerSource, 3] as const,
  );
}

export async function dashboardBench(print: (f: Figure) => void): Promise<void> {
  if (!process.env.BENCH_DASHBOARD_SKIP_BUILD) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', OUT_DIR], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'hs-dashboardbench-'));
  let server: { proc: ChildProcess; url: string } | undefined;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    execFileSync(process.execPath, ['server/db/seed/cli.ts', '--contacts', String(CONTACTS)], {
      env: { ...process.env, DATA_DIR: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server = await startServer({ DATA_DIR: dir, STATIC_DIR: `./${OUT_DIR}` });
    const url = server.url;
    const token = await login(url, 'admin@demo.local');
    const terms = (await (await fetch(`${url}/api/v2/legal/terms`)).json()) as { version: string };
    await fetch(`${url}/api/v2/auth/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ tosVersion: terms.version }),
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAdmin(page, url, 1_200_000);
    const pageScript = bundle('tests/bench/dashboardPage.ts');
    const workerSource = bundle('src/features/dashboard/engine/cardWorker.ts');
    // Served from the app's origin (its content security policy allows no inline script).
    await context.route('**/bench-dashboard.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: pageScript }),
    );
    const k = `${Math.round(CONTACTS / 1000)}k`;
    const cold: number[] = [];
    const warm: number[] = [];
    const afterWrite: number[] = [];
    const longTasks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A light screen, settled, so the figure is the cards' and not the opening screen's.
      await page.goto(`${url}/update`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(1500);
      await page.addScriptTag({ url: '/bench-dashboard.js' });
      const run = await runOnce(page, workerSource);
      cold.push(run.cold);
      warm.push(...run.warm);
      afterWrite.push(...run.afterWrite);
      longTasks.push(...run.longTasks);
      if (i === 0) console.log('dashboard cards:', JSON.stringify(run.summary));
    }
    if (process.env.BENCH_DASHBOARD_EACH) {
      const each = await page.evaluate(async (source) => {
        const dbName = (await indexedDB.databases()).find((d) => d.name?.startsWith('hs-'))?.name as string;
        const bench = (
          globalThis as unknown as {
            dashboardBenchEach(db: string, source: string): Promise<Record<string, number>>;
          }
        ).dashboardBenchEach;
        return bench(dbName, source);
      }, workerSource);
      console.log('dashboard cards alone on a new worker (ms):', JSON.stringify(each));
    }
    // The dashboard screen itself with the demo's default layout, through the app's own worker.
    const opens: number[] = [];
    const computes: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${url}/dashboard`);
      const handle = await page.waitForFunction(
        () => {
          const done = performance.getEntriesByName('dashboard-cards-rendered')[0] as
            | PerformanceMark
            | undefined;
          const asked = performance.getEntriesByName('dashboard-cards-requested')[0];
          if (!done || !asked) return undefined;
          const answered = Math.max(
            0,
            ...performance
              .getEntriesByName('dashboard-cards-batch')
              .map((e) => e.startTime + e.duration)
              .filter((t) => t <= done.startTime),
          );
          return { done: done.startTime, asked: asked.startTime, answered, detail: done.detail };
        },
        undefined,
        { timeout: 120_000, polling: 'raf' },
      );
      const at = (await handle.jsonValue()) as {
        done: number;
        asked: number;
        answered: number;
        detail: { cards: number; errors: number };
      };
      if (at.detail.errors > 0)
        throw new Error(`the dashboard answered ${at.detail.errors} cards with an error`);
      if (i === 0) console.log(`dashboard screen: ${at.detail.cards} cards`);
      opens.push(at.done);
      computes.push(at.done - at.asked);
      answers.push(at.answered - at.asked);
    }
    print({ name: `dashboard.page_${k}_open_to_cards_ms`, value: median(opens), unit: 'ms' });
    print({ name: `dashboard.page_${k}_request_to_cards_ms`, value: median(computes), unit: 'ms' });
    print({ name: `dashboard.page_${k}_request_to_answers_ms`, value: median(answers), unit: 'ms' });
    print({ name: `dashboard.cards_6_${k}_ms`, value: median(cold), unit: 'ms' });
    print({ name: `dashboard.cards_6_${k}_again_ms`, value: median(warm), unit: 'ms' });
    print({ name: `dashboard.cards_6_${k}_after_write_ms`, value: median(afterWrite), unit: 'ms' });
    print({ name: 'dashboard.main_thread_long_tasks_ms', value: Math.max(0, ...longTasks), unit: 'ms' });
    const list = (xs: number[]) => xs.map(Math.round).join(', ');
    console.log(
      `dashboard runs (ms): new worker ${list(cold)}; again ${list(warm)}; after a write ${list(afterWrite)}`,
    );
    await context.close();
  } finally {
    await browser.close();
    if (server) {
      server.proc.kill('SIGTERM');
      if (server.proc.exitCode === null) await once(server.proc, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
