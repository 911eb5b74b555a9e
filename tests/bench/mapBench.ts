/**
 * Map benchmarks on BENCH_MAP_CONTACTS contacts (default 100,000), after the device's first sync:
 * - map.open_to_pins_drawn_100k: median of 5 fresh loads of `/` to the `pins-drawn` mark, once the
 *   pin worker has saved its snapshot (map.open_to_pins_drawn_100k_after_sync: right after the
 *   first sync, before it has);
 * - map.bare_maplibre_100k: the same run's baseline: median of 5 loads of a bare MapLibre page
 *   (no app) clustering the same points from one GeoJSON file, to the map's first `idle`; and
 *   map.open_after_sync_vs_bare, map.open_vs_bare: the two opens as a ratio to it. The org's base
 *   map is the built-in geography for all of these;
 * - map.open_to_pins_drawn_100k_streets, map.open_streets_vs_bare: the same opening with a street map
 *   served locally (the org's own PMTiles archive of streets, buildings, water and parks over the
 *   contacts, zooms 6 to 13, built here, as the street map tests build theirs), against the same
 *   bare page;
 * - map.recolour, map.pan_zoom_*: a status change on a pin, and panning and zooming.
 * `BENCH_MAP_TRACE=1` prints the marks and resource timings of each load of `/`, `BENCH_MAP_PROFILE=1`
 * where its main thread's time went.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BBox } from '#src/domain/tileMath.ts';
import { streetArchive } from '../support/streetTiles.ts';
import { chooseBuiltinBaseMap, signInAdmin, startBenchApp, startProfile } from './benchApp.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_MAP_CONTACTS ?? 100_000);
export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

/** The start of the first `name` mark after `after` (ms from navigation), waiting up to a minute. */
export async function markAfter(page: Page, name: string, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    ([n, t]) => performance.getEntriesByName(n as string).find((e) => e.startTime > (t as number))?.startTime,
    [name, after] as const,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until the pin worker has saved its snapshot of at least `count` pins on the device. */
export async function pinSnapshotSaved(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    async (count) => {
      const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('hs-'))?.name as string;
      const db = await new Promise<IDBDatabase>((resolve) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
      });
      const entry = await new Promise<{ value?: { ids: string[] } } | undefined>((resolve) => {
        const req = db.transaction('meta').objectStore('meta').get('pin_snapshot');
        req.onsuccess = () => resolve(req.result);
      });
      db.close();
      return (entry?.value?.ids.length ?? 0) >= count;
    },
    count,
    { timeout: 60_000, polling: 1000 },
  );
}

