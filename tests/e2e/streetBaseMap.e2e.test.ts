/**
 * The street base map from the org's own PMTiles archive. An admin changes the org's base map,
 * which every later suite's map on this worker's server would then draw, so the suite puts the
 * default back when it ends. The archive is built here: streets, buildings, water and land use
 * around central Phoenix, zooms 12 to 15.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streetArchive } from '../support/streetTiles.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';

const CENTER: [number, number] = [-112.07, 33.45];
const archive = streetArchive({
  center: CENTER,
  bbox: [-112.1, 33.43, -112.04, 33.47],
  minZoom: 12,
  maxZoom: 15,
  leafSize: 32,
});
/** A street-level view, in the map's address (zoom/lat/lng). */
const STREET_VIEW = `#15/${CENTER[1]}/${CENTER[0]}`;

const streetsDrawn = (page: Page) =>
  page.evaluate(() => {
    const mark = performance.getEntriesByName('streets-drawn')[0] as PerformanceMark | undefined;
    return (mark?.detail as { streets: number } | undefined)?.streets ?? 0;
  });

async function openSaveDialog(page: Page) {
  await page.getByRole('button', { name: 'Layers' }).click();
  await page.getByRole('button', { name: 'Save this area for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
  await dialog.waitFor();
  return dialog;
}

describe('the street base map from the org’s PMTiles archive', () => {
  let browser: Browser;
  const app = { url: e2eBaseUrl() };
  let admin: BrowserContext;
  let rep: BrowserContext;
  const folders: string[] = [];
  let file: string;

  beforeAll(async () => {
    const fileDir = mkdtempSync(join(tmpdir(), 'hs-e2e-streets-file-'));
    folders.push(fileDir);
    file = join(fileDir, 'phoenix.pmtiles');
    writeFileSync(file, archive.bytes);
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    // The admin's settings need no offline files; the rep's map reads the archive through them.
    admin = await browser.newContext({ serviceWorkers: 'block' });
    rep = await browser.newContext();
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await rep?.close();
    await browser?.close();
    // Back to the default base map (the built-in map in these tests) for the next suites.
    const cleared = await fetch(`${app.url}/api/v2/map/tiles`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await apiToken(app.url, 'admin@demo.local')}` },
    });
    expect(cleared.status).toBeLessThan(300);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('an admin uploads the territory extract in settings; a wrong file is refused with the reason', async () => {
    const page = await admin.newPage();
    await signIn(page, app.url, 'admin@demo.local', `/admin/settings/base-map`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('heading', { level: 1, name: 'Base map' }).waitFor();
    const current = page.getByRole('status', { name: 'Base map now' });
    await expect.poll(() => current.textContent()).toMatch(/^The built-in outline map/);
    await expectNoSeriousA11yViolations(page, 'base map settings, admin');

    const upload = page.getByRole('form', { name: 'Upload a territory extract' });
    const input = upload.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'notes.pmtiles',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(300, 1),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await page
      .getByRole('alert')
      .getByText('This is not a PMTiles file. Choose a .pmtiles map extract.')
      .waitFor();

    await input.setInputFiles(file);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => current.textContent(), { timeout: 30_000 })
      .toMatch(/^An uploaded PMTiles file of [\d.]+ MB, zooms 12 to 15, uploaded .+\.$/);
    await expectNoSeriousA11yViolations(page, 'base map settings after upload, admin');
  }, 120_000);

  it('a rep’s map at street zoom reads the archive in byte ranges and draws its streets', async () => {
    const ranges: string[] = [];
    const track = (request: Request) => {
      if (request.url().includes('/api/v2/map/tiles.pmtiles'))
        ranges.push(request.headers().range ?? 'whole');
    };
    rep.on('request', track);
    const page = await rep.newPage();
    await signIn(page, app.url, 'rep@demo.local');
    await waitForMark(page, 'first-sync-done');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`${app.url}/${STREET_VIEW}`);
    // A new address, not a move of the open map: the service worker takes over from here on.
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await waitForMark(page, 'streets-drawn');
    expect(await streetsDrawn(page)).toBeGreaterThan(0);
    expect(ranges).toContain('bytes=0-16383');
    expect(ranges.every((r) => /^bytes=\d+-\d+$/.test(r))).toBe(true);
    // The credit OpenStreetMap's licence asks for.
    await page.getByText('OpenStreetMap').first().waitFor({ state: 'attached' });
    rep.off('request', track);
  }, 120_000);

  it('after saving the area for offline, the streets draw with no network', async () => {
    const page = await rep.newPage();
    await page.goto(`${app.url}/${STREET_VIEW}`);
    await waitForMark(page, 'pins-drawn');
    const dialog = await openSaveDialog(page);
    const estimate = dialog.getByRole('status', { name: 'Download estimate' });
    await expect.poll(() => estimate.textContent(), { timeout: 30_000 }).toMatch(/^\d+ tiles, about .+$/);
    await dialog.getByLabel('Name').fill('Downtown streets');
    await expectNoSeriousA11yViolations(page, 'save street area for offline, rep');
    // The Layers menu may still be closing over the dialog.
    await dialog.getByRole('button', { name: 'Save' }).dispatchEvent('click');
    await dialog
      .getByText(/^Downtown streets is saved for offline use \(.+\)\.$/)
      .waitFor({ timeout: 60_000 });
    const saved = await page.evaluate(async () =>
      (await (await caches.open('map-tiles-saved')).keys()).map((r) => r.url),
    );
    expect(saved.some((url) => url.includes('tiles.pmtiles') && url.endsWith('bytes=0-16383'))).toBe(true);
    await page.keyboard.press('Escape');

    // Only the saved ranges are left: what was kept while viewing is dropped first.
    await page.evaluate(() => caches.delete('map-tiles'));
    await rep.setOffline(true);
    try {
      await page.reload();
      await waitForMark(page, 'streets-drawn');
      expect(await streetsDrawn(page)).toBeGreaterThan(0);
    } finally {
      await rep.setOffline(false);
    }
  }, 180_000);
});
