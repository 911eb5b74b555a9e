/**
 * Table view benchmarks (issue: data tables), headless system Chromium, BENCH_VIEWS_CONTACTS
 * contacts on the device (default 100,000; the admin sees them all), on /contacts:
 * - views_grid_to_board_ms: from the click on the Board view type (`view-switch-start`) until the
 *   board has painted (`view-rendered`), median of 5;
 * - views_board_to_calendar_ms: the same from the board to the calendar, median of 5.
 * BENCH_VIEWS_TRACE=1 prints the marks and long tasks between each click and its paint.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser.ts';
import { switchViewType } from '../e2e/tableScreen.ts';
import { login, startServer } from './benchServer.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_VIEWS_CONTACTS ?? 100_000);
const RUNS = 5;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

/** Clicks a view type and answers the time from the click to the new view's `view-rendered` mark. */
async function timeSwitch(page: Page, viewType: string): Promise<number> {
  const started = await switchViewType(page, viewType);
  const handle = await page.waitForFunction(
    (t) => performance.getEntriesByName('view-rendered').find((e) => e.startTime > t)?.startTime,
    started,
    { timeout: 60_000, polling: 'raf' },
  );
  const rendered = (await handle.jsonValue()) as number;
  if (process.env.BENCH_VIEWS_TRACE) {
    // What ran in between: marks and main-thread long tasks, relative to the click.
    console.log(
      viewType,
      await page.evaluate(
        ([from, to]) =>
          JSON.stringify(
            performance
              .getEntries()
              .filter((e) => e.startTime >= (from as number) && e.startTime <= (to as number) + 1)
              .filter(
                (e) => e.entryType === 'mark' || e.entryType === 'longtask' || e.entryType === 'measure',
              )
              .map((e) => [e.name, Math.round(e.startTime - (from as number)), Math.round(e.duration)]),
          ),
        [started, rendered] as const,
      ),
    );
  }
  return rendered - started;
}

export async function tableViewsBench(print: (f: Figure) => void): Promise<void> {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const dir = mkdtempSync(join(tmpdir(), 'hs-viewsbench-'));
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
    server = await startServer({ DATA_DIR: dir });
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
    if (process.env.BENCH_VIEWS_TRACE)
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            performance.measure(`longtask ${Math.round(e.duration)}`, {
              start: e.startTime,
              duration: e.duration,
            });
        }).observe({ type: 'longtask' });
      });
    await page.goto(`${url}/auth/login`);
    await page.getByLabel('Email').fill('admin@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForFunction(() => performance.getEntriesByName('first-sync-done').length > 0, undefined, {
      timeout: 600_000,
    });
    await page.goto(`${url}/contacts`);
    await page.getByRole('table').first().waitFor({ timeout: 120_000 });

    const toBoard: number[] = [];
    const toCalendar: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await switchViewType(page, 'Grid');
      await page.getByRole('table').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300);
      toBoard.push(await timeSwitch(page, 'Board'));
      await page.waitForTimeout(300);
      toCalendar.push(await timeSwitch(page, 'Calendar'));
      await page.waitForTimeout(300);
    }
    print({ name: 'views_grid_to_board_ms', value: median(toBoard), unit: 'ms' });
    print({ name: 'views_board_to_calendar_ms', value: median(toCalendar), unit: 'ms' });
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
