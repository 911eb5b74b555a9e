/**
 * 'Save this area for offline' against a real tile server. The suite runs a small style and tile
 * server of its own; the admin points the org's base map and imagery at it through the API, as the
 * settings screen does, and puts both back to the defaults when the suite ends (the next suite of
 * this worker's server finds the built-in map). It then saves the visible area, checks every tile is kept on the device and served
 * offline, and removes the area; and a style that cannot be reached gives way to the built-in map.
 * The app's content security policy lets the map reach tile servers over HTTPS only, so the tile
 * server has a self-signed certificate the test browser is told to accept.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { type LocalHttps, startLocalHttps } from './localHttps.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';

/** A solid 256 px PNG, so the map has real images to draw. */
function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3] as number)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A style with one raster source described by a TileJSON, a sprite, and 256 px PNG tiles; and
 * aerial imagery tiles under `/imagery/{z}/{x}/{y}.png`.
 */
async function startTileServer(): Promise<LocalHttps & { tileRequests: string[] }> {
  const tile = png(256, [200, 220, 240]);
  const tileRequests: string[] = [];
  const server = await startLocalHttps((req, res) => {
    const origin = `https://${req.headers.host}`;
    const path = new URL(req.url ?? '/', origin).pathname;
    res.setHeader('access-control-allow-origin', '*');
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (path === '/style.json') {
      return json({
        version: 8,
        sprite: `${origin}/sprites/base`,
        sources: { base: { type: 'raster', url: `${origin}/tiles.json`, tileSize: 256 } },
        layers: [{ id: 'base', type: 'raster', source: 'base' }],
      });
    }
    if (path === '/unreachable-tiles/style.json') {
      // A style that answers, whose tiles are on a port nothing listens on.
      return json({
        version: 8,
        sources: { base: { type: 'raster', tiles: ['https://127.0.0.1:9/{z}/{x}/{y}.png'], tileSize: 256 } },
        layers: [{ id: 'base', type: 'raster', source: 'base' }],
      });
    }
    if (path === '/tiles.json') {
      return json({ tilejson: '3.0.0', tiles: [`${origin}/tiles/{z}/{x}/{y}.png`], minzoom: 0, maxzoom: 14 });
    }
    if (/^\/sprites\/base(@2x)?\.json$/.test(path)) {
      return json({ dot: { x: 0, y: 0, width: 1, height: 1, pixelRatio: 1 } });
    }
    if (/^\/sprites\/base(@2x)?\.png$/.test(path)) {
      res.setHeader('content-type', 'image/png');
      return res.end(png(1, [0, 0, 0]));
    }
    if (/^\/(tiles|imagery)\/\d+\/\d+\/\d+\.png$/.test(path)) {
      tileRequests.push(path);
      res.setHeader('content-type', 'image/png');
      return res.end(tile);
    }
    res.statusCode = 404;
    res.end();
  });
  return { ...server, tileRequests };
}

