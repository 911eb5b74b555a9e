import type { Page } from 'playwright-core';
import { signInAdmin, startBenchApp } from './benchApp.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_TABLE_CONTACTS ?? 100_000);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

/** The time from the last `table-query-start` mark after `after` to the `table-rendered` mark after it. */
async function queryToRendered(page: Page, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    (t) => {
      const start = performance
        .getEntriesByName('table-query-start')
        .filter((e) => e.startTime > t)
        .at(-1)?.startTime;
      if (start === undefined) return undefined;
      const done = performance.getEntriesByName('table-rendered').find((e) => e.startTime > start)?.startTime;
      return done === undefined ? undefined : done - start;
    },
    after,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

const now = (page: Page) => page.evaluate(() => performance.now());

export async function tablesBench(print: (f: Figure) => void): Promise<void> {
  const app = await startBenchApp('tablesbench', CONTACTS);
  const { browser, url } = app;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAdmin(page, url, 600_000);

    const firsts: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${url}/contacts`);
      const handle = await page.waitForFunction(
        () => performance.getEntriesByName('table-first-rendered')[0]?.startTime,
        undefined,
        { timeout: 120_000, polling: 'raf' },
      );
      firsts.push((await handle.jsonValue()) as number);
    }
    print({ name: `tables_first_render_${CONTACTS / 1000}k_ms`, value: median(firsts), unit: 'ms' });

    const rows = page.locator('table[aria-label="Contacts"] tbody tr[data-id]');
    await rows.first().waitFor();
    const nameHeader = page
      .getByRole('columnheader', { name: /^Name/ })
      .getByRole('button', { name: /^Name/ });

    // Sorting: flip the name column's order.
    const sorts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = await now(page);
      await nameHeader.click();
      sorts.push(await queryToRendered(page, t));
    }
    print({ name: 'tables_sort_ms', value: median(sorts), unit: 'ms' });

    // Filter plus sort: a city filter over the rows sorted by name.
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Field of filter 1').selectOption('name');
    await page.getByLabel('Operator of filter 1').selectOption('contains');
    const value = page.getByLabel('Value of filter 1');
    const times: number[] = [];
    for (const needle of ['a', 'e', 'an', 'o', 'ar', 'i', 'el']) {
      const t = await now(page);
      await value.fill(needle);
      times.push(await queryToRendered(page, t));
    }
    print({ name: 'tables_filter_sort_ms', value: median(times), unit: 'ms' });
    await context.close();
  } finally {
    await app.close();
  }
}
