/**
 * Regions as an admin draws them: a crossing outline is refused with a clear error; a square drawn
 * with clicks on the map around demo contacts is saved, and the server gives those contacts the
 * region, which its page then lists. That a rep sees their own region's profile at /region is a
 * screen test (src/features/regions/MyRegionPage.test.tsx).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';

type Lead = { _id: string; name: string; region_id: string | null; coordinates: [number, number] | null };

/** Where /regions/new opens (src/features/map PHOENIX): the map is drawn on through its projection. */
const VIEW = { longitude: -112.07, latitude: 33.45, zoom: 9 };
/** The square drawn: inside Central Phoenix, around the map's centre. */
const SQUARE = { west: -112.14, east: -112.0, south: 33.4, north: 33.52 };

const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const phi = (lat * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
};

describe('regions', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();
  let token: string;
  const created: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(baseUrl, 'admin@demo.local');
  });
  // Suites share the demo org: a region left behind would keep its contacts from their own.
  afterAll(async () => {
    if (created.length) {
      await fetch(`${baseUrl}/api/v2/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          client_id: randomUUID(),
          schema_version: 1,
          mutations: created.map((id, i) => ({
            id: i + 1,
            name: 'record.delete.v1',
            args: { table: 'regions', id },
          })),
        }),
      });
    }
    await browser?.close();
  });

  /** Every contact of the org, as the server has them now. */
  async function allLeads(): Promise<Lead[]> {
    const out: Lead[] = [];
    let after = '';
    for (let page = 0; page < 200; page++) {
      const res = await fetch(`${baseUrl}/api/v2/leads/get?limit=100${after ? `&after=${after}` : ''}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data: Lead[]; next_after: string | null };
      out.push(...body.data);
      if (!body.next_after) break;
      after = body.next_after;
    }
    return out;
  }

  /** Clicks the map at these positions, then on the first again to close the outline. */
  async function drawOutline(page: Page, corners: [number, number][]) {
    const canvas = page.getByRole('region', { name: 'Region map' }).locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the map has no canvas');
    const world = 512 * 2 ** VIEW.zoom;
    const at = ([lng, lat]: [number, number]) => ({
      x: box.x + box.width / 2 + (mercatorX(lng) - mercatorX(VIEW.longitude)) * world,
      y: box.y + box.height / 2 + (mercatorY(lat) - mercatorY(VIEW.latitude)) * world,
    });
    for (const corner of [...corners, corners[0] as [number, number]]) {
      const { x, y } = at(corner);
      await page.mouse.move(x, y, { steps: 4 });
      await page.mouse.click(x, y);
      // The corner is placed once the map has drawn the click: two frames later.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
  }

  it('refuses a crossing outline; a drawn square gives the contacts inside it the region', async () => {
    const inside = (l: Lead) =>
      !!l.coordinates &&
      l.coordinates[0] >= SQUARE.west &&
      l.coordinates[0] <= SQUARE.east &&
      l.coordinates[1] >= SQUARE.south &&
      l.coordinates[1] <= SQUARE.north;
    const expected = (await allLeads()).filter(inside).map((l) => l._id);
    expect(expected.length).toBeGreaterThan(0);

    const admin = await browser.newContext();
    const page = await admin.newPage();
    const syncStatus = page.getByRole('status', { name: 'Sync status' });
    await signIn(page, baseUrl, 'admin@demo.local', `/regions`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('heading', { name: 'Regions', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'New Region', level: 1 }).waitFor();
    await page.getByText(/Click the map to place each corner/).waitFor();
    const { west, east, south, north } = SQUARE;

    // A bow tie: its second and fourth edges cross.
    await drawOutline(page, [
      [west, north],
      [east, south],
      [east, north],
      [west, south],
    ]);
    await page.getByText('The outline crosses itself. Redraw it without crossing lines.').waitFor();
    const form = page.getByRole('form', { name: 'Region details' });
    await form.getByLabel('Name').fill('Downtown test region');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').getByText('The outline crosses itself').waitFor();
    expect(page.url()).toMatch(/\/regions\/new$/);
    await expectNoSeriousA11yViolations(page, 'new region with a crossing outline');

    await page.getByRole('button', { name: 'Redraw outline' }).click();
    await drawOutline(page, [
      [west, north],
      [east, north],
      [east, south],
      [west, south],
    ]);
    await page.getByText(/Drag a corner to move it/).waitFor();
    expect(await page.getByText('The outline crosses itself').count()).toBe(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Region Added').first().waitFor();
    await page.waitForURL(/\/regions\/[0-9a-f-]{36}$/);
    const regionId = page.url().split('/').at(-1) as string;
    created.push(regionId);
    await page.getByRole('heading', { name: 'Downtown test region', level: 1 }).waitFor();
    await expect.poll(() => syncStatus.textContent(), { timeout: 30_000 }).toContain('0 changes waiting');

    // The server placed exactly the contacts inside the square in the region.
    await expect
      .poll(
        async () =>
          (await allLeads())
            .filter((l) => l.region_id === regionId)
            .map((l) => l._id)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual([...expected].sort());

    // Its page lists them once the device has pulled them.
    await page
      .getByRole('heading', { name: `Contacts: ${expected.length}`, level: 2 })
      .waitFor({ timeout: 30_000 });
    const contactLinks = page.locator('a[href^="/contacts/"]');
    expect(await contactLinks.count()).toBe(Math.min(expected.length, 10));
    const href = (await contactLinks.first().getAttribute('href')) as string;
    expect(expected).toContain(href.split('/').at(-1));
    await expectNoSeriousA11yViolations(page, 'region page, admin');

    // Deleted, its contacts go back to the region around it.
    await page.getByRole('button', { name: 'Delete Region' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Downtown test region?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Region Deleted').first().waitFor();
    await page.waitForURL('**/regions');
    await expect.poll(() => syncStatus.textContent(), { timeout: 30_000 }).toContain('0 changes waiting');
    await expect
      .poll(async () => (await allLeads()).filter((l) => l.region_id === regionId).length, {
        timeout: 30_000,
      })
      .toBe(0);
    created.pop();
    await admin.close();
  });
});
