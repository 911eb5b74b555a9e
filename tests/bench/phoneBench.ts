/**
 * The app on a phone-class device: headless Chromium at 412×915, device scale 2.6, touch, its CPU
 * throttled 4× (CDP `Emulation.setCPUThrottlingRate`; Chromium throttles the page's main thread,
 * not its workers), signed in as the demo rep, whose territory (team and region) holds
 * BENCH_PHONE_CONTACTS contacts (default 20,000; the org has three times as many). Medians of
 * BENCH_PHONE_RUNS (default 5; the first sync 3), each printed with its goal where it has one:
 * - phone.first_sync_<n>k: pressing 'Sign in' to the `first-sync-done` mark, on a fresh device;
 * - phone.open_to_pins_drawn_<n>k: a fresh load of `/` to `pins-drawn` (ms from navigation), once
 *   the pin worker has saved its snapshot;
 * - phone.tap_to_panel: a tap on a pin (at street level, centred on one of the rep's leads) from
 *   the touch's `pointerdown` to the first frame drawn with its lead panel;
 * - phone.knock_to_colour: a tap on the panel's first suggested status, from its `pointerdown` to
 *   the map's next `pins-updated` mark (the pin drawn in its new colour);
 * - phone.bare_maplibre_*: the same two on a bare MapLibre page (no app) with the same pins, under
 *   the same throttling and machine load, and the app's figures as a ratio to them (`*_vs_bare`);
 *   and a fresh load of a bare MapLibre page clustering all the rep's pins over Phoenix to its
 *   first rest (`phone.bare_maplibre_open_to_pins_drawn`), beside the app's opening;
 * - phone.contacts_first_rows_<n>k: a fresh load of `/contacts` to `table-first-rendered`;
 * - phone.*_from_blank: the same openings of `/` and `/contacts`, each from a blank page rather than
 *   from the app's previous page (which leaves the browser's compiled code of the app warm): nearer
 *   to launching the installed app;
 * - phone.lead_page: a fresh load of `/contacts/:id` to the first frame drawn with the lead's name
 *   heading;
 * - phone.*app_ready: of the same loads, navigation to the `app-ready` mark (the shell drawn);
 * - phone.machine_load_1min_start/_end: the machine's load average, as other work weighs on all.
 * `BENCH_PHONE_PROFILE=1` prints, for one more load of `/`, of `/contacts` and of a lead page, and
 * one more tap and knock, where the main thread's time went, from a trace (traceSummary.ts).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { acceptTerms, chooseBuiltinBaseMap, signIn, startBenchApp } from './benchApp.ts';
import {
  BARE_CLUSTER_PAGE,
  contactPoints,
  markAfter,
  median,
  pinSnapshotSaved,
  serveBarePage,
} from './mapBench.ts';
import type { Figure } from './serverBench.ts';
import { traceMainThread } from './traceSummary.ts';

const TERRITORY = Number(process.env.BENCH_PHONE_CONTACTS ?? 20_000);
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const SYNC_RUNS = Math.min(RUNS, 3);
const REP = 'rep@demo.local';
/** Where the rep stands (Phoenix), granted to the page so a knock carries a position at once. */
const HERE = { latitude: 33.45, longitude: -112.07 };

interface Lead {
  _id: string;
  name: string;
  coordinates: [number, number] | null;
}

