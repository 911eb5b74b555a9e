/**
 * Sync benchmarks (issue: offline-first core), on embedded PGlite with BENCH_SYNC_CONTACTS contacts
 * (default 100,000):
 * - sync.first_sync_100k: headless Chromium, from pressing 'Sign in' as the admin (who sees every
 *   contact) to the app's `first-sync-done` mark;
 * - sync.raw_idb_puts_100k: the machine's floor for that, in the same browser: the same rows as
 *   pulled (the app's page size) put into a fresh IndexedDB database, one plain object store per
 *   table and one transaction per page, no indexes; only the puts are timed (the pages are
 *   fetched first). Measured once before and once after the first sync, the mean is printed, so
 *   load from elsewhere on the machine weighs on both figures alike;
 * - sync.fetch_pages_100k: in the same page as the raw puts, the time to fetch those pages one after
 *   another (the server's and the network's share of a first sync, nothing stored), the same mean;
 * - sync.first_sync_ratio: first sync / raw puts, beside its goal;
 * - sync.local_edit_to_list: on the same device, the contacts list open, median of 12 status
 *   changes from a row's status control until the row shows the change (DOM updated);
 * - sync.push_1000_edits: a device with 1,000 queued lead edits, time for the engine to push them
 *   (HTTP to the real server; the device database is fake-indexeddb in Node);
 * - sync.pull_nothing_new: median time of a pull whose cursor is current (20 requests);
 * - bundle.shell_js_gzip: the JavaScript the browser loads before the first signed-in screen (the
 *   entry, the app's start and the signed-in app, not the screen's own chunk), gzipped.
 * `BENCH_SYNC_PROFILE=1` prints where the page's main thread spent the first sync (a trace).
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { type Browser, chromium } from 'playwright-core';
import { createApiClient } from '#src/api/client.ts';
import { CrmDatabase } from '#src/db/database.ts';
import { editLead } from '#src/sync/commands/index.ts';
import { SyncEngine } from '#src/sync/engine.ts';
import { memoryLocks } from '#src/sync/leaderLock.ts';
import { httpTransport } from '#src/sync/transport.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser.ts';
import { login, startServer } from './benchServer.ts';
import { jsGzipKb, SHELL_CHUNKS } from './bundleSize.ts';
import type { Figure } from './serverBench.ts';
import { traceMainThread } from './traceSummary.ts';

const CONTACTS = Number(process.env.BENCH_SYNC_CONTACTS ?? 100_000);
/** The first sync's goal as a share of the raw puts of the same rows in the same run. */
const FIRST_SYNC_GOAL = 1.5;
/** The app's pull page size (DeviceProvider). */
const PULL_LIMIT = 5000;

/** First sync, then local edits from the contacts list on the same device. */
async function firstSyncInBrowser(
  browser: Browser,
  url: string,
): Promise<{ firstSync: number; localEdit: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}/auth/login`);
    await page.getByLabel('Email').fill('admin@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    const started = await page.evaluate(() => performance.now());
    const signIn = async () => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForFunction(
        () => performance.getEntriesByName('first-sync-done').length > 0,
        undefined,
        {
          timeout: 180_000,
        },
      );
    };
    if (process.env.BENCH_SYNC_PROFILE) {
      console.log('first sync: main thread by kind of work,', await traceMainThread(browser, page, signIn));
    } else await signIn();
    const done = await page.evaluate(
      () => performance.getEntriesByName('first-sync-done')[0]?.startTime ?? 0,
    );
    const firstSync = Math.round(done - started);
    await page.getByRole('button', { name: 'I accept' }).click();
    await page.getByRole('button', { name: 'I accept' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await page.locator('tbody tr[data-id]').first().waitFor();
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      times.push(await page.evaluate(statusChangeUntilShown));
      // Let the engine push and pull the change before the next one.
      await page.waitForTimeout(300);
    }
    times.sort((a, b) => a - b);
    const localEdit = Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
    return { firstSync, localEdit };
  } finally {
    await context.close();
  }
}

/**
 * In a fresh browser context of the same origin: fetches every pull page as the app would, then
 * times putting their rows into a new IndexedDB database, one transaction per page.
 */
export async function rawPutsInBrowser(
  browser: Browser,
  url: string,
  token: string,
): Promise<{ puts: number; fetch: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}/geo/states.json`);
    return await page.evaluate(rawPuts, { token, limit: PULL_LIMIT });
  } finally {
    await context.close();
  }
}

