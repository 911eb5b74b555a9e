/**
 * The table screens with many rows on the device (100,000 contacts, 10,000 users and teams):
 * - tables.<table>_first_render_ms: median of fresh navigations, navigation start to the
 *   `table-first-rendered` mark (the grid drawn with the user's view);
 * - tables.<table>_row_write_ms: a one-row change made on the server, from the page's sync trigger
 *   to the changed row shown in the open grid (sync round trip included), and
 *   tables.<table>_row_write_read_ms: the table's read of it (the `table-rows-read` measure);
 * - tables.contacts_sort_ms / tables.contacts_filter_sort_ms: a sort / a filter over the sorted rows,
 *   `table-query-start` to `table-rendered`;
 * - tables.raw_getall_<store>_ms: a plain IndexedDB getAll of the store in the same page, to judge
 *   the machine's load; tables.contacts_<n>k_vs_getall: the first render over it, beside its goal;
 * - tables.bulk_put_100k_<variant>_ms: the rows put in pages of 1,000 into a plain Dexie database,
 *   the device database without the row index, and the device database.
 */
import { randomUUID } from 'node:crypto';
import { buildSync } from 'esbuild';
import type { Page } from 'playwright-core';
import { signInAdmin, startBenchApp, startProfile, traceLongTasks } from './benchApp.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_TABLE_CONTACTS ?? 100_000);
const PEOPLE = Number(process.env.BENCH_TABLE_PEOPLE ?? 10_000);
const RUNS = Number(process.env.BENCH_TABLE_RUNS ?? 5);
/** The first render's goal as a share of a plain getAll of the same store in the same run. */
const FIRST_RENDER_GOAL: Partial<Record<Screen['key'], number>> = { contacts: 0.5 };
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

interface Screen {
  key: 'contacts' | 'users' | 'teams';
  path: string;
  label: string;
  rows: number;
}

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

/** Navigation start to the screen's `table-first-rendered` mark, on a fresh page load. */
async function firstRender(page: Page, url: string, screen: Screen): Promise<number> {
  const profile = process.env.BENCH_TABLE_PROFILE ? await startProfile(page) : undefined;
  await page.goto(`${url}${screen.path}`);
  const handle = await page.waitForFunction(
    (key) =>
      performance
        .getEntriesByName('table-first-rendered')
        .find((e) => (e as PerformanceMark).detail?.table === key)?.startTime,
    screen.key,
    { timeout: 120_000, polling: 'raf' },
  );
  const at = (await handle.jsonValue()) as number;
  if (profile) console.log(screen.key, 'self time by function', await profile());
  if (process.env.BENCH_TABLE_TRACE) {
    // What ran before the mark: marks, measures and long tasks of the page load.
    console.log(
      screen.key,
      await page.evaluate(() =>
        JSON.stringify(
          performance
            .getEntries()
            .filter((e) => e.entryType === 'mark' || e.entryType === 'measure' || e.entryType === 'resource')
            .map((e) => [
              e.name.replace(/^https?:\/\/[^/]+/, ''),
              Math.round(e.startTime),
              Math.round(e.duration),
            ]),
        ),
      ),
    );
  }
  return at;
}

/** A plain IndexedDB getAll of a store of the signed-in user's database, in ms. */
function rawGetAll(page: Page, store: string): Promise<number> {
  return page.evaluate(async (name) => {
    const dbName = (await indexedDB.databases()).find((d) => d.name?.startsWith('hs-'))?.name as string;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(dbName);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const started = performance.now();
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const req = db.transaction(name, 'readonly').objectStore(name).getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const ms = performance.now() - started;
    db.close();
    if (!rows.length) throw new Error(`no rows in ${name}`);
    return ms;
  }, store);
}