/** A new phone: its own storage, the viewport and touch of a 412-wide Android phone, the CPU 4× slower. */
async function phone(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...options,
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.6,
    isMobile: true,
    hasTouch: true,
    geolocation: HERE,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/**
 * Records the next touch's `pointerdown` time and, given a selector, the frame after an element of
 * it labelled `label` appears.
 */
function watchTap(page: Page, selector?: string, label?: string): Promise<void> {
  return page.evaluate(
    ([sel, name]) => {
      const w = window as unknown as { tapAt?: number; shownAt?: number };
      w.tapAt = undefined;
      w.shownAt = undefined;
      addEventListener(
        'pointerdown',
        (e) => {
          w.tapAt ??= e.timeStamp;
        },
        { capture: true, once: true },
      );
      if (!sel) return;
      const found = () =>
        [...document.querySelectorAll(sel as string)].some((el) => el.getAttribute('aria-label') === name);
      const observer = new MutationObserver(() => {
        if (w.tapAt === undefined || !found()) return;
        observer.disconnect();
        // The next frame, once drawn: a task queued from its animation frame runs after it.
        requestAnimationFrame(() =>
          setTimeout(() => {
            w.shownAt = performance.now();
          }, 0),
        );
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    },
    [selector ?? '', label ?? ''] as const,
  );
}

async function tapAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { tapAt?: number }).tapAt,
    undefined,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Opens a map at street level on a lead (`open`: the page's address; `reload` when only its hash
 * differs), taps the pin in the middle, then the panel's first suggested status.
 */
async function tapAndKnock(page: Page, open: string, reload: boolean, label: string) {
  await page.goto(open);
  if (reload) await page.reload();
  const drawn = await markAfter(page, 'pins-drawn', 0);
  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no map');
  await watchTap(page, '[role="dialog"]', label);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const shown = await page.waitForFunction(
    () => {
      const w = window as unknown as { tapAt?: number; shownAt?: number };
      return w.shownAt !== undefined && w.tapAt !== undefined ? w.shownAt - w.tapAt : undefined;
    },
    undefined,
    { timeout: 30_000 },
  );
  const toPanel = (await shown.jsonValue()) as number;
  const panel = page.getByRole('dialog', { name: label });
  // The first suggested status (the close button is the one with an aria-label).
  const button = panel.locator('button:not([aria-label])').first();
  await button.scrollIntoViewIfNeeded();
  const at = await button.boundingBox();
  if (!at) throw new Error('no status button');
  await watchTap(page);
  await page.touchscreen.tap(at.x + at.width / 2, at.y + at.height / 2);
  const tapped = await tapAt(page);
  const updated = await markAfter(page, 'pins-updated', Math.max(tapped, drawn));
  return { toPanel, toColour: updated - tapped };
}

/**
 * The same on a bare MapLibre page (no app, no React, no device database): the rep's pins within
 * about a kilometre, a tap appends a panel with one button, which recolours the pin with `setData`.
 * The machine's own cost of a tap drawn and a pin redrawn, under the same throttling and load.
 */
const BARE_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/__bare/maplibre-gl.css"></head>
<body style="margin:0"><div id="map" style="position:absolute;inset:0"></div><script type="module">
import { Map, setWorkerUrl } from '/__bare/maplibre-gl.mjs';
setWorkerUrl('/__bare/maplibre-gl-worker.mjs');
const q = new URLSearchParams(location.search);
const center = [Number(q.get('lng')), Number(q.get('lat'))];
const all = await (await fetch('/__bare/points.json')).json();
const near = { type: 'FeatureCollection', features: all.features.filter((f) =>
  Math.abs(f.geometry.coordinates[0] - center[0]) < 0.01 && Math.abs(f.geometry.coordinates[1] - center[1]) < 0.01) };
near.features.forEach((f, i) => { f.properties = { id: i, color: '#40c057' }; });
const map = new Map({ container: 'map', center, zoom: 19.5, fadeDuration: 0, style: { version: 8,
  sources: { pins: { type: 'geojson', data: near } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#eef2f5' } },
    { id: 'points', type: 'circle', source: 'pins', paint: { 'circle-color': ['get', 'color'],
      'circle-radius': 8, 'circle-stroke-width': 2, 'circle-stroke-color': '#ffffff' } },
  ] } });
map.once('idle', () => performance.mark('pins-drawn'));
map.on('click', (e) => {
  const hit = map.queryRenderedFeatures(e.point, { layers: ['points'] })[0];
  if (!hit) return;
  const panel = document.createElement('div');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'bare');
  panel.style.cssText = 'position:absolute;top:48px;left:8px;right:8px;background:#fff;padding:16px';
  const button = document.createElement('button');
  button.textContent = 'Knocked';
  button.onclick = () => {
    near.features[hit.properties.id].properties.color = '#fa5252';
    const onData = (ev) => {
      if (ev.sourceId !== 'pins' || !ev.isSourceLoaded || ev.sourceDataType === 'metadata') return;
      map.off('sourcedata', onData);
      map.once('render', () => performance.mark('pins-updated'));
    };
    map.on('sourcedata', onData);
    map.getSource('pins').setData(near);
  };
  panel.append(button);
  document.body.append(panel);
});
</script></body></html>`;

/** Fresh loads of a bare MapLibre page clustering `points` on this phone, each to its first rest. */
async function bareMapOpens(browser: Browser, url: string, points: string): Promise<number[]> {
  const { context, page } = await phone(browser, { serviceWorkers: 'block' });
  await serveBarePage(context, url, BARE_CLUSTER_PAGE, points);
  const opens: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${url}/__bare/page`);
    opens.push(await markAfter(page, 'bare-drawn', 0));
  }
  await context.close();
  return opens;
}

