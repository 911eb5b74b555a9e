/**
 * Regions as an admin draws them: a crossing outline is refused with a clear error; a square drawn
 * with clicks on the map around demo contacts is saved, and the server gives those contacts the
 * region, which its page then lists. A region of the test's own, with its team, two new reps and
 * sixteen doors made through the API, is cut into turfs by its admin on its page, one turf is
 * reshaped by dragging a corner (its doors and the balance follow) and the turfs are assigned; each
 * rep's phone then shows their own turf only. That a rep sees their own region's profile at
 * /region is a screen test (src/features/regions/MyRegionPage.test.tsx).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';
import { waitForChangesSent } from './syncStatus.ts';

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
    await waitForChangesSent(page);

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
    const contactsHeading = page.getByRole('heading', { name: `Contacts: ${expected.length}`, level: 2 });
    await contactsHeading.waitFor({ timeout: 30_000 });
    // The contacts section's own links (the region's activity feed below links contacts too).
    const contactsSection = page.locator('div', { has: contactsHeading }).last();
    const contactLinks = contactsSection.locator('a[href^="/contacts/"]');
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
    await waitForChangesSent(page);
    await expect
      .poll(async () => (await allLeads()).filter((l) => l.region_id === regionId).length, {
        timeout: 30_000,
      })
      .toBe(0);
    created.pop();
    await admin.close();
  });

  it('an admin cuts a region into balanced turfs, reshapes one by a corner and assigns them; each rep’s phone shows only their own', async () => {
    const suffix = randomUUID().slice(0, 8);
    const regionId = randomUUID();
    const teamId = randomUUID();
    const post = async (path: string, body: unknown, bearer = token) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify(body),
      });
      expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
      return (await res.json()) as Record<string, unknown>;
    };
    const push = (mutations: { name: string; args: unknown }[], bearer = token) =>
      post(
        '/api/v2/sync/push',
        {
          client_id: randomUUID(),
          schema_version: 1,
          mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
        },
        bearer,
      );
    // Out in the desert, west of the demo's leads: a square of about 2.8 by 2.2 km.
    const [west, east, south, north] = [-113.4, -113.37, 33.8, 33.82];
    await push([
      {
        name: 'record.save.v1',
        args: {
          table: 'regions',
          id: regionId,
          create: true,
          fields: {
            name: `Turf test ${suffix}`,
            color: '#21A1D6',
            manager_ids: [],
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [west, south],
                  [east, south],
                  [east, north],
                  [west, north],
                  [west, south],
                ],
              ],
            },
          },
        },
      },
      {
        name: 'record.save.v1',
        args: {
          table: 'teams',
          id: teamId,
          create: true,
          fields: { name: `Turf team ${suffix}`, leader_id: null, region_id: regionId },
        },
      },
    ]);
    created.push(regionId);
    const reps = [
      { name: 'Turf, Tia', email: `tia-${suffix}@example.com` },
      { name: 'Turf, Theo', email: `theo-${suffix}@example.com` },
    ];
    const repIds: string[] = [];
    for (const rep of reps) {
      const added = await post('/api/v2/users/add', {
        ...rep,
        password: 'demo1234',
        access_level: 'User',
        region_id: regionId,
        teams: [{ id: teamId, role: 'Member' }],
      });
      repIds.push(String((added.data as { _id: string })._id));
      // Their profile is set up, so they open on the app rather than the profile editor.
      const repToken = await apiToken(baseUrl, rep.email);
      await push([{ name: 'profile.save.v1', args: { name: rep.name, phone: '6025550142' } }], repToken);
    }
    const doorIds: string[] = [];
    for (let i = 0; i < 16; i++) {
      const lng = west + 0.004 + (i % 4) * 0.007;
      const lat = south + 0.003 + Math.floor(i / 4) * 0.0045;
      const added = await post('/api/v2/leads/add', {
        name: `Door ${i + 1} ${suffix}`,
        coordinates: [Number(lng.toFixed(6)), Number(lat.toFixed(6))],
      });
      doorIds.push(String((added.data as { _id: string })._id));
    }

    const admin = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', `/regions/${regionId}`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('heading', { name: `Turf test ${suffix}`, level: 1 }).waitFor();
    await page.getByText('This region is not cut into turfs yet.').waitFor();
    await page.getByRole('button', { name: 'Cut into turfs' }).click();
    await page.getByText('16 doors on the map in this region').waitFor();
    const repsField = page.locator('input:visible').and(page.getByLabel('Reps', { exact: true }));
    // Their profiles keep their names as 'First Last'.
    for (const name of ['Tia Turf', 'Theo Turf']) {
      await repsField.click();
      await page.getByRole('option', { name }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cut', exact: true }).click();
    await page.getByRole('heading', { name: 'Review the turfs' }).waitFor();
    await page.getByText(/^Balanced: every turf is within/).waitFor();
    await expectNoSeriousA11yViolations(page, 'turfs under review, admin');

    // A corner dragged reshapes a turf: the region's south-west corner, a corner of the turf that
    // holds it, pulled in past the nearest doors leaves that turf short of doors and the cut out of
    // balance; dragged back to the corner, the turfs are as cut.
    const turfMap = page.getByRole('region', { name: 'Turfs map' });
    const canvas = turfMap.locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the turfs map has no canvas');
    // The map opens on the region's bounds with 40 px around them, at zoom 16 at most.
    const [left, right, top, bottom] = [mercatorX(west), mercatorX(east), mercatorY(north), mercatorY(south)];
    const world = Math.min(
      512 * 2 ** 16,
      (box.width - 80) / (right - left),
      (box.height - 80) / (bottom - top),
    );
    const at = (lng: number, lat: number) => ({
      x: box.x + box.width / 2 + (mercatorX(lng) - (left + right) / 2) * world,
      y: box.y + box.height / 2 + (mercatorY(lat) - (top + bottom) / 2) * world,
    });
    const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      await page.mouse.move(from.x, from.y, { steps: 3 });
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 8 });
      await page.mouse.up();
    };
    const insideFirstTurf = at(west + 0.0015, south + 0.001);
    const corner = at(west, south);
    // Once the turfs are on the map, a click selects the one under it; the pointer over a corner
    // of the selected turf then turns to 'move'.
    await expect
      .poll(async () => {
        await page.mouse.click(insideFirstTurf.x, insideFirstTurf.y);
        await page.mouse.move(corner.x, corner.y, { steps: 3 });
        return canvas.evaluate((c) => (c as HTMLCanvasElement).style.cursor);
      })
      .toBe('move');
    const pulledIn = at(west + 0.008, south + 0.006);
    await drag(corner, pulledIn);
    // Each turf's line: its doors and weight.
    const doorCounts = async () =>
      (await page.getByText(/^\d+ doors? · weight/).allTextContents()).map((line) =>
        Number.parseInt(line, 10),
      );
    await page.getByText(/^Not balanced: one turf is/).waitFor();
    await expect.poll(doorCounts).toHaveLength(2);
    const [first, second] = await doorCounts();
    expect(Math.min(first as number, second as number)).toBeLessThan(8);
    expect((first as number) + (second as number)).toBeLessThan(16);
    await drag(pulledIn, at(west + 0.0003, south + 0.0003));
    await page.getByText(/^Balanced: every turf is within/).waitFor();
    await expect.poll(doorCounts).toEqual([8, 8]);

    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByText('Turfs Assigned').first().waitFor();

    // The server gave every door a turf, and each rep the eight doors of theirs.
    const owners = async () => {
      const res = await fetch(`${baseUrl}/api/v2/leads/get?ids=${doorIds.join(',')}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const rows = ((await res.json()) as { data: { owner_id?: string; turf_id?: string | null }[] }).data;
      return repIds.map((id) => rows.filter((r) => r.owner_id === id && r.turf_id).length);
    };
    await expect.poll(owners, { timeout: 30_000 }).toEqual([8, 8]);
    await expect
      .poll(() => page.getByRole('progressbar', { name: /: 0 of 8 doors knocked this week$/ }).count(), {
        timeout: 30_000,
      })
      .toBe(2);
    await admin.close();

    // Tia's phone: her turf, not Theo's.
    const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true });
    const tia = await phone.newPage();
    await signIn(tia, baseUrl, reps[0]?.email as string, '/region');
    await waitForMark(tia, 'first-sync-done');
    await tia.getByRole('heading', { name: `Turf test ${suffix}`, level: 1 }).waitFor();
    // One turf on her device: her own (a turf is named after its rep).
    const turfBars = tia.getByRole('progressbar', { name: /doors knocked this week$/ });
    await expect.poll(() => turfBars.count(), { timeout: 30_000 }).toBe(1);
    expect(await turfBars.getAttribute('aria-label')).toBe('Tia Turf: 0 of 8 doors knocked this week');
    await phone.close();

    await push(doorIds.map((id) => ({ name: 'lead.edit.v1', args: { _id: id, deleted: true } })));
    await push([
      { name: 'record.delete.v1', args: { table: 'regions', id: regionId } },
      { name: 'record.delete.v1', args: { table: 'teams', id: teamId } },
    ]);
    created.pop();
  }, 120_000);
});