/** Every contact's position, as the device pulled it. */
export async function contactPoints(url: string, token: string): Promise<GeoJSON.FeatureCollection> {
  const features: GeoJSON.Feature[] = [];
  let cursor = 0;
  for (;;) {
    const res = await fetch(`${url}/api/v2/sync/pull?cursor=${cursor}&limit=5000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as {
      changes: { table: string; row: { coordinates?: [number, number] | null } }[];
      cursor: number;
      has_more: boolean;
    };
    for (const { table, row } of body.changes) {
      if (table !== 'contacts' || !row.coordinates) continue;
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: row.coordinates },
        properties: {},
      });
    }
    cursor = body.cursor;
    if (!body.has_more) return { type: 'FeatureCollection', features };
  }
}

/**
 * A bare MapLibre page clustering `/__bare/points.json` over Phoenix, marking `bare-drawn` at its
 * first rest: what the machine itself takes to draw the pins, with no app around them.
 */
export const BARE_CLUSTER_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/__bare/maplibre-gl.css"></head>
<body style="margin:0"><div id="map" style="position:absolute;inset:0"></div><script type="module">
import { Map, setWorkerUrl } from '/__bare/maplibre-gl.mjs';
setWorkerUrl('/__bare/maplibre-gl-worker.mjs');
const map = new Map({ container: 'map', center: [-112.07, 33.45], zoom: 9, style: {
  version: 8,
  sources: { pins: { type: 'geojson', data: '/__bare/points.json', cluster: true, clusterRadius: 50, clusterMaxZoom: 14 } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#eef2f5' } },
    { id: 'clusters', type: 'circle', source: 'pins', filter: ['has', 'point_count'], paint: { 'circle-color': '#1c7ed6', 'circle-radius': 20 } },
    { id: 'points', type: 'circle', source: 'pins', filter: ['!', ['has', 'point_count']], paint: { 'circle-color': '#40c057', 'circle-radius': 6 } },
  ],
} });
map.once('idle', () => performance.mark('bare-drawn'));
</script></body></html>`;

/** Five fresh loads of `/`, each to its `pins-drawn` mark (ms from navigation). */
async function mapOpens(page: Page, url: string): Promise<number[]> {
  const opens: number[] = [];
  for (let i = 0; i < 5; i++) {
    const profile = process.env.BENCH_MAP_PROFILE ? await startProfile(page) : undefined;
    await page.goto(`${url}/`);
    opens.push(await markAfter(page, 'pins-drawn', 0));
    if (profile) console.log('map self time by function', await profile());
    if (process.env.BENCH_MAP_TRACE) {
      console.log(
        await page.evaluate(() =>
          JSON.stringify(
            performance
              .getEntries()
              .filter(
                (e) => e.entryType === 'mark' || e.name.includes('/assets/') || e.name.includes('/geo/'),
              )
              .map((e) => [e.name.replace(/^.*\//, ''), Math.round(e.startTime), Math.round(e.duration)]),
          ),
        ),
      );
    }
  }
  return opens;
}

/**
 * Serves a bare page (no app) at `/__bare/page` of the app's origin in this context, with
 * `/__bare/points.json` and MapLibre's own files (`/__bare/maplibre-gl.mjs`, its worker and css).
 */
export async function serveBarePage(context: BrowserContext, url: string, html: string, points: string) {
  const dist = 'node_modules/maplibre-gl/dist';
  await context.route(`${url}/__bare/**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice('/__bare/'.length);
    if (file === 'page') return route.fulfill({ contentType: 'text/html', body: html });
    if (file === 'points.json') return route.fulfill({ contentType: 'application/json', body: points });
    const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(`${dist}/${file}`) });
  });
}

/** The baseline: a bare MapLibre page (served beside the app, same origin) clustering the same points. */
async function bareMapOpens(browser: Browser, url: string, points: string): Promise<number[]> {
  // Its own context, without the app's service worker (which would answer the navigation).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  await serveBarePage(context, url, BARE_CLUSTER_PAGE, points);
  const page = await context.newPage();
  const opens: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}/__bare/page`);
    opens.push(await markAfter(page, 'bare-drawn', 0));
  }
  await context.close();
  return opens;
}

/** Makes a street archive over `points` (zooms 6 to 13) the org's base map. */
async function uploadStreetArchive(url: string, token: string, points: GeoJSON.FeatureCollection) {
  const box = [180, 90, -180, -90];
  for (const f of points.features) {
    const [lng, lat] = (f.geometry as GeoJSON.Point).coordinates as [number, number];
    box[0] = Math.min(box[0] as number, lng);
    box[1] = Math.min(box[1] as number, lat);
    box[2] = Math.max(box[2] as number, lng);
    box[3] = Math.max(box[3] as number, lat);
  }
  const bbox = box as unknown as BBox;
  const center: [number, number] = [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
  const archive = streetArchive({ center, bbox, minZoom: 6, maxZoom: 13, leafSize: 64 });
  const res = await fetch(`${url}/api/v2/map/tiles.pmtiles`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
    body: archive.bytes as Uint8Array<ArrayBuffer>,
  });
  if (!res.ok) throw new Error(`uploading the street archive failed: ${res.status} ${await res.text()}`);
  console.log(`street archive: ${archive.tileCount} tiles, ${Math.round(archive.bytes.length / 1000)} kB`);
}

export async function mapBench(print: (f: Figure) => void): Promise<void> {
  const app = await startBenchApp('mapbench', CONTACTS);
  const { browser, url, token } = app;
  try {
    await chooseBuiltinBaseMap(url, token);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAdmin(page, url, 300_000);
    await markAfter(page, 'pins-drawn', 0);

    // Opening the map with every pin on the device: right after the first sync, and again once the
    // pin worker has saved its snapshot (after writes pause for 5 s with the map open).
    const unsettled = await mapOpens(page, url);
    print({
      name: `map.open_to_pins_drawn_${CONTACTS / 1000}k_after_sync`,
      value: median(unsettled),
      unit: 'ms',
    });
    await pinSnapshotSaved(page, CONTACTS);
    const opens = await mapOpens(page, url);
    print({ name: `map.open_to_pins_drawn_${CONTACTS / 1000}k`, value: median(opens), unit: 'ms' });
    const points = await contactPoints(url, token);
    const bare = await bareMapOpens(browser, url, JSON.stringify(points));
    print({ name: `map.bare_maplibre_${CONTACTS / 1000}k`, value: median(bare), unit: 'ms' });
    const ratio = (value: number) => Math.round((value / median(bare)) * 100) / 100;
    print({ name: 'map.open_after_sync_vs_bare', value: ratio(median(unsettled)), unit: 'x' });
    print({ name: 'map.open_vs_bare', value: ratio(median(opens)), unit: 'x' });

    // Recolouring: centre a lead at street level, open it, change its status.
    const leads = (await (
      await fetch(`${url}/api/v2/leads/get?limit=20`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { coordinates: [number, number] | null; name: string }[] };
    const recolours: number[] = [];
    for (const lead of leads.data.filter((l) => l.coordinates).slice(0, 7)) {
      const [lng, lat] = lead.coordinates as [number, number];
      await page.goto(`${url}/#19.5/${lat}/${lng}`);
      await page.reload();
      const drawn = await markAfter(page, 'pins-drawn', 0);
      const box = await page.getByRole('region', { name: 'Lead map' }).boundingBox();
      if (!box) throw new Error('no map');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const panel = page.getByRole('dialog', { name: lead.name || '(no name)' });
      await panel.waitFor();
      // The first suggested status (the close button is the one with an aria-label).
      const button = panel.locator('button:not([aria-label])').first();
      const clickedAt = await button.evaluate((el) => {
        const t = performance.now();
        (el as HTMLElement).click();
        return t;
      });
      const updated = await markAfter(page, 'pins-updated', Math.max(clickedAt, drawn));
      recolours.push(updated - clickedAt);
    }
    print({ name: 'map.recolour', value: median(recolours), unit: 'ms' });

    // Pan and zoom over the whole set, counting main-thread long tasks.
    await page.goto(`${url}/#9/33.45/-112.07`);
    await page.reload();
    await markAfter(page, 'pins-drawn', 0);
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    const box = await page.getByRole('region', { name: 'Lead map' }).boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const started = Date.now();
    let step = 0;
    while (Date.now() - started < 8000) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + (step % 2 ? 200 : -200), cy + (step % 3 ? 120 : -120), { steps: 12 });
      await page.mouse.up();
      await page.mouse.wheel(0, step % 4 < 2 ? -400 : 400);
      await page.waitForTimeout(150);
      step++;
    }
    await page.waitForTimeout(500);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    print({ name: 'map.pan_zoom_long_tasks', value: longTasks.length, unit: 'count' });
    print({
      name: 'map.pan_zoom_long_task_total',
      value: Math.round(longTasks.reduce((a, b) => a + b, 0)),
      unit: 'ms',
    });
    print({ name: 'map.pan_zoom_long_task_max', value: Math.round(Math.max(0, ...longTasks)), unit: 'ms' });

    // The street map served locally: the org's own archive over the contacts.
    await uploadStreetArchive(url, token, points);
    await page.goto(`${url}/#9/33.45/-112.07`);
    await page.reload();
    await markAfter(page, 'pins-drawn', 0);
    const streets = await mapOpens(page, url);
    print({ name: `map.open_to_pins_drawn_${CONTACTS / 1000}k_streets`, value: median(streets), unit: 'ms' });
    print({ name: 'map.open_streets_vs_bare', value: ratio(median(streets)), unit: 'x' });
    await context.close();
  } finally {
    await app.close();
  }
}
