/**
 * A product's page as an admin would use it: added (offline, synced once back online), a bad
 * price refused with what was typed kept, edited and deleted, each with its toast; /organizations
 * lists the organisations. That a rep sees a product's page without the means to change it is a
 * screen test (src/features/records/RecordPage.test.tsx).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { openScreen, signIn, waitForMark } from './session.ts';
import { syncStatusText, waitForChangesSent } from './syncStatus.ts';
import { openPlainGrid } from './tableScreen.ts';

describe('record pages', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds, edits and deletes a product, offline first', async () => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', `/products`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'New Product' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'new product, admin');

    await admin.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    const form = page.getByRole('form', { name: 'Product details' });
    await form.getByLabel('Name').fill('Home battery 13 kWh');
    await form.getByLabel('Category').fill('Storage');
    await form.getByLabel('Price').fill('12,50');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('There was an error adding the product. Please try again.').first().waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('Home battery 13 kWh');
    await form.getByLabel('Price').fill('9800.50');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product Added').first().waitFor();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Home battery 13 kWh', level: 1 }).waitFor();
    await expect.poll(() => syncStatusText(page)).toMatch(/[1-9]\d* changes? waiting/);
    await admin.setOffline(false);
    await waitForChangesSent(page);
    await expectNoSeriousA11yViolations(page, 'product page, admin');

    await page.getByRole('form', { name: 'Product details' }).getByLabel('Name').fill('Home battery 15 kWh');
    await page.getByRole('form', { name: 'Product details' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product Edited').first().waitFor();
    await page.getByRole('heading', { name: 'Home battery 15 kWh', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Delete Product' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Home battery 15 kWh?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Product Deleted').first().waitFor();
    await page.waitForURL('**/products');
    await waitForChangesSent(page);

    await openScreen(page, baseUrl, '/organizations');
    await page.waitForURL('**/orgs');
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    // Organisations are added and removed by the service operator: no way to try from here.
    expect(await page.getByRole('link', { name: 'Add', exact: true }).count()).toBe(0);
    await admin.close();
  });

  it("adds, edits and deletes a team; a team's page shows its people and pipeline", async () => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/teams');
    await waitForMark(page, 'first-sync-done');

    // An existing team: its members with their roles, and its contacts by stage.
    await openPlainGrid(page, 'Search Teams');
    const row = page.getByRole('table', { name: 'Teams' }).locator('tbody tr[data-id]').first();
    await row.waitFor();
    await row.click();
    await page.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await page.getByRole('heading', { name: /^Pipeline: \d+ contacts?$/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'team page, admin');

    await openScreen(page, baseUrl, '/teams');
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    const form = page.getByRole('form', { name: 'Team details' });
    await form.getByLabel('Name').fill('Night Owls');
    await form.getByLabel('Leader').selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Team Added').first().waitFor();
    await page.getByRole('heading', { name: 'Night Owls', level: 1 }).waitFor();
    await page.getByText('This team has no members yet.').waitFor();
    await page.getByRole('form', { name: 'Team details' }).getByLabel('Name').fill('Early Birds');
    await page.getByRole('form', { name: 'Team details' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Team Edited').first().waitFor();
    await page.getByRole('button', { name: 'Delete Team' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Early Birds?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Team Deleted').first().waitFor();
    await page.waitForURL('**/teams');

    // Not a record: the page check fails.
    await page.goto(`${baseUrl}/teams/not-a-team`);
    await page.getByText('Page Not Found: /teams/not-a-team').waitFor();
    await admin.close();
  });

  it("opens a user's page from the users list: their details, teams and deals", async () => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', `/users`);
    await waitForMark(page, 'first-sync-done');
    await openPlainGrid(page, 'Search Users');
    const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr[data-id]').first();
    await row.waitFor();
    await row.click();
    await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
    await page.getByRole('table', { name: 'Contact' }).waitFor();
    await page.getByRole('heading', { name: 'Teams' }).waitFor();
    await expect.poll(() => page.getByText('Active deals').locator('..').textContent()).toMatch(/\d/);
    await expectNoSeriousA11yViolations(page, 'user page, admin');
    await page.goto(`${baseUrl}/users/nobody`);
    await page.getByText('Page Not Found: /users/nobody').waitFor();
    await admin.close();
  });
});
