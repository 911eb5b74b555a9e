/**
 * The lead page's sidebars in a build without map keys: personnel shows the lead's owner, setter
 * and closer and who worked it (from the device, also offline); satellite and solar say plainly
 * which setting they need. The suite adds its own lead and deletes it afterwards.
 */
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, validateAs, waitForMark } from './session.ts';
import { syncStatusText } from './syncStatus.ts';

const UI = { timeout: 30_000 };

async function post(baseUrl: string, email: string, path: string, body: unknown) {
  const token = await apiToken(baseUrl, email);
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`POST ${path} failed: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const section = (scope: { getByRole: Locator['getByRole'] }, name: string) =>
  scope.getByRole('region', { name });

describe('lead sidebars', () => {
  const baseUrl = e2eBaseUrl();
  const name = `Sidebar Lead ${Date.now().toString(36)}`;
  let browser: Browser;
  let rep: BrowserContext;
  let leadId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    rep = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const me = await validateAs(baseUrl, 'rep@demo.local');
    const manager = await validateAs(baseUrl, 'manager@demo.local');
    const added = await post(baseUrl, 'rep@demo.local', '/api/v2/leads/add', {
      name,
      phone: '6025550142',
      address: '4410 N 12th St, Phoenix, AZ 85014',
      coordinates: [-112.059, 33.5046],
      owner_id: me._id,
      energy_consultants: [manager._id],
    });
    leadId = String((added.data as { _id: string } | undefined)?._id ?? added._id);
  });
  afterAll(async () => {
    if (leadId) await post(baseUrl, 'admin@demo.local', '/api/v2/leads/edit', { _id: leadId, deleted: true });
    await rep?.close();
    await browser?.close();
  });

  it("shows the lead's people and history, and names the settings satellite and solar need", async () => {
    expect(leadId).not.toBe('');
    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', `/contacts/${leadId}`);
    await waitForMark(page, 'first-sync-done');

    const personnel = section(page, 'Personnel');
    const people = personnel.getByRole('list', { name: 'People on this lead' });
    await people
      .getByRole('listitem')
      .filter({ hasText: 'Closer' })
      .filter({ hasText: 'Morgan Reyes' })
      .waitFor(UI);
    await people
      .getByRole('listitem')
      .filter({ hasText: 'Owner' })
      .filter({ hasText: 'Riley Carter' })
      .waitFor();
    await people
      .getByRole('listitem')
      .filter({ hasText: 'Setter' })
      .filter({ hasText: 'Riley Carter' })
      .filter({ hasText: 'Setter and closer' })
      .first()
      .waitFor();
    expect(await people.getByRole('listitem').count()).toBe(3);

    // Who worked it: the rep added it, which the server recorded as the lead's activity.
    const history = personnel.getByRole('list', { name: 'Who worked this lead' });
    const riley = history.getByRole('listitem').filter({ hasText: 'Riley Carter' });
    await riley.waitFor(UI);
    await expect.poll(() => riley.textContent()).toContain('1 entry');
    expect(await riley.textContent()).toContain(`added ${name}`);

    // Without a Google key, the roof comes from the org's aerial imagery (the public USGS tiles by
    // default: nine around the lead, with their credit; this machine cannot load them).
    const roof = section(page, 'Satellite').getByRole('img', { name: 'Satellite view of the roof' });
    await roof.waitFor();
    const tiles = await roof.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(tiles).toHaveLength(9);
    for (const src of tiles)
      expect(src).toMatch(
        /^https:\/\/basemap\.nationalmap\.gov\/arcgis\/rest\/services\/USGSImageryOnly\/MapServer\/tile\/\d+\/\d+\/\d+$/,
      );
    await section(page, 'Satellite').getByText(/USGS/).first().waitFor();
    await section(page, 'Solar')
      .getByText(
        'Not configured: set VITE_GOOGLE_SOLAR_KEY (or VITE_GOOGLE_MAPS_KEY with the Solar API enabled) when building the app.',
      )
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'lead detail with sidebars, rep');

    // Offline the people stay: they come from the device.
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    await people.getByRole('listitem').filter({ hasText: 'Morgan Reyes' }).waitFor();
    await rep.setOffline(false);

    await page.close();

    // On a phone's width each sidebar fits the screen.
    const onPhone = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true });
    const phone = await onPhone.newPage();
    await signIn(phone, baseUrl, 'rep@demo.local', `/contacts/${leadId}`);
    await waitForMark(phone, 'first-sync-done');
    await section(phone, 'Personnel').getByText('Morgan Reyes').waitFor(UI);
    // On a phone the side panel starts closed: the page is seen at once.
    for (const title of ['Personnel', 'Satellite', 'Solar']) {
      const box = await section(phone, title).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 412).toBe(true);
    }
    await expectNoSeriousA11yViolations(phone, 'lead detail with sidebars at 412 px, rep');
    await section(phone, 'Personnel').scrollIntoViewIfNeeded();
    await onPhone.close();
  }, 240_000);
});
