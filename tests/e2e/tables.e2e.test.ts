/**
 * Saved views of the data table: an admin makes a view (filter, sort), makes it global; a rep sees
 * it and cannot change it; views work offline; a list screen keeps its search and scroll when the
 * user navigates away and back.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { signIn, waitForMark } from './session.ts';
import { syncStatusText, waitForChangesSent } from './syncStatus.ts';
import { openPlainGrid } from './tableScreen.ts';

const rowNames = (page: Page) =>
  page.locator('table[aria-label="Contacts"] tbody tr[data-id] td:nth-child(2) a').allTextContents();
const grid = (page: Page) => page.getByRole('table', { name: 'Contacts' }).locator('xpath=..');

describe('table views', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();
  const viewName = `Leads with A ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext();
    rep = await browser.newContext();
  });
  afterAll(async () => {
    await admin?.close();
    await rep?.close();
    await browser?.close();
  });

  it('an admin saves a filtered, sorted view and makes it global; a rep sees it read-only', async () => {
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await openPlainGrid(page);
    await page.getByRole('table', { name: 'Contacts' }).waitFor();
    // Tabs by role: an admin sees the admin-only tables too.
    await page.getByRole('tab', { name: 'Organizations' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'contacts, admin');

    await page.getByRole('button', { name: '+ New view' }).click();
    await page.getByText('View created').waitFor();
    await page.getByRole('button', { name: 'Rename' }).click();
    // An empty name is refused.
    await page.getByLabel('View name').fill(' ');
    await page.getByText('A view needs a name.').waitFor();
    await expectNoSeriousA11yViolations(page, 'rename view dialog');
    await page.getByLabel('View name').fill(viewName);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('View renamed').waitFor();

    // Filter: names containing "a".
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Field of filter 1').selectOption('name');
    await page.getByLabel('Operator of filter 1').selectOption('contains');
    await page.getByLabel('Value of filter 1').fill('a');
    await expectNoSeriousA11yViolations(page, 'filter builder, admin');
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => (await rowNames(page)).every((n) => n.toLowerCase().includes('a')), {
        timeout: 20_000,
      })
      .toBe(true);

    // Sort by name, ascending then descending.
    await page.getByRole('columnheader', { name: /^Name/ }).getByRole('button', { name: /^Name/ }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort'), {
        timeout: 20_000,
      })
      .toBe('ascending');
    const ascending = await rowNames(page);
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual(
      [...ascending].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
      ),
    );
    const shownText = (await page.getByRole('status', { name: 'Rows shown' }).textContent()) ?? '';
    const [shown, total] = shownText.split(' of ').map((n) => Number.parseInt(n, 10));
    expect(shown).toBeLessThan(total as number);

    await page.getByRole('button', { name: 'Make global' }).click();
    await page.getByText('View made global').waitFor();
    await page.getByRole('button', { name: 'Remove from global' }).waitFor();
    await waitForChangesSent(page);

    // Keep-alive: search and scroll are there after a trip to the map.
    await page.getByLabel('Search contacts').fill('e');
    await grid(page).evaluate((el) => {
      el.scrollTop = 200;
    });
    await expect
      .poll(() => grid(page).evaluate((el) => el.scrollTop), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const scrolled = await grid(page).evaluate((el) => el.scrollTop);
    await page.getByRole('link', { name: 'Map', exact: true }).click();
    await page.getByRole('table', { name: 'Contacts' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await expect.poll(() => page.getByLabel('Search contacts').inputValue(), { timeout: 20_000 }).toBe('e');
    await expect.poll(() => grid(page).evaluate((el) => el.scrollTop), { timeout: 20_000 }).toBe(scrolled);
    await expect
      .poll(() => page.getByLabel('View', { exact: true }).inputValue(), { timeout: 20_000 })
      .not.toBe('');

    // The rep sees the global view with the admin's filter, and cannot change it.
    const repPage = await rep.newPage();
    await signIn(repPage, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(repPage, 'first-sync-done');
    await repPage.getByRole('link', { name: 'Contacts', exact: true }).click();
    await openPlainGrid(repPage);
    await repPage.getByRole('table', { name: 'Contacts' }).waitFor();
    await expect(repPage.getByRole('tab', { name: 'Organizations' }).count()).resolves.toBe(0);
    await repPage.getByLabel('View', { exact: true }).selectOption({ label: `${viewName} (Global)` });
    await repPage.getByText('Only admins can change a global view.').waitFor();
    await expectNoSeriousA11yViolations(repPage, 'contacts in a global view, rep');
    expect(await repPage.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await repPage.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await repPage.getByRole('button', { name: 'Make global' }).count()).toBe(0);
    await expect
      .poll(async () => (await rowNames(repPage)).every((n) => n.toLowerCase().includes('a')), {
        timeout: 20_000,
      })
      .toBe(true);
    await repPage.getByRole('button', { name: 'Filter' }).click();
    expect(await repPage.getByRole('button', { name: 'Add filter' }).isDisabled()).toBe(true);
    expect(await repPage.getByLabel('Value of filter 1').isDisabled()).toBe(true);
    await repPage.keyboard.press('Escape');
    expect(
      await repPage
        .getByRole('columnheader', { name: /^Name/ })
        .getByRole('button', { name: /^Name/ })
        .isDisabled(),
    ).toBe(true);

    // Offline, the rep makes a view of their own: it is theirs to change, and syncs later.
    await rep.setOffline(true);
    await repPage.getByRole('button', { name: '+ New view' }).click();
    await repPage.getByText('View created').waitFor();
    await repPage.getByRole('button', { name: 'Rename' }).waitFor();
    expect(await repPage.getByText('Only admins can change a global view.').count()).toBe(0);
    await repPage.getByRole('button', { name: 'Columns' }).click();
    await repPage.getByRole('checkbox', { name: 'City' }).check();
    await expectNoSeriousA11yViolations(repPage, 'column chooser, rep offline');
    await repPage.keyboard.press('Escape');
    await repPage.getByRole('columnheader', { name: /^City/ }).waitFor();
    await expect.poll(() => syncStatusText(repPage), { timeout: 20_000 }).toContain('Offline');
    await rep.setOffline(false);
    await repPage.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(repPage);
  }, 240_000);
});
