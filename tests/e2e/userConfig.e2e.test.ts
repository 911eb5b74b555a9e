/**
 * The map's choices follow the user: a new rep creates their configuration from /profile/edit,
 * turns map layers on and off, moves the map and saves a place on one device; a second device (a fresh browser
 * context, empty IndexedDB) signed in as the same rep opens the map with the same layers, view and saved place.
 * The rep is made for this suite, so no other suite's user has their map changed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, waitForMark } from './session.ts';

const PASSWORD = 'config-rep-pass';

/** The map's view as its URL hash carries it: zoom, latitude, longitude. */
async function hashView(page: Page) {
  const hash = await page.evaluate(() => location.hash);
  const [zoom, latitude, longitude] = hash.replace('#', '').split('/').map(Number);
  return { zoom, latitude, longitude };
}

describe('user configuration follows the rep', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();
  const email = `config.rep.${Date.now()}@demo.local`;

  const call = async (path: string, token: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiToken(baseUrl, 'admin@demo.local');
    const added = await call('/api/v2/users/add', admin, {
      name: 'Config, Cora',
      email,
      password: PASSWORD,
      access_level: 'User',
    });
    expect(added.status).toBe(201);
    const token = await apiToken(baseUrl, email, PASSWORD);
    const terms = (await (await fetch(`${baseUrl}/api/v2/legal/terms`)).json()) as { version: string };
    expect((await call('/api/v2/auth/accept', token, { tosVersion: terms.version })).status).toBe(200);
  });
  afterAll(async () => browser?.close());

  async function signIn(page: Page) {
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const layerSwitch = (page: Page, name: string) => page.getByRole('switch', { name });

  it('layers, view and saved places chosen on one device show on another', async () => {
    const first = await (await browser.newContext()).newPage();
    await signIn(first);
    // No configuration yet: the profile editor creates it.
    await first.waitForURL(/\/profile\/edit$/);
    await first.getByLabel('Phone').fill('602 555 0177');
    await first.getByRole('button', { name: 'Save' }).click();
    const map = first.getByRole('region', { name: 'Lead map' });
    await map.waitFor();
    await waitForMark(first, 'map-loaded');

    await first.getByRole('button', { name: 'Layers' }).click();
    await layerSwitch(first, 'ZIP codes').click();
    await layerSwitch(first, 'Cities').click();
    await expect.poll(() => layerSwitch(first, 'ZIP codes').isChecked()).toBe(true);
    await expect.poll(() => layerSwitch(first, 'Cities').isChecked()).toBe(false);
    await first.keyboard.press('Escape');

    // Save this place under a name.
    await first.getByRole('button', { name: 'Places' }).click();
    await first.getByLabel('Name of this place').fill('Office corner');
    await first.getByRole('button', { name: 'Save this place' }).click();
    await first.getByRole('button', { name: 'Remove Office corner' }).waitFor();
    await expectNoSeriousA11yViolations(first, 'saved places');
    await first.keyboard.press('Escape');

    // Move the map as a user does: drag it, then zoom in with the control.
    const box = await first.locator('canvas.maplibregl-canvas').boundingBox();
    if (!box) throw new Error('the map has no canvas');
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await first.mouse.move(middle.x, middle.y);
    await first.mouse.down();
    await first.mouse.move(middle.x - 120, middle.y + 80, { steps: 8 });
    await first.mouse.up();
    await first.getByRole('button', { name: 'Zoom in' }).click();

    // The choices reach the server through sync.
    const token = await apiToken(baseUrl, email, PASSWORD);
    const savedLayout = async () => {
      const { body } = await call('/api/v2/user-config', token);
      const config = body.config as {
        map_layouts?: { name: string; layers?: object; view?: object }[];
      } | null;
      return config?.map_layouts?.find((l) => l.name === 'lead_map');
    };
    await expect
      .poll(savedLayout, { timeout: 30_000 })
      .toMatchObject({ layers: { zips: true, cities: false }, view: expect.any(Object) });
    await expect
      .poll(
        async () =>
          ((await call('/api/v2/user-config', token)).body.config as { pins: { name: string }[] }).pins,
      )
      .toEqual([expect.objectContaining({ name: 'Office corner' })]);
    // The view saved is where the map came to rest.
    const sameAsShown = async () => {
      const view = (await savedLayout())?.view as { zoom: number; latitude: number } | undefined;
      const shown = await hashView(first);
      return (
        !!view &&
        Math.abs(view.zoom - (shown.zoom ?? 0)) < 0.01 &&
        Math.abs(view.latitude - (shown.latitude ?? 0)) < 0.001
      );
    };
    await expect.poll(sameAsShown, { timeout: 30_000 }).toBe(true);
    const left = await hashView(first);
    await first.context().close();

    // Another device: nothing on it yet.
    const second = await (await browser.newContext()).newPage();
    await signIn(second);
    await second.getByRole('region', { name: 'Lead map' }).waitFor();
    await waitForMark(second, 'first-sync-done');
    await waitForMark(second, 'map-loaded');
    await expect.poll(async () => (await hashView(second)).zoom).toBeCloseTo(left.zoom ?? 0, 1);
    const shown = await hashView(second);
    expect(shown.latitude).toBeCloseTo(left.latitude ?? 0, 3);
    expect(shown.longitude).toBeCloseTo(left.longitude ?? 0, 3);
    await second.getByRole('button', { name: 'Layers' }).click();
    expect(await layerSwitch(second, 'ZIP codes').isChecked()).toBe(true);
    expect(await layerSwitch(second, 'Cities').isChecked()).toBe(false);
    expect(await layerSwitch(second, 'Pins').isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(second, 'map with the layers of another device');
    await second.keyboard.press('Escape');
    await second.getByRole('button', { name: 'Places' }).click();
    await second.getByRole('button', { name: 'Office corner', exact: true }).waitFor();
    await second.context().close();
  }, 240_000);
});
