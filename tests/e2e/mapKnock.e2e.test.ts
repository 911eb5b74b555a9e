/**
 * The map in the field: offline, with the position mocked, a rep drops a lead at their location,
 * records knocks, is warned before a second pin at the same door, and once back online the server
 * has the lead, its status and its status history, and both knocks verified at the pin (the
 * leaderboard's verified knocks count them).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, openScreen, signIn, waitForMark } from './session.ts';
import { waitForChangesSent } from './syncStatus.ts';

const HERE = { latitude: 33.4484, longitude: -112.074 };

const pinsDrawn = (page: Page) => waitForMark(page, 'pins-drawn', 30_000);

describe('lead map', () => {
  let browser: Browser;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    rep = await browser.newContext({ geolocation: HERE, permissions: ['geolocation'] });
  });
  afterAll(async () => {
    await rep?.close();
    await browser?.close();
  });

  it('drops a pin, records knocks and warns of a second pin at the door, offline; the server gets it all', async () => {
    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local');
    await waitForMark(page, 'first-sync-done');
    await pinsDrawn(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await pinsDrawn(page);

    await rep.setOffline(true);
    await page.reload();
    await page.getByRole('region', { name: 'Lead map' }).waitFor();
    await pinsDrawn(page);
    const before = (await page.getByText(/of \d+ pins/).textContent()) ?? '';
    await expectNoSeriousA11yViolations(page, 'map offline, rep');

    // Drop a lead at my location.
    await page.getByRole('button', { name: 'Add at my location' }).click();
    const maker = page.getByRole('dialog', { name: 'New lead' });
    await maker.getByLabel('Name').fill('Knock, Kim');
    await maker.getByLabel('Phone').fill('602-555-0123');
    await expectNoSeriousA11yViolations(page, 'pin maker, rep');
    await maker.getByRole('button', { name: 'Add lead' }).click();
    const panel = page.getByRole('dialog', { name: 'Kim Knock' });
    await panel.waitFor();
    await expect.poll(() => page.getByText(/of \d+ pins/).textContent()).not.toBe(before);
    await expectNoSeriousA11yViolations(page, "map's lead panel, rep");

    // Knock twice: the second choice comes from the suggestions after the first.
    await panel.getByRole('button', { name: 'Not Home 1' }).click();
    await expect.poll(() => panel.textContent()).toContain('Waiting to sync');
    await panel.getByRole('button', { name: 'Not Home 2' }).first().click();
    await expect.poll(async () => (await panel.textContent())?.includes('Not Home 2')).toBe(true);

    // No double knocks: the same spot again warns and offers the existing lead.
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Add at my location' }).click();
    const again = page.getByRole('dialog', { name: 'New lead' });
    await again
      .getByRole('alert')
      .getByText(/There is already a lead \d+ m from here: Kim Knock/)
      .waitFor();
    expect(await again.getByRole('button', { name: 'Add lead' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'pin maker warning of a second pin, rep');
    await again.getByRole('button', { name: 'Open Kim Knock' }).click();
    await page.getByRole('dialog', { name: 'Kim Knock' }).waitFor();

    // The address search finds the rep's own lead on the device, offline.
    await page
      .getByRole('dialog', { name: 'Kim Knock' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await page.getByLabel('Search address').fill('Kim Knock');
    await page.getByText('Your lead').click();
    await page.getByRole('dialog', { name: 'Kim Knock' }).waitFor();

    // Walk the street with path tracking on.
    await page
      .getByRole('dialog', { name: 'Kim Knock' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await page.getByRole('button', { name: 'Start path' }).click();
    await page.getByText('Path Tracking Started').waitFor();
    // Each step of some 33 m is a point of the path, counted on the button as it is taken.
    const stopPath = page.getByRole('button', { name: /Stop path/ });
    const pointsTaken = async () => Number((await stopPath.textContent())?.match(/(\d+) points?/)?.[1] ?? 0);
    for (let i = 1; i <= 4; i++) {
      const before = await pointsTaken();
      await rep.setGeolocation({ latitude: HERE.latitude + i * 0.0003, longitude: HERE.longitude });
      await expect.poll(pointsTaken).toBeGreaterThan(before);
    }
    await stopPath.click();
    await page.getByText('Path Saved').waitFor();

    // Back online: everything reaches the server once.
    await rep.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(page);

    const asAdmin = await apiAs(baseUrl, 'admin@demo.local');
    const found = await asAdmin(`/api/v2/leads/get?q=${encodeURIComponent('Kim Knock')}`);
    expect(found.data).toHaveLength(1);
    const lead = found.data[0] as Record<string, unknown>;
    expect(lead).toMatchObject({
      name: 'Kim Knock',
      phone: '6025550123',
      deal_stage: 'Contact',
      deal_stage_status: 'Not Home 2',
      coordinates: [HERE.longitude, HERE.latitude],
    });
    expect(lead.last_touched_at).toBeTruthy();
    const changes: { table: string; row: Record<string, unknown> }[] = [];
    for (let cursor = 0, more = true; more; ) {
      const page = await asAdmin<{
        changes: { table: string; row: Record<string, unknown> }[];
        cursor: number;
        has_more: boolean;
      }>(`/api/v2/sync/pull?cursor=${cursor}&limit=5000`);
      changes.push(...page.changes);
      cursor = page.cursor;
      more = page.has_more;
    }
    const history = changes
      .filter((c) => c.table === 'activities' && (c.row.lead_refs as string[]).includes(lead._id as string))
      .map((c) => c.row.type);
    expect(history).toContain('add_lead');
    expect(history.filter((type) => type === 'lead_status_change')).toHaveLength(2);
    // Each knock carried the mocked position: at the pin, so verified, 0 m away.
    const knocks = changes
      .filter((c) => c.table === 'knocks' && c.row.lead_id === lead._id)
      .map((c) => [c.row.status, c.row.classification, Math.round(Number(c.row.distance_m))]);
    expect(knocks.sort()).toEqual([
      ['Not Home 1', 'verified', 0],
      ['Not Home 2', 'verified', 0],
    ]);

    // The rep's leaderboard counts them among today's verified knocks once they are pulled.
    await openScreen(page, baseUrl, '/leaderboard');
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    await page.getByRole('switch', { name: 'Verified knocks only' }).check();
    const myVerified = page.getByRole('table').first().getByRole('row').filter({ hasText: 'Riley Carter' });
    await expect
      .poll(
        async () => {
          await page
            .getByRole('button', { name: 'Sync now' })
            .click({ timeout: 3_000 })
            .catch(() => undefined);
          return Number(await myVerified.getByRole('cell').last().textContent());
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBeGreaterThanOrEqual(2);

    // The path and its points arrived; the rep's manager sees it for today.
    const asManager = await apiAs(baseUrl, 'manager@demo.local');
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const day = await asManager<{ paths: { ended_at: string | null; points: unknown[] }[] }>(
            `/api/v2/paths/get?date=${today}`,
          );
          return day.paths.filter((p) => p.ended_at && p.points.length >= 3).length;
        },
        { timeout: 40_000 },
      )
      .toBeGreaterThan(0);
  }, 180_000);

  it('opens on the pins it last drew only while no pin changed since', async () => {
    // The kept pins are the device database's, not the service worker's.
    const context = await browser.newContext({
      geolocation: HERE,
      permissions: ['geolocation'],
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const counter = page.getByText(/of \d+ pins/);
    const total = async () => Number(/of (\d+) pins/.exec((await counter.textContent()) ?? '')?.[1]);
    const keptShown = () => page.evaluate(() => performance.getEntriesByName('pins-kept-shown').length > 0);
    await signIn(page, baseUrl, 'rep@demo.local');
    await waitForMark(page, 'first-sync-done');
    await pinsDrawn(page);
    await expect.poll(total).toBeGreaterThan(0);
    const before = await total();
    // Opened again on the same view, nothing changed: the pins it drew are drawn again at once.
    await expect
      .poll(async () => {
        await page.reload();
        await pinsDrawn(page);
        return keptShown();
      })
      .toBe(true);
    expect(await total()).toBe(before);

    // The map closed, a lead added on the list screen: the view the map kept is out of date.
    await page.goto(`${baseUrl}/contacts/new`);
    await page.getByRole('heading', { name: 'Add lead' }).waitFor();
    await page.getByLabel('Name').fill('Reopen, Rita');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lead has been successfully added').waitFor();
    await page.goto(`${baseUrl}/`);
    await pinsDrawn(page);
    expect(await keptShown()).toBe(false);
    await expect.poll(total).toBe(before + 1);
    await expectNoSeriousA11yViolations(page, 'map reopened, rep');
    await context.close();
  });
});
