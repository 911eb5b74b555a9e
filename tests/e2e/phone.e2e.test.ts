/**
 * A new rep's offline day on a phone (412 px wide): what the map, the lead form, the pin maker and
 * the sync status tell them must be true and readable at that width. The tests run in order on one
 * signed-in device, as the day does: first sync, then offline, then back online. The org's address
 * search points at a stand-in Photon geocoder of the suite's own (localHttps.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { type LocalHttps, startLocalHttps } from './localHttps.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, apiToken, signIn, waitForMark } from './session.ts';
import { syncStatus, syncStatusText, waitForChangesSent } from './syncStatus.ts';

const PHONE = { width: 412, height: 915 };
/** Out in the desert, away from the demo leads (no "a lead is already here" warning). */
const HERE = { latitude: 34.2101, longitude: -112.9302 };
/** Where the rep plans a walk: a street of the test's own, some 3 km from {@link HERE}. */
const WALK_STREET = { latitude: 34.2301, longitude: -112.9002 };

type Row = Record<string, unknown>;

/** The map's pin counter, as numbers: '12 of 1667 pins'. */
async function pinCounter(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByRole('status', { name: /of \d+ pins/ }).textContent()) ?? '';
  const match = /(\d+) of (\d+) pins/.exec(text);
  return { shown: Number(match?.[1] ?? -1), total: Number(match?.[2] ?? -1) };
}

/**
 * Opens a page of the app (or reloads this one). On a phone the side panel starts closed, off the
 * screen's left edge, so the page itself is what the rep sees.
 */
async function load(page: Page, url?: string) {
  if (url) await page.goto(url);
  else await page.reload();
  await page.getByRole('button', { name: 'Toggle navigation' }).waitFor();
  const panel = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(panel === null || panel.x + panel.width <= 0).toBe(true);
}

/** The address the stand-in geocoder gives every spot, as Photon answers it. */
const FOUND = {
  housenumber: '27450',
  street: 'N Vulture Mine Rd',
  city: 'Wickenburg',
  state: 'Arizona',
  postcode: '85390',
  countrycode: 'US',
};
const FOUND_ADDRESS = '27450 N Vulture Mine Rd, Wickenburg, AZ 85390';

/** A Photon geocoder on 127.0.0.1 that answers every reverse lookup with {@link FOUND}. */
async function startGeocoder(): Promise<LocalHttps & { reverse: string[] }> {
  const reverse: string[] = [];
  const server = await startLocalHttps((req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/reverse') reverse.push(url.search);
    const lon = Number(url.searchParams.get('lon') ?? HERE.longitude);
    const lat = Number(url.searchParams.get('lat') ?? HERE.latitude);
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: FOUND },
        ],
      }),
    );
  });
  return { ...server, reverse };
}