/** The org's base map, chosen by its admin through the API (Settings → Base map does the same). */
/** The org's aerial imagery, chosen by its admin through the API (Settings → Aerial imagery). */
async function chooseImagery(baseUrl: string, url: string) {
  const answer = await fetch(`${baseUrl}/api/v2/map/imagery`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await apiToken(baseUrl, 'admin@demo.local')}`,
    },
    body: JSON.stringify({ kind: 'url', url }),
  });
  expect(answer.status).toBe(200);
}

async function chooseBaseMap(baseUrl: string, choice: { kind: 'style'; url: string } | { kind: 'builtin' }) {
  const token = await apiToken(baseUrl, 'admin@demo.local');
  const answer = await fetch(`${baseUrl}/api/v2/map/base`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(choice),
  });
  expect(answer.status).toBe(200);
}

/** Back to the defaults: the build's base map (the built-in map in these tests) and the public imagery. */
async function restoreMapDefaults(baseUrl: string) {
  const authorization = `Bearer ${await apiToken(baseUrl, 'admin@demo.local')}`;
  const cleared = await fetch(`${baseUrl}/api/v2/map/tiles`, {
    method: 'DELETE',
    headers: { authorization },
  });
  expect(cleared.status).toBeLessThan(300);
  const imagery = await fetch(`${baseUrl}/api/v2/map/imagery`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ kind: 'public' }),
  });
  expect(imagery.status).toBe(200);
}

/** Central Phoenix at zoom 12, where the demo leads are. */
const VIEW = { longitude: -112.07, latitude: 33.45, zoom: 12 };

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Layers' }).click();
  await page.getByRole('button', { name: 'Save this area for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
  await dialog.waitFor();
  return dialog;
}

const savedKeys = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('map-tiles-saved')).keys()).map((r) => r.url));

describe('saving a map area for offline use', () => {
  let browser: Browser;
  let rep: BrowserContext;
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  const app = { url: e2eBaseUrl() };

  beforeAll(async () => {
    tiles = await startTileServer();
    await chooseBaseMap(app.url, { kind: 'style', url: `${tiles.origin}/style.json` });
    await chooseImagery(app.url, `${tiles.origin}/imagery/{z}/{x}/{y}.png`);
    // Browser-wide, so the service worker's requests accept the certificate too.
    browser = await launchBrowser({ serviceWorkers: 'allow', acceptLocalCertificates: true });
    rep = await browser.newContext();
  }, 300_000);
  afterAll(async () => {
    await rep?.close();
    await browser?.close();
    await restoreMapDefaults(app.url);
    await tiles?.close();
  });

  it('saves the visible area with its size and its imagery, serves it offline, and removes it', async () => {
    const page = await rep.newPage();
    await signIn(page, app.url, 'rep@demo.local');
    await waitForMark(page, 'first-sync-done');
    await page.evaluate(async (view) => {
      localStorage.setItem('hs.map.view', JSON.stringify(view));
      await navigator.serviceWorker.ready;
    }, VIEW);
    await page.goto(`${app.url}/`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await waitForMark(page, 'pins-drawn');

    let dialog = await openDialog(page);
    // 256 px tiles: the map at zoom 12 shows tiles of zoom 13; the style's deepest is 14.
    const zoom = dialog.getByRole('combobox', { name: 'Save down to zoom' });
    await expect.poll(() => zoom.inputValue()).toBe('Zoom 14');
    const estimate = dialog.getByRole('status', { name: 'Download estimate' });
    await expect.poll(() => estimate.textContent()).toMatch(/^\d+ tiles, about .+$/);
    const deepest = Number((await estimate.textContent())?.match(/^\d+/)?.[0]);
    await zoom.click();
    await page.getByRole('option', { name: 'Zoom 12 (as shown now)' }).click();
    await expect
      .poll(async () => Number((await estimate.textContent())?.match(/^\d+/)?.[0]))
      .toBeLessThan(deepest);
    const streetTiles = Number((await estimate.textContent())?.match(/^\d+/)?.[0]);
    expect(streetTiles).toBeGreaterThan(0);
    // With the aerial imagery (256 px tiles too, over the same zooms): twice the tiles.
    await dialog.getByRole('checkbox', { name: 'Also save the aerial imagery (Satellite)' }).check();
    await expect
      .poll(async () => Number((await estimate.textContent())?.match(/^\d+/)?.[0]))
      .toBe(2 * streetTiles);
    const planned = 2 * streetTiles;
    await dialog.getByLabel('Name').fill('Downtown');
    await expectNoSeriousA11yViolations(page, 'save area for offline, rep');

    const before = tiles.tileRequests.length;
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/^Downtown is saved for offline use \(.+\)\.$/).waitFor({ timeout: 60_000 });
    const area = dialog.getByRole('listitem', { name: 'Downtown' });
    await area.getByText('Saved', { exact: true }).waitFor();
    await expect.poll(() => area.textContent()).toMatch(/\d+(\.\d)? (bytes|KB|MB) · saved .+ · zoom 12–12/);

    // Every planned tile was fetched once and kept, with the style, TileJSON and sprite.
    const fetched = tiles.tileRequests.slice(before);
    expect(new Set(fetched).size).toBe(planned);
    const saved = await savedKeys(page);
    const savedTiles = saved.filter((url) => url.includes('/tiles/13/'));
    expect(savedTiles).toHaveLength(streetTiles);
    const savedImagery = saved.filter((url) => url.includes('/imagery/13/'));
    expect(savedImagery).toHaveLength(streetTiles);
    expect(saved).toContain(`${tiles.origin}/style.json`);
    expect(saved).toContain(`${tiles.origin}/tiles.json`);
    expect(saved.some((url) => /\/sprites\/base(@2x)?\.png$/.test(url))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Offline: the map opens with the saved style, and the saved tiles come from the device.
    await rep.setOffline(true);
    await page.reload();
    await waitForMark(page, 'pins-drawn');
    for (const tileUrl of [savedTiles[0], savedImagery[0]] as string[]) {
      const answer = await page.evaluate(async (url) => {
        const res = await fetch(url);
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      }, tileUrl);
      expect(answer).toMatchObject({ status: 200 });
      expect(answer.bytes).toBeGreaterThan(0);
    }
    const unsaved = await page.evaluate(async (url) => {
      try {
        await fetch(url);
        return 'answered';
      } catch {
        return 'failed';
      }
    }, `${tiles.origin}/tiles/3/1/3.png`);
    expect(unsaved).toBe('failed');

    // Offline, Save says why it cannot run; the saved area is still listed.
    dialog = await openDialog(page);
    await dialog.getByText('You are offline. Connect to the internet to save an area.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('listitem', { name: 'Downtown' }).waitFor();

    // Remove it (after confirming): its tiles go too.
    await dialog.getByRole('button', { name: 'Remove Downtown' }).click();
    await dialog.getByText('Remove Downtown and its map files from this device?').waitFor();
    await expectNoSeriousA11yViolations(page, 'remove a saved area, rep offline');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.getByText('No areas saved on this device yet.').waitFor();
    expect(await savedKeys(page)).toEqual([]);
    await rep.setOffline(false);
  }, 180_000);

  it.each([
    ['style', 'https://127.0.0.1:9/style.json'],
    ['tiles', '/unreachable-tiles/style.json'],
  ])(
    'draws the built-in map and the pins, saying why, when the chosen %s cannot be reached',
    async (_, url) => {
      // A port nothing listens on refuses the connection: to the style itself, or to every tile.
      await chooseBaseMap(app.url, {
        kind: 'style',
        url: url.startsWith('/') ? `${tiles.origin}${url}` : url,
      });
      // The fallback is the map's own: no service worker needed.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, app.url, 'rep@demo.local');
      await waitForMark(page, 'pins-drawn');
      const notice = page.getByText(
        'The street map could not be reached, so the map shows the built-in outline map. Your pins and work are not affected.',
      );
      await notice.waitFor();
      expect(await notice.count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('saving a map area with the built-in base map', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is unavailable, saying the built-in map already works offline', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, 'rep@demo.local');
    await waitForMark(page, 'pins-drawn');
    const dialog = await openDialog(page);
    await dialog
      .getByText(/Not available: the base map is the built-in outline map.*already works fully offline\./)
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'save area unavailable, rep');
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await context.close();
  });
});