/** A change to one row made on the server, as another device would. */
async function editOnServer(url: string, token: string, screen: Screen, id: string, name: string) {
  const mutation =
    screen.key === 'contacts'
      ? { name: 'lead.edit.v1', args: { _id: id, name, base_versions: {} } }
      : screen.key === 'users'
        ? { name: 'user.edit.v1', args: { id, name } }
        : { name: 'record.save.v1', args: { table: 'teams', id, fields: { name }, create: false } };
  const res = await fetch(`${url}/api/v2/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ client_id: randomUUID(), schema_version: 1, mutations: [{ id: 1, ...mutation }] }),
  });
  const body = (await res.json()) as { results?: { status: string; message?: string }[] };
  if (body.results?.[0]?.status !== 'applied') throw new Error(`edit refused: ${JSON.stringify(body)}`);
}

/** Server edit of the first shown row, then the page's sync trigger → the new name in the grid. */
async function rowWrite(page: Page, url: string, token: string, screen: Screen, n: number) {
  const row = page.locator(`table[aria-label="${screen.label}"] tbody tr[data-id]`).first();
  const id = (await row.getAttribute('data-id')) as string;
  const name = `Changed ${n} ${Date.now()}`;
  await editOnServer(url, token, screen, id, name);
  const started = await page.evaluate(() => {
    const t = performance.now();
    window.dispatchEvent(new Event('online'));
    return t;
  });
  const handle = await page.waitForFunction(
    ([rowId, text]) =>
      document.querySelector(`tr[data-id="${rowId}"]`)?.textContent?.includes(text as string)
        ? performance.now()
        : undefined,
    [id, name] as const,
    { timeout: 60_000, polling: 'raf' },
  );
  const shown = (await handle.jsonValue()) as number;
  const read = await page.evaluate(
    ([t, key]) =>
      performance
        .getEntriesByName('table-rows-read')
        .filter((e) => e.startTime > (t as number) && (e as PerformanceMeasure).detail?.table === key)
        .reduce((sum, e) => sum + e.duration, 0),
    [started, screen.key] as const,
  );
  return { shown: shown - started, read };
}

async function sortAndFilter(page: Page, print: (f: Figure) => void) {
  const nameHeader = page.getByRole('columnheader', { name: /^Name/ }).getByRole('button', { name: /^Name/ });
  const sorts: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t = await now(page);
    await nameHeader.click();
    sorts.push(await queryToRendered(page, t));
  }
  print({ name: 'tables.contacts_sort_ms', value: median(sorts), unit: 'ms' });
  // Filter plus sort: a name filter over the rows sorted by name.
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
  print({ name: 'tables.contacts_filter_sort_ms', value: median(times), unit: 'ms' });
  // Back to no filter, so the next run's saved view is the plain one.
  await page.getByRole('button', { name: /Remove filter 1/ }).click();
}

async function bulkPuts(page: Page, print: (f: Figure) => void) {
  const bundle = buildSync({
    entryPoints: ['tests/bench/bulkPutPage.ts'],
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]?.text as string;
  // Served from the app's origin (its content security policy allows no inline script).
  await page
    .context()
    .route('**/bench-bulk-put.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: bundle }),
    );
  await page.addScriptTag({ url: '/bench-bulk-put.js' });
  const figures = await page.evaluate(async () => {
    const dbName = (await indexedDB.databases()).find((d) => d.name?.startsWith('hs-'))?.name as string;
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open(dbName);
      req.onsuccess = () => resolve(req.result);
    });
    const rows = await new Promise<unknown[]>((resolve) => {
      const req = db.transaction('contacts', 'readonly').objectStore('contacts').getAll();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    const bench = (
      globalThis as unknown as { bulkPutBench(v: string, rows: unknown[], page: number): Promise<number> }
    ).bulkPutBench;
    const out: Record<string, number[]> = { raw: [], without_row_index: [], device: [] };
    // Alternated, so a change in the machine's load falls on every variant alike.
    for (let i = 0; i < 2; i++) for (const v of Object.keys(out)) out[v]?.push(await bench(v, rows, 1000));
    return { count: rows.length, out };
  });
  for (const [variant, times] of Object.entries(figures.out)) {
    print({
      name: `tables.bulk_put_${Math.round(figures.count / 1000)}k_${variant}_ms`,
      value: median(times),
      unit: 'ms',
    });
  }
}

export async function tablesBench(print: (f: Figure) => void): Promise<void> {
  const app = await startBenchApp('tablesbench', CONTACTS, [
    '--users',
    String(PEOPLE),
    '--teams',
    String(PEOPLE),
  ]);
  const { browser, url, token } = app;
  const screens: Screen[] = [
    { key: 'contacts', path: '/contacts', label: 'Contacts', rows: CONTACTS },
    { key: 'users', path: '/users', label: 'Users', rows: PEOPLE },
    { key: 'teams', path: '/teams', label: 'Teams', rows: PEOPLE },
  ];
  // BENCH_TABLE_SCREENS=users,teams measures only those.
  const only = process.env.BENCH_TABLE_SCREENS?.split(',');
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (process.env.BENCH_TABLE_TRACE) await traceLongTasks(page);
    await signInAdmin(page, url, 1_200_000);

    for (const screen of screens.filter((s) => !only || only.includes(s.key))) {
      const k = `${Math.round(screen.rows / 1000)}k`;
      const firsts: number[] = [];
      for (let i = 0; i < RUNS; i++) firsts.push(await firstRender(page, url, screen));
      print({ name: `tables.${screen.key}_${k}_first_render_ms`, value: median(firsts), unit: 'ms' });
      const raws: number[] = [];
      for (let i = 0; i < 3; i++) raws.push(await rawGetAll(page, screen.key));
      print({ name: `tables.raw_getall_${screen.key}_${k}_ms`, value: median(raws), unit: 'ms' });
      const goal = FIRST_RENDER_GOAL[screen.key];
      if (goal !== undefined) {
        print({
          name: `tables.${screen.key}_${k}_vs_getall`,
          value: Math.round((median(firsts) / median(raws)) * 100) / 100,
          unit: `x (goal ≤ ${goal})`,
        });
      }
      await page.locator(`table[aria-label="${screen.label}"] tbody tr[data-id]`).first().waitFor();
      const shown: number[] = [];
      const read: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await rowWrite(page, url, token, screen, i);
        shown.push(r.shown);
        read.push(r.read);
      }
      print({ name: `tables.${screen.key}_${k}_row_write_ms`, value: median(shown), unit: 'ms' });
      print({ name: `tables.${screen.key}_${k}_row_write_read_ms`, value: median(read), unit: 'ms' });
      if (screen.key === 'contacts') await sortAndFilter(page, print);
    }
    if (!process.env.BENCH_TABLE_SKIP_BULK) await bulkPuts(page, print);
    await context.close();
  } finally {
    await app.close();
  }
}
