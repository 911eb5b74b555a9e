/** What a browser test waits for when the device's queued changes must reach the server. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The header's sync status ("Online · 0 changes waiting · synced …"). */
export function syncStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Sync status' });
}

/** The sync status's words as a person reads them. */
export function syncStatusText(page: Page): Promise<string | null> {
  return syncStatus(page).textContent();
}

/**
 * How many changes the device's databases still hold to send (or to see come back); -1 when the
 * page holds no device database with a queue at all (not signed in, or the database was renamed).
 */
async function outboxSize(): Promise<number> {
  let total = 0;
  let queues = 0;
  for (const { name } of await indexedDB.databases()) {
    if (!name?.startsWith('hs-')) continue;
    const db = await new Promise<IDBDatabase | undefined>((resolve) => {
      const open = indexedDB.open(name);
      // A database removed meanwhile is not made again.
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(undefined);
    });
    if (!db) continue;
    try {
      if (!db.objectStoreNames.contains('outbox')) continue;
      queues += 1;
      total += await new Promise<number>((resolve, reject) => {
        const count = db.transaction('outbox').objectStore('outbox').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      });
    } finally {
      db.close();
    }
  }
  return queues ? total : -1;
}

/**
 * Waits until every change this device queued has been sent and seen back from the server, and
 * the header says so. The queue is read from the device's own database first: a change saved a
 * moment ago may not be counted on screen yet, so "0 changes waiting" alone can be the count from
 * before the save.
 */
export async function waitForChangesSent(page: Page, timeout = 30_000): Promise<void> {
  await expect.poll(() => page.evaluate(outboxSize), { timeout }).toBe(0);
  await expect.poll(() => syncStatusText(page), { timeout }).toContain('0 changes waiting');
}