/** Navigation start to the frame after the lead page shows the lead's name. */
async function leadPage(page: Page, url: string, lead: Lead): Promise<number> {
  await page.goto(`${url}/contacts/${lead._id}`);
  const handle = await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('h1')].some((h) => h.textContent === name)
        ? new Promise<number>((resolve) =>
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
          )
        : undefined,
    lead.name,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Opens `open` from a blank page, not from the app's previous page, its CPU throttled as before
 * (set again: the throttling belongs to the page's renderer, which a blank page may replace).
 */
async function fromBlank<T>(page: Page, open: () => Promise<T>): Promise<T> {
  await page.goto('about:blank');
  // Not detached: detaching would end the throttling it sets. The context's closing ends it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return open();
}

/** Navigation start to the contacts grid drawn with its first rows. */
async function contactsFirstRows(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/contacts`);
  const handle = await page.waitForFunction(
    () =>
      performance
        .getEntriesByName('table-first-rendered')
        .find((e) => (e as PerformanceMark).detail?.table === 'contacts')?.startTime,
    undefined,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** The page's `app-ready` mark (the shell drawn), ms from navigation. */
async function appReady(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => performance.getEntriesByName('app-ready')[0]?.startTime);
  return (await handle.jsonValue()) as number;
}

async function profiled(browser: Browser, page: Page, what: string, work: () => Promise<unknown>) {
  console.log(`phone ${what}: main thread by kind of work,`, await traceMainThread(browser, page, work));
}

export async function phoneBench(print: (f: Figure) => void): Promise<void> {
  // Contacts go to the demo's three teams in turn; the rep's team (and its region) gets every third.
  const app = await startBenchApp('phonebench', TERRITORY * 3);
  const { browser, url, token } = app;
  const k = `${Math.round(TERRITORY / 1000)}k`;
  // The machine's load (other work on it weighs on every figure), at the start and the end.
  const load = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;
  print({ name: 'phone.machine_load_1min_start', value: load(), unit: `(${availableParallelism()} cores)` });
  try {
    await chooseBuiltinBaseMap(url, token);
    const repToken = await acceptTerms(url, REP);

    const syncs: number[] = [];
    let device: { context: BrowserContext; page: Page } | undefined;
    for (let i = 0; i < SYNC_RUNS; i++) {
      await device?.context.close();
      device = await phone(browser);
      syncs.push(await signIn(device.page, url, REP, 600_000));
    }
    print({ name: `phone.first_sync_${k}`, value: median(syncs), unit: 'ms' });
    const { context, page } = device as { context: BrowserContext; page: Page };

    await page.goto(`${url}/`);
    await markAfter(page, 'pins-drawn', 0);
    await pinSnapshotSaved(page, TERRITORY);
    const opens: number[] = [];
    // Of each load, the shell's part: navigation to `app-ready`.
    const shells: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${url}/`);
      opens.push(await markAfter(page, 'pins-drawn', 0));
      shells.push(await appReady(page));
    }
    print({ name: `phone.open_to_pins_drawn_${k}`, value: median(opens), unit: 'ms', goal: '≤ 2000' });
    const opensFromBlank: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      opensFromBlank.push(
        await fromBlank(page, async () => {
          await page.goto(`${url}/`);
          return markAfter(page, 'pins-drawn', 0);
        }),
      );
    }
    print({ name: `phone.open_to_pins_drawn_${k}_from_blank`, value: median(opensFromBlank), unit: 'ms' });
    print({ name: 'phone.open_to_app_ready', value: median(shells), unit: 'ms' });
    const points = JSON.stringify(await contactPoints(url, repToken));

    const leads = (
      (await (
        await fetch(`${url}/api/v2/leads/get?limit=${RUNS * 2}`, {
          headers: { authorization: `Bearer ${repToken}` },
        })
      ).json()) as { data: Lead[] }
    ).data.filter((l) => l.coordinates && l.name);
    const toPanel: number[] = [];
    const toColour: number[] = [];
    for (const lead of leads.slice(0, RUNS)) {
      const [lng, lat] = lead.coordinates as [number, number];
      const r = await tapAndKnock(page, `${url}/#19.5/${lat}/${lng}`, true, lead.name);
      toPanel.push(r.toPanel);
      toColour.push(r.toColour);
    }
    // The machine's own limit, alternating with nothing else: the bare page on the same leads.
    const bare = await phone(browser, { serviceWorkers: 'block' });
    await serveBarePage(bare.context, url, BARE_PAGE, points);
    const bareToPanel: number[] = [];
    const bareToColour: number[] = [];
    for (const lead of leads.slice(0, RUNS)) {
      const [lng, lat] = lead.coordinates as [number, number];
      const r = await tapAndKnock(bare.page, `${url}/__bare/page?lng=${lng}&lat=${lat}`, false, 'bare');
      bareToPanel.push(r.toPanel);
      bareToColour.push(r.toColour);
    }
    await bare.context.close();
    // The bare page clustering every pin, after the taps (its loads weigh on the machine a while).
    const bareOpens = await bareMapOpens(browser, url, points);
    print({ name: `phone.bare_maplibre_open_to_pins_drawn_${k}`, value: median(bareOpens), unit: 'ms' });
    print({
      name: 'phone.open_to_pins_drawn_vs_bare',
      value: Math.round((median(opens) / median(bareOpens)) * 100) / 100,
      unit: 'x',
    });
    const ratio = (app: number[], base: number[]) => Math.round((median(app) / median(base)) * 100) / 100;
    print({ name: 'phone.tap_to_panel', value: median(toPanel), unit: 'ms', goal: '≤ 100' });
    print({ name: 'phone.bare_maplibre_tap_to_panel', value: median(bareToPanel), unit: 'ms' });
    print({ name: 'phone.tap_to_panel_vs_bare', value: ratio(toPanel, bareToPanel), unit: 'x' });
    print({ name: 'phone.knock_to_colour', value: median(toColour), unit: 'ms', goal: '≤ 50' });
    print({ name: 'phone.bare_maplibre_knock_to_colour', value: median(bareToColour), unit: 'ms' });
    print({ name: 'phone.knock_to_colour_vs_bare', value: ratio(toColour, bareToColour), unit: 'x' });

    const tables: number[] = [];
    const tableShells: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      tables.push(await contactsFirstRows(page, url));
      tableShells.push(await appReady(page));
    }
    print({ name: `phone.contacts_first_rows_${k}`, value: median(tables), unit: 'ms', goal: '≤ 1000' });
    const tablesFromBlank: number[] = [];
    for (let i = 0; i < RUNS; i++)
      tablesFromBlank.push(await fromBlank(page, () => contactsFirstRows(page, url)));
    print({ name: `phone.contacts_first_rows_${k}_from_blank`, value: median(tablesFromBlank), unit: 'ms' });
    print({ name: 'phone.contacts_app_ready', value: median(tableShells), unit: 'ms' });

    const pages: number[] = [];
    const pageShells: number[] = [];
    for (const lead of leads.slice(0, RUNS)) {
      pages.push(await leadPage(page, url, lead));
      pageShells.push(await appReady(page));
    }
    print({ name: 'phone.lead_page', value: median(pages), unit: 'ms' });
    print({ name: 'phone.lead_page_app_ready', value: median(pageShells), unit: 'ms' });

    if (process.env.BENCH_PHONE_PROFILE) {
      await profiled(browser, page, '/ to pins-drawn', async () => {
        await page.goto(`${url}/`);
        await markAfter(page, 'pins-drawn', 0);
      });
      await profiled(browser, page, '/contacts to first rows', () => contactsFirstRows(page, url));
      await profiled(browser, page, 'lead page', () => leadPage(page, url, leads[0] as Lead));
      const [lng, lat] = (leads[0] as Lead).coordinates as [number, number];
      await profiled(browser, page, 'tap to panel and knock to colour', () =>
        tapAndKnock(page, `${url}/#19.5/${lat}/${lng}`, true, (leads[0] as Lead).name),
      );
    }
    await context.close();
    print({ name: 'phone.machine_load_1min_end', value: load(), unit: `(${availableParallelism()} cores)` });
  } finally {
    await app.close();
  }
}
