/**
 * Contests: an admin creates one for a team, counted by number of sales (a wrong end date is named
 * on its field and what was typed stays); the team's live standings move when a rep signs a
 * contract on a lead of theirs (a sale: src/domain/sales.ts);
 * the rep sees the contest but cannot create, edit or delete one; the admin deletes it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';

const REP = 'Riley Carter';
const TEAM = 'Phoenix Central';
const UI = { timeout: 30_000 };
const DAY = 86_400_000;

const contestSection = (page: Page, name: string) => page.getByRole('region', { name });
/**
 * The rep's number of sales in the contest's standings (rank, sales, volume are its cells); people
 * without a sale are only counted under the table.
 */
const repSales = async (page: Page, name: string) => {
  const row = contestSection(page, name).getByRole('row').filter({ hasText: REP });
  if (!(await row.count())) return 0;
  return Number(await row.getByRole('cell').nth(1).textContent());
};

async function postAs(baseUrl: string, email: string, path: string, body: unknown) {
  const token = await apiToken(baseUrl, email);
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { data?: Record<string, unknown> };
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

describe('contests', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();
  const name = `Team Sprint ${Date.now().toString(36)}`;
  let leadId: string | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext();
    rep = await browser.newContext();
  });
  afterAll(async () => {
    if (leadId)
      await postAs(baseUrl, 'admin@demo.local', '/api/v2/leads/edit', { _id: leadId, deleted: true });
    await admin?.close();
    await rep?.close();
    await browser?.close();
  });

  it('an admin creates a team contest by number of sales; a closed deal moves its standings', async () => {
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'Contests', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contests' }).waitFor(UI);
    await contestSection(page, 'Winter Sprint').waitFor(UI);

    await page.getByRole('button', { name: 'New contest' }).click();
    const form = page.getByRole('dialog', { name: 'New contest' });
    await form.waitFor(UI);
    const today = new Date().toISOString().slice(0, 10);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Start date').fill(today);
    await form.getByLabel('End date').fill('2020-01-01');
    await form.getByRole('combobox', { name: 'Qualifier' }).click();
    await form.getByRole('option', { name: 'Sales Number' }).click();
    await form.getByLabel('Teams', { exact: true }).click();
    await form.getByLabel('Teams', { exact: true }).fill('Phoenix');
    await page.getByRole('option', { name: TEAM }).click();
    await form.getByLabel('Description').fill('Most deals closed this week.');
    await form.getByRole('button', { name: 'Save' }).click();
    // The wrong end date is named on its field; what was typed stays.
    await form.getByText('End date must be on or after the start date.').waitFor(UI);
    expect(await form.getByLabel('Name').inputValue()).toBe(name);
    await expectNoSeriousA11yViolations(page, 'contest form with an error, admin');
    await form.getByLabel('End date').fill(new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contest Added').waitFor(UI);
    await form.waitFor({ state: 'detached', ...UI });

    const section = contestSection(page, name);
    await section.waitFor(UI);
    await section.getByText('Running', { exact: true }).waitFor(UI);
    await section.getByText(`Who takes part: ${TEAM}`).waitFor(UI);
    // The standings: a table of those who sold, or the count of those taking part.
    await section
      .getByRole('table')
      .or(section.getByText(/no sales? yet/i))
      .first()
      .waitFor(UI);
    const before = await repSales(page, name);
    await expectNoSeriousA11yViolations(page, 'contests, admin');

    // The rep signs a contract on a new lead of theirs: it moves onto the Customer stage today.
    const added = await postAs(baseUrl, 'rep@demo.local', '/api/v2/leads/add', {
      name: `Contest Deal ${name}`,
      phone: '6025550142',
    });
    leadId = String(added.data?._id ?? added.data?.id);
    await postAs(baseUrl, 'rep@demo.local', '/api/v2/leads/edit', {
      _id: leadId,
      deal_stage: 'Customer',
      deal_stage_status: 'Contract Signed',
      contract_amount: 24_500,
    });

    await expect
      .poll(
        async () => {
          // A pull brings the sale and its move (a sync under way leaves the button disabled).
          await page
            .getByRole('button', { name: 'Sync now' })
            .click({ timeout: 3_000 })
            .catch(() => undefined);
          return repSales(page, name);
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(before + 1);
  }, 180_000);

  it('a rep sees the contest and its standings but cannot create, edit or delete one', async () => {
    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', '/team');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'Contests', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contests' }).waitFor(UI);
    const section = contestSection(page, name);
    await section.waitFor(UI);
    await section.getByRole('row').filter({ hasText: REP }).waitFor(UI);
    expect(await page.getByRole('button', { name: 'New contest' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Edit ${name}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
    // The rep's own row is marked.
    expect(await section.getByRole('row').filter({ hasText: REP }).getAttribute('aria-current')).toBe('true');
    await expectNoSeriousA11yViolations(page, 'contests, rep');

    // On a phone, in Spanish, it fits 412 px.
    await page.setViewportSize({ width: 412, height: 860 });
    await page.evaluate(() => localStorage.setItem('hs-language', 'es'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Concursos' }).waitFor(UI);
    await contestSection(page, name).getByRole('columnheader', { name: 'Volumen de ventas' }).waitFor(UI);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await expectNoSeriousA11yViolations(page, 'contests on a phone, Spanish, rep');
  }, 120_000);

  it('the admin deletes the contest', async () => {
    const [page] = admin.pages();
    if (!page) throw new Error('the admin page is gone');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete contest' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Contest Deleted').waitFor(UI);
    await contestSection(page, name).waitFor({ state: 'detached', ...UI });
  }, 60_000);
});