async function rawPuts({ token, limit }: { token: string; limit: number }) {
  type Change = { table: string; row: { _id: string } };
  const pages: Change[][] = [];
  const fetchStarted = performance.now();
  let cursor = 0;
  for (;;) {
    const res = await fetch(`/api/v2/sync/pull?cursor=${cursor}&limit=${limit}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { changes: Change[]; cursor: number; has_more: boolean };
    pages.push(body.changes);
    cursor = body.cursor;
    if (!body.has_more) break;
  }
  const fetched = performance.now() - fetchStarted;
  const tables = [...new Set(pages.flat().map((c) => c.table))];
  const started = performance.now();
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(`raw-puts-${started}`, 1);
    open.onupgradeneeded = () => {
      for (const table of tables) open.result.createObjectStore(table, { keyPath: '_id' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  for (const changes of pages) {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(tables, 'readwrite');
      for (const { table, row } of changes) tx.objectStore(table).put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  }
  const elapsed = performance.now() - started;
  db.close();
  indexedDB.deleteDatabase(db.name);

  return { puts: Math.round(elapsed), fetch: Math.round(fetched) };
}

/**
 * In the page: changes the status of a synced row of the contacts list and times it until the row
 * shows the change as not yet synced (the DOM is updated; the browser paints it at its next frame).
 */
function statusChangeUntilShown(): Promise<number> {
  const rows = [...document.querySelectorAll<HTMLTableRowElement>('tbody tr[data-id]')];
  const row = rows.find((r) => !r.textContent?.includes('not synced'));
  const select = row?.querySelector('select');
  if (!row || !select) throw new Error('no synced row in the list');
  const id = row.dataset.id as string;
  const next = [...select.options].find((o) => o.value && o.value !== select.value)?.value ?? '';
  return new Promise((resolve) => {
    const shows = () => {
      const now = document.querySelector(`tr[data-id="${id}"]`);
      return !!now?.textContent?.includes('not synced') && now.querySelector('select')?.value === next;
    };
    const observer = new MutationObserver(() => {
      if (!shows()) return;
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const started = performance.now();
    select.value = next;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function pushThousandEdits(url: string): Promise<number> {
  const token = await login(url, 'admin@demo.local');
  const api = createApiClient({ baseUrl: url, credentials: () => ({ token }) });
  const db = new CrmDatabase('bench-device', { indexedDB: new IDBFactory(), IDBKeyRange });
  // The device holds 1,000 leads as a pull would have left them, and the current cursor.
  let after: string | undefined;
  const rows: Record<string, unknown>[] = [];
  while (rows.length < 1000) {
    const page = await api.request<{ data: Record<string, unknown>[]; next_after: string | null }>(
      '/api/v2/leads/get',
      {
        query: { limit: 100, after },
      },
    );
    rows.push(...page.data);
    after = page.next_after ?? undefined;
    if (!after) break;
  }
  await db.transaction('rw', [db.contacts, db.pin_changes], () => db.contacts.bulkPut(rows as never));
  const pulled = await api.request<{ cursor: number }>('/api/v2/sync/pull', {
    query: { cursor: 0, limit: 1 },
  });
  await db.meta.put({ key: 'cursor', value: pulled.cursor });
  const status = ['Not Home 1', 'Not Home 2', 'Come Back', 'Appointment Set'];
  for (let i = 0; i < rows.length; i++) {
    await editLead(db, rows[i]?._id as string, {
      design_notes: `bench ${i}`,
      deal_stage_status: status[i % 4],
    });
  }
  const transport = httpTransport(api);
  let pushMs = 0;
  const timed = {
    ...transport,
    async push(request: Parameters<typeof transport.push>[0]) {
      const t0 = performance.now();
      try {
        return await transport.push(request);
      } finally {
        pushMs += performance.now() - t0;
      }
    },
    // Only the push is measured here; the pull of everything since the cursor is not.
    pull: async () => ({
      success: true as const,
      changes: [],
      cursor: 0,
      last_mutation_id: 0,
      has_more: false,
      reset: false,
    }),
  };
  const engine = new SyncEngine({ db, transport: timed, lock: memoryLocks(), lockName: 'bench' });
  engine.start();
  while (!engine.getSnapshot().leader) await new Promise((r) => setTimeout(r, 5));
  const t0 = performance.now();
  await engine.syncNow();
  const total = performance.now() - t0;
  const left = await db.outbox.filter((e) => !e.acked).count();
  await engine.stop();
  if (left > 0) throw new Error(`${left} edits were not pushed`);
  return Math.round(Math.max(total, pushMs));
}

async function pullNothingNew(url: string): Promise<number> {
  const token = await login(url, 'admin@demo.local');
  const times: number[] = [];
  for (let i = 0; i < 22; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/v2/sync/pull?cursor=${Number.MAX_SAFE_INTEGER}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { changes: unknown[] };
    if (body.changes.length) throw new Error('expected nothing new');
    if (i >= 2) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
}

export async function syncBench(print: (f: Figure) => void): Promise<void> {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--manifest'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  print({ name: 'bundle.shell_js_gzip', value: jsGzipKb(SHELL_CHUNKS), unit: 'KB' });
  const dir = mkdtempSync(join(tmpdir(), 'hs-syncbench-'));
  let server: { proc: ChildProcess; url: string } | undefined;
  try {
    execFileSync(process.execPath, ['server/db/seed/cli.ts', '--contacts', String(CONTACTS)], {
      env: { ...process.env, DATA_DIR: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server = await startServer({ DATA_DIR: dir });
    const size = `${CONTACTS / 1000}k`;
    const token = await login(server.url, 'admin@demo.local');
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      headless: true,
    });
    let browserFigures: { firstSync: number; localEdit: number };
    let raw: number;
    let fetchPages: number;
    try {
      const rawBefore = await rawPutsInBrowser(browser, server.url, token);
      browserFigures = await firstSyncInBrowser(browser, server.url);
      const rawAfter = await rawPutsInBrowser(browser, server.url, token);
      raw = Math.round((rawBefore.puts + rawAfter.puts) / 2);
      fetchPages = Math.round((rawBefore.fetch + rawAfter.fetch) / 2);
    } finally {
      await browser.close();
    }
    print({ name: `sync.first_sync_${size}`, value: browserFigures.firstSync, unit: 'ms' });
    print({ name: `sync.raw_idb_puts_${size}`, value: raw, unit: 'ms' });
    print({ name: `sync.fetch_pages_${size}`, value: fetchPages, unit: 'ms' });
    print({
      name: 'sync.first_sync_ratio',
      value: Math.round((browserFigures.firstSync / raw) * 100) / 100,
      unit: `x (goal ≤ ${FIRST_SYNC_GOAL})`,
    });
    print({ name: 'sync.local_edit_to_list', value: browserFigures.localEdit, unit: 'ms' });
    print({ name: 'sync.pull_nothing_new', value: await pullNothingNew(server.url), unit: 'ms' });
    print({ name: 'sync.push_1000_edits', value: await pushThousandEdits(server.url), unit: 'ms' });
  } finally {
    if (server) {
      server.proc.kill('SIGTERM');
      if (server.proc.exitCode === null) await once(server.proc, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