/** The org's address search, chosen by its admin through the API (Settings → Address search). */
async function chooseGeocoder(baseUrl: string, choice: { kind: 'photon'; url: string } | { kind: 'off' }) {
  const answer = await fetch(`${baseUrl}/api/v2/map/geocoder`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await apiToken(baseUrl, 'admin@demo.local')}`,
    },
    body: JSON.stringify(choice),
  });
  expect(answer.status).toBe(200);
}

/** How many changes the sync status says are waiting. */
async function waitingCount(page: Page): Promise<number> {
  return Number(/(\d+) changes? waiting/.exec((await syncStatusText(page)) ?? '')?.[1] ?? -1);
}

async function goOnline(context: BrowserContext, page: Page) {
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await waitForChangesSent(page);
}

describe('a rep on a phone', () => {
  let browser: Browser;
  let rep: BrowserContext;
  let page: Page;
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    geocoder = await startGeocoder();
    await chooseGeocoder(baseUrl, { kind: 'photon', url: geocoder.origin });
    browser = await launchBrowser({ serviceWorkers: 'allow', acceptLocalCertificates: true });
    rep = await browser.newContext({
      viewport: PHONE,
      hasTouch: true,
      geolocation: HERE,
      permissions: ['geolocation'],
    });
    page = await rep.newPage();
  });
  afterAll(async () => {
    await rep?.close();
    await browser?.close();
    // The build of the browser tests has address search off; the org goes back to that.
    await chooseGeocoder(baseUrl, { kind: 'off' });
    await geocoder?.close();
  });

  it('keeps the map’s pin total true as pins arrive: the first sync, then a lead added elsewhere', async () => {
    await signIn(page, baseUrl, 'rep@demo.local');
    await waitForMark(page, 'first-sync-done');
    await waitForMark(page, 'pins-drawn');
    // The total is every pin on the device: never fewer than the pins the filters show.
    await expect.poll(async () => (await pinCounter(page)).shown, { timeout: 30_000 }).toBeGreaterThan(0);
    const { shown, total } = await pinCounter(page);
    // Soft: the rest of the day's tests need the reload below either way.
    expect.soft(total).toBeGreaterThanOrEqual(shown);

    // Ready for the day offline: the service worker serves the app from here on. Opened again,
    // the map counts the same pins.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await load(page);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await waitForMark(page, 'pins-drawn');
    await expect.poll(async () => (await pinCounter(page)).total, { timeout: 30_000 }).toBeGreaterThan(0);
    const opened = await pinCounter(page);
    expect.soft(opened).toEqual({ shown, total });

    // A lead the rep adds on another device arrives by sync while the map is open: one more pin
    // shown, and one more in the total.
    const token = await apiToken(baseUrl, 'rep@demo.local');
    const added = await fetch(`${baseUrl}/api/v2/leads/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Arrived, Ari', coordinates: [HERE.longitude + 0.01, HERE.latitude] }),
    });
    expect(added.status).toBe(201);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(() => pinCounter(page), { timeout: 30_000 })
      .toEqual({ shown: opened.shown + 1, total: opened.total + 1 });
  }, 180_000);

  it('counts the points of a path as they are taken, before any is written', async () => {
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    await page.getByRole('button', { name: 'Start path' }).click();
    await page.getByText('Path Tracking Started').waitFor();
    const stop = page.getByRole('button', { name: /Stop path/ });
    const points = async () => Number(/(\d+) points?/.exec((await stop.textContent()) ?? '')?.[1] ?? -1);
    try {
      // The first fix at the start, then one point per step of about 30 m.
      await expect.poll(points, { timeout: 10_000 }).toBe(1);
      for (let step = 1; step <= 3; step++) {
        await rep.setGeolocation({ latitude: HERE.latitude + step * 0.0003, longitude: HERE.longitude });
        await expect.poll(points, { timeout: 10_000 }).toBe(step + 1);
      }
      expect(await stop.textContent()).toContain('4 points');
    } finally {
      // Stopped either way: the pin maker below asks for the position afresh.
      await stop.click();
      await page.getByText('Path Saved').waitFor();
      await rep.setGeolocation(HERE);
    }
  });

  it('checks a pin’s phone and address with the lead form’s rules and says what is wrong', async () => {
    const before = await pinCounter(page);
    await page.getByRole('button', { name: 'Add at my location' }).click();
    const maker = page.getByRole('dialog', { name: 'New lead' });
    await maker.getByLabel('Name').fill('Pinned, Pat');
    await maker.getByLabel('Phone').fill('602-555-CALL');
    await maker.getByLabel('Address').fill('nowhere');
    await maker.getByRole('button', { name: 'Add lead' }).click();

    // Both problems, on their fields, in the lead form's words; nothing is saved.
    await maker
      .getByText(
        "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
      )
      .waitFor();
    await maker.getByText('Unable to resolve address').waitFor();
    expect(await maker.getByRole('textbox', { name: 'Phone' }).getAttribute('aria-invalid')).toBe('true');
    expect(await maker.getByRole('textbox', { name: 'Address' }).getAttribute('aria-invalid')).toBe('true');
    expect(await pinCounter(page)).toEqual(before);

    // Fixed: a bare street is fine at a known position; the pin is added, with the phone's digits.
    await maker.getByLabel('Phone').fill('602-555-0188');
    await maker.getByLabel('Address').fill('12 Desert Rd');
    await maker.getByRole('button', { name: 'Add lead' }).click();
    const panel = page.getByRole('dialog', { name: 'Pat Pinned' });
    await panel.waitFor();
    await expect.poll(() => pinCounter(page)).toEqual({ shown: before.shown + 1, total: before.total + 1 });
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('saves a pin dropped offline at once, says its address is pending, and fills it in once online', async () => {
    // A tap on the map, a street away from the pin just added at the rep's location.
    const map = await page.getByRole('region', { name: 'Lead map' }).boundingBox();
    if (!map) throw new Error('the map is not on screen');
    await page.mouse.click(map.x + map.width / 2, map.y + map.height / 2 + 150);
    await page.getByRole('button', { name: 'Add a lead here' }).click();
    const maker = page.getByRole('dialog', { name: 'New lead' });
    await maker.getByLabel('Name').fill('Dropped, Dana');
    await maker.getByRole('button', { name: 'Add lead' }).click();
    const panel = page.getByRole('dialog', { name: 'Dana Dropped' });
    await panel
      .getByRole('status')
      .getByText(/^Address pending/)
      .waitFor();
    expect(geocoder.reverse).toEqual([]);

    await goOnline(rep, page);
    // Looked up from the pin's position, shown on the panel, and synced like any edit.
    await panel.getByText(FOUND_ADDRESS).waitFor({ timeout: 30_000 });
    expect(geocoder.reverse).toHaveLength(1);
    const asked = new URLSearchParams(geocoder.reverse[0]);
    expect(Math.abs(Number(asked.get('lat')) - HERE.latitude)).toBeLessThan(0.01);
    expect(Math.abs(Number(asked.get('lon')) - HERE.longitude)).toBeLessThan(0.01);
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    await expect
      .poll(async () => {
        const found = await asRep(`/api/v2/leads/get?q=${encodeURIComponent('Dana Dropped')}`);
        return found.data.map((lead) => lead.address);
      })
      .toEqual([FOUND_ADDRESS]);
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
  });

  it('says letters typed in a phone are not a phone number, and keeps them in view', async () => {
    await load(page, `${baseUrl}/contacts/new`);
    await page.getByRole('heading', { name: 'Add lead' }).waitFor();
    await page.getByLabel('Name').fill('Letters, Lee');
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await phone.fill('602-555-CALL');
    await page.getByLabel('Email').focus();
    // Not quietly turned into '+1 (602) 555'.
    expect(await phone.inputValue()).toBe('602-555-CALL');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Some fields need fixing before the lead can be saved.').waitFor();
    await page
      .getByText(
        "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
      )
      .waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    // Still on the form: nothing was saved.
    await page.getByRole('heading', { name: 'Add lead' }).waitFor();
  });

  it('stores a short phone as typed, without the +1 of its display', async () => {
    await load(page, `${baseUrl}/contacts/new`);
    await page.getByRole('heading', { name: 'Add lead' }).waitFor();
    await page.getByLabel('Name').fill('Short, Sam');
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await phone.fill('602555');
    await page.getByLabel('Email').focus();
    expect(await phone.inputValue()).toBe('+1 (602) 555');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lead has been successfully added').waitFor();

    // The lead shows the digits typed, on the device and, once synced, on the server.
    await page.getByLabel('Search contacts').fill('Sam Short');
    await page.getByRole('link', { name: 'Sam Short' }).click();
    await page.getByRole('heading', { name: 'Sam Short' }).waitFor();
    await page.getByText('+1 (602) 555', { exact: true }).waitFor();
    await goOnline(rep, page);
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    const found = await asRep(`/api/v2/leads/get?q=${encodeURIComponent('Sam Short')}`);
    expect(found.data.map((lead) => lead.phone)).toEqual(['602555']);
  });

  it('shows how many changes wait to sync on a phone', async () => {
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    await load(page, `${baseUrl}/contacts/new`);
    await page.getByRole('heading', { name: 'Add lead' }).waitFor();
    // Points of the path tracked earlier may be waiting too.
    const before = await waitingCount(page);
    await page.getByLabel('Name').fill('Waiting, Wendy');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lead has been successfully added').waitFor();
    await expect.poll(() => waitingCount(page)).toBeGreaterThan(before);
    const waiting = syncStatus(page).getByText(/\d+ changes? waiting/);
    expect(await waiting.isVisible()).toBe(true);
    // On screen, not cut off by the header's edge.
    const box = await waiting.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await goOnline(rep, page);
    expect(await syncStatus(page).getByText('0 changes waiting').isVisible()).toBe(true);
  });

  it('names the lead of a refused change and shows the change as mine → now on the server', async () => {
    // A lead of the rep's with a name and a street, and a status the rep will change.
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    const leads = await asRep('/api/v2/leads/get?limit=100');
    const lead = leads.data.find((l) => l.name && l.street && l.deal_stage_status !== 'Come Back') as Row;
    expect(lead).toBeDefined();
    const id = String(lead._id);

    await load(page, `${baseUrl}/contacts/${id}`);
    await page.getByRole('heading', { name: String(lead.name) }).waitFor();
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    const waiting = await waitingCount(page);
    await page
      .locator('input')
      .and(page.getByLabel('Status', { exact: true }))
      .fill('Come Back');
    await page.getByRole('option', { name: 'Come Back' }).click();
    await expect.poll(() => waitingCount(page)).toBe(waiting + 1);

    // Meanwhile the office moves the lead on.
    const adminToken = await apiToken(baseUrl, 'admin@demo.local');
    const edited = await fetch(`${baseUrl}/api/v2/leads/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ _id: id, deal_stage_status: 'Appointment Set' }),
    });
    expect(edited.status).toBe(200);

    await goOnline(rep, page);
    await page.getByRole('button', { name: '1 needs attention' }).click();
    const drawer = page.getByRole('dialog', { name: 'Changes that need attention' });
    await drawer.getByText(`${String(lead.name)}, ${String(lead.street)}`).waitFor();
    await drawer.getByText('Status: Come Back → Appointment Set').waitFor();
    const shown = (await drawer.textContent()) ?? '';
    expect(shown).not.toContain(id);
    expect(shown).not.toContain('deal_stage_status');
    expect(shown).not.toContain('{');

    // Discarded, the list is empty and the lead keeps the office's status.
    await drawer.getByRole('button', { name: 'Discard' }).click();
    await drawer.getByText('Nothing needs attention.').waitFor();
  });

  it('plans a walk through the doors around them offline, draws it, and walks it door by door', async () => {
    // Four doors of the rep's own up a street of their own, some 20 m apart, made through the API.
    const suffix = String(Date.now()).slice(-6);
    const token = await apiToken(baseUrl, 'rep@demo.local');
    await load(page, `${baseUrl}/`);
    await waitForMark(page, 'pins-drawn');
    const before = (await pinCounter(page)).total;
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const name = `Walker ${String.fromCharCode(65 + i)}${suffix}`;
      const added = await fetch(`${baseUrl}/api/v2/leads/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name,
          coordinates: [WALK_STREET.longitude + 0.0001 * (i % 2), WALK_STREET.latitude + 0.0002 * (i + 1)],
        }),
      });
      expect(added.status).toBe(201);
      names.push(name);
    }
    // The live stream brings them; then the rep walks out of signal.
    await expect.poll(async () => (await pinCounter(page)).total, { timeout: 30_000 }).toBe(before + 4);
    await rep.setGeolocation(WALK_STREET);
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');

    // The map goes to where the rep stands, close enough to see the street's doors.
    await page.getByRole('button', { name: 'Add at my location' }).click();
    await page.getByRole('dialog', { name: 'New lead' }).getByRole('button', { name: 'Cancel' }).click();
    const violetBefore = await walkPixels(page);
    // The walk takes the doors in view: planned again until the map has come to rest there.
    const bar = page.getByRole('region', { name: 'Your walk' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: /^Plan my walk/ }).click();
          await expect.poll(() => bar.textContent()).toMatch(/doors? left|No door/);
          return bar.textContent();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(/^4 doors left/);
    await bar.getByText(/Doors in view/).waitFor();
    // The walk's line and numbered stops are drawn in its own violet.
    await expect.poll(() => walkPixels(page)).toBeGreaterThan(violetBefore + 50);
    await expectNoSeriousA11yViolations(page, 'planned walk, rep on a phone');

    // Next door: the nearest first. A knock there moves the walk on to the next.
    await bar.getByRole('button', { name: 'Next door' }).click();
    const first = page.getByRole('dialog', { name: names[0] as string });
    await first.waitFor();
    await first.getByRole('button', { name: 'Not Home 1' }).click();
    await expect.poll(() => first.textContent()).toContain('Waiting to sync');
    // The panel leaves the walk's bar in view and in reach: 'Next door' straight from the knock.
    await bar.getByText('3 doors left').waitFor();
    await bar.getByRole('button', { name: 'Next door' }).click();
    await page.getByRole('dialog', { name: names[1] as string }).waitFor();
    await page
      .getByRole('dialog', { name: names[1] as string })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await bar.getByRole('button', { name: 'End walk' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    await goOnline(rep, page);
  }, 90_000);
});

/**
 * How many pixels of the lead map show the walk's violet (#7048e8): read from a screenshot of the
 * map, decoded in the page.
 */
async function walkPixels(page: Page): Promise<number> {
  const shot = await page.getByRole('region', { name: 'Lead map' }).screenshot();
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      if (Math.abs(r - 0x70) < 24 && Math.abs(g - 0x48) < 24 && Math.abs(b - 0xe8) < 24) count += 1;
    }
    return count;
  }, shot.toString('base64'));
}
