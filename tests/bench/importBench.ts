import type { Page } from 'playwright-core';
import { signInAdmin, startBenchApp } from './benchApp.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_IMPORT_CONTACTS ?? 10_000);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

function importCsv(rows: number): string {
  const lines = ['Name,Phone,Address,Preferred Language,New Roof,Lead Source,Bill'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `Bench Person${i}`,
        `(602) 5${String(i).padStart(6, '0').slice(-6, -4)}-${String(i).padStart(4, '0').slice(-4)}`,
        `"${i} Benchmark Way, Phoenix, AZ 85004"`,
        i % 7 ? 'English' : 'Spanish',
        i % 3 ? 'no' : 'yes',
        'Door knock',
        String(100 + (i % 200)),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const markTime = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n).at(-1)?.startTime ?? Number.NaN, name);

export async function importBench(print: (f: Figure) => void): Promise<void> {
  const app = await startBenchApp('importbench', CONTACTS);
  const { browser, url } = app;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAdmin(page, url, 300_000);
    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('button', { name: 'Choose a CSV file' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('button[disabled]'));
    // Offline, so the figure is the device's own work and every row is still in the outbox at the end.
    await context.setOffline(true);
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: PerformanceEntry[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e);
      }).observe({ type: 'longtask' });
    });

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a CSV file' }).click();
    await (await chooser).setFiles({
      name: 'bench.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(importCsv(ROWS)),
    });
    const start = page.getByRole('button', { name: `Import ${ROWS} leads` });
    await start.waitFor({ timeout: 120_000 });
    // Clicked in the page, so the test driver's own checks are not counted as the app's long tasks.
    await start.evaluate((el) => (el as HTMLElement).click());
    await page.waitForFunction(() => performance.getEntriesByName('import-done').length > 0, undefined, {
      timeout: 300_000,
    });
    const readStart = await markTime(page, 'import-read-start');
    const readDone = await markTime(page, 'import-read-done');
    const importStart = await markTime(page, 'import-start');
    const importDone = await markTime(page, 'import-done');
    // Long tasks from choosing the file until every row is in the outbox.
    const longTasks = await page.evaluate(
      ([from, to]) =>
        (window as unknown as { longTasks: PerformanceEntry[] }).longTasks
          .filter((e) => e.startTime + e.duration > (from as number) && e.startTime < (to as number))
          .map((e) => e.duration),
      [readStart, importDone],
    );
    const queued = await page.evaluate(
      (name) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
        }),
      `hs-${await page.evaluate(() => JSON.parse(localStorage.getItem('hs.session') ?? '{}')._id as string)}`,
    );
    if (queued < ROWS) throw new Error(`expected ${ROWS} rows in the outbox, found ${queued}`);
    await page.getByText(`Imported: ${ROWS}`).waitFor();

    const k = `${ROWS / 1000}k`;
    print({ name: `import.read_check_${k}`, value: Math.round(readDone - readStart), unit: 'ms' });
    print({ name: `import.write_${k}`, value: Math.round(importDone - importStart), unit: 'ms' });
    print({ name: `import.total_${k}`, value: Math.round(importDone - readStart), unit: 'ms' });
    print({ name: 'import.long_tasks', value: longTasks.length, unit: 'count' });
    print({
      name: 'import.long_task_total',
      value: Math.round(longTasks.reduce((a, b) => a + b, 0)),
      unit: 'ms',
    });
    print({ name: 'import.long_task_max', value: Math.round(Math.max(0, ...longTasks)), unit: 'ms' });
  } finally {
    await app.close();
  }
}
