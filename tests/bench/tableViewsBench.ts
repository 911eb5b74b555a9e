import type { Page } from 'playwright-core';
import { switchViewType } from '../e2e/tableScreen.ts';
import { signInAdmin, startBenchApp, traceLongTasks } from './benchApp.ts';
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
  const app = await startBenchApp('viewsbench', CONTACTS);
  const { browser, url } = app;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (process.env.BENCH_VIEWS_TRACE) await traceLongTasks(page);
    await signInAdmin(page, url, 600_000);
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
    await app.close();
  }
}
