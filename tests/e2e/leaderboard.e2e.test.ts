/**
 * The leaderboard: a rep's knock on a lead's page reaches the server, comes back as an activity and
 * adds one to their knocks today; other metrics and periods give other lists; usable on a phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { acceptTerms, apiAs, apiToken, signIn, waitForMark } from './session.ts';

type Row = Record<string, unknown>;
const REP = 'Riley Carter';

const myRow = (page: Page) => page.getByRole('row').filter({ hasText: REP });
const myValue = async (page: Page) => Number(await myRow(page).getByRole('cell').last().textContent());
const board = (page: Page) => page.getByRole('table');

describe('leaderboard', () => {
  let browser: Browser;
  let rep: BrowserContext;
  const baseUrl = inject('baseUrl');
  let lead: Row | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    rep = await browser.newContext();
  });
  afterAll(async () => {
    // The lead goes back to the status it had.
    if (lead) {
      const token = await apiToken(baseUrl, 'admin@demo.local');
      await fetch(`${baseUrl}/api/v2/leads/edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ _id: lead._id, deal_stage_status: lead.deal_stage_status }),
      });
    }
    await rep?.close();
    await browser?.close();
  });

  it("counts a rep's knock today; metric and period change the list", async () => {
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    const leads = await asRep('/api/v2/leads/get?limit=100');
    lead = leads.data.find((l) => l.name && l.deal_stage_status !== 'Come Back');
    expect(lead).toBeDefined();
    const id = String(lead?._id);

    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'Leaderboard', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    expect(await page.getByLabel('Period').inputValue()).toBe('today');
    expect(await page.getByLabel('Metric').inputValue()).toBe('knocks');
    await myRow(page).waitFor();
    expect(await myRow(page).getAttribute('aria-current')).toBe('true');
    const before = await myValue(page);
    await expectNoSeriousA11yViolations(page, 'leaderboard, rep');

    // A knock on the lead's page.
    await page.goto(`${baseUrl}/contacts/${id}`);
    await page.getByRole('heading', { name: String(lead?.name) }).waitFor();
    await page
      .locator('input')
      .and(page.getByLabel('Status', { exact: true }))
      .fill('Come Back');
    await page.getByRole('option', { name: 'Come Back' }).click();
    // The knock reached the server.
    await expect
      .poll(
        async () => {
          const now = await asRep('/api/v2/leads/get?limit=100');
          return now.data.find((l) => l._id === id)?.deal_stage_status;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Come Back');

    await page.goto(`${baseUrl}/leaderboard`);
    await myRow(page).waitFor();
    await expect
      .poll(
        async () => {
          // A pull brings the server's activity of the knock back (a sync under way leaves it disabled).
          await page
            .getByRole('button', { name: 'Sync now' })
            .click({ timeout: 3_000 })
            .catch(() => undefined);
          return myValue(page);
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe(before + 1);

    // Another metric: its own column and counts.
    await page.getByLabel('Metric').selectOption('leads_added');
    await board(page).getByRole('columnheader', { name: 'Leads added' }).waitFor();
    await expect.poll(() => board(page).locator('caption').textContent()).toBe('Leads added, Today');

    // A past month with nothing counted: only the rep, at 0.
    await page.getByLabel('Metric').selectOption('knocks');
    await page.getByLabel('Period').selectOption('custom');
    await page.getByText('Choose a first and a last day, the first on or before the last.').waitFor();
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect.poll(() => board(page).getByRole('row').count()).toBe(2);
    expect(await myValue(page)).toBe(0);
    await expectNoSeriousA11yViolations(page, 'leaderboard, custom period, rep');

    // This month holds at least today's knock.
    await page.getByLabel('Period').selectOption('month');
    await expect.poll(() => myValue(page)).toBeGreaterThanOrEqual(before + 1);
  }, 150_000);

  it('fits a phone, in Spanish', async () => {
    await acceptTerms(baseUrl, 'manager@demo.local');
    const phone = await browser.newContext({ viewport: { width: 412, height: 860 }, locale: 'es-MX' });
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Correo electrónico').fill('manager@demo.local');
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await waitForMark(page, 'first-sync-done');
    await page.goto(`${baseUrl}/leaderboard`);
    await page.getByRole('heading', { level: 1, name: 'Clasificación' }).waitFor();
    await page.getByLabel('Alcance').selectOption('org');
    await page.getByLabel('Periodo').selectOption('month');
    await board(page).getByRole('columnheader', { name: 'Toques de puerta' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(412);
    await expectNoSeriousA11yViolations(page, 'leaderboard on a phone, Spanish, manager');
    await phone.close();
  }, 90_000);
});
