/**
 * The reason the product exists: a rep keeps working with no signal and loses nothing.
 * Sign in, first sync, go offline, reload (served by the service worker), add a lead and edit
 * another, reload offline again, come back online — and the server has exactly those changes,
 * which a manager's device then pulls.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, signIn, validateAs, waitForMark } from './session.ts';
import { syncStatusText, waitForChangesSent } from './syncStatus.ts';
import { openPlainGrid } from './tableScreen.ts';

const waitForFirstSync = (page: Page) => waitForMark(page, 'first-sync-done');

describe('offline journey', () => {
  let browser: Browser;
  let rep: BrowserContext;
  let manager: BrowserContext;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    rep = await browser.newContext();
    // Only the rep works offline; the manager's context needs no offline files.
    manager = await browser.newContext({ serviceWorkers: 'block' });
  });
  afterAll(async () => {
    await rep?.close();
    await manager?.close();
    await browser?.close();
  });

  it('keeps working offline and delivers every change once back online', async () => {
    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', '/contacts');
    await waitForFirstSync(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first page load was not controlled by the worker; a reload is.
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));

    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await openPlainGrid(page);
    const firstRow = page.getByRole('table', { name: 'Contacts' }).getByRole('row').nth(1);
    await firstRow.waitFor();
    // The view's own changes reach the server first: only the lead changes below wait.
    await waitForChangesSent(page);
    // The lead edited below is one the rep owns: suites share the demo org, so the first row may be
    // a teammate's lead the rep sees but may not edit.
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    const me = await validateAs(baseUrl, 'rep@demo.local');
    const filters = encodeURIComponent(JSON.stringify({ owner_id: me._id }));
    const mine = await asRep(`/api/v2/leads/get?limit=100&filters=${filters}`);
    const owned = mine.data.find(
      (l) => typeof l.name === 'string' && l.name.trim() && l.email !== 'offline.edit@example.com',
    );
    expect(owned).toBeDefined();
    const editedName = String(owned?.name);
    const editedId = String(owned?._id);
    const editedHref = `/contacts/${editedId}`;

    await rep.setOffline(true);
    await page.reload();
    await page.getByRole('table', { name: 'Contacts' }).waitFor();
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    await expectNoSeriousA11yViolations(page, 'contacts offline, rep');
    // What was already waiting when the connection went (the map's view, saved a moment after it
    // rests, may still be on its way): the two lead changes below come on top of it.
    const waitingBefore = waitingCount((await syncStatusText(page)) ?? '');

    // Add a lead.
    await page.getByRole('link', { name: 'Add lead' }).click();
    // The form has replaced the table (whose column menus are also labelled by field name).
    await page.getByRole('heading', { name: 'Add lead' }).waitFor();
    await page.getByLabel('Name').fill('Offline, Olivia');
    await page.getByLabel('Phone').fill('(602) 555-0177');
    // A wrong ZIP is caught on the device, with what to fix; nothing is saved.
    await page.getByLabel('Address').fill('4410 N 12th St, Phoenix, Arizona 8501');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Some fields need fixing before the lead can be saved.').waitFor();
    await page.getByText('The ZIP code must be 5 digits or ZIP+4 (12345-6789).').waitFor();
    await expectNoSeriousA11yViolations(page, 'add lead with errors, rep');
    await page.getByLabel('Address').fill('4410 N 12th St, Phoenix, Arizona 85014');
    await page.getByLabel('Appointment').fill('2026-12-01 14:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lead has been successfully added').waitFor();
    // Toasts carry a close button labelled 'Close'.
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Lead has been successfully added' })
      .getByRole('button', { name: 'Close' })
      .waitFor();

    // Edit another.
    await page.goto(`${baseUrl}${editedHref}/edit`);
    await page.getByLabel('Email').fill('offline.edit@example.com');
    await expectNoSeriousA11yViolations(page, 'edit lead, rep');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Contacts' }).waitFor();

    // Still offline, reload: both changes are there, waiting.
    await page.reload();
    await page.getByRole('table', { name: 'Contacts' }).waitFor();
    await expect.poll(() => syncStatusText(page)).toContain(`${waitingBefore + 2} changes waiting`);
    // Other suites add leads to the shared org, so the new one may sit below the rows on screen;
    // searching finds it (the search is a change of the view's own, so it is looked up last).
    await page.getByLabel('Search contacts').fill('Olivia Offline');
    await page.getByRole('link', { name: 'Olivia Offline' }).waitFor();

    // Still offline, Olivia signs. The deal is asked for with the status, and 'My pay' projects the
    // rep's pay on it from the device alone: the org's plan pays $0.10 a watt, half released at
    // signing; the rep who added her is both her setter and her closer.
    await page.getByRole('link', { name: 'Olivia Offline' }).click();
    await page.getByRole('heading', { name: 'Olivia Offline', level: 1 }).waitFor();
    const statusPicker = page.locator('input').and(page.getByLabel('Status', { exact: true }));
    await statusPicker.click();
    await page.getByRole('option', { name: 'Contract Signed', exact: true }).click();
    const signed = page.getByRole('dialog', { name: 'Contract signed' });
    await signed.getByLabel('Contract amount').fill('30000');
    await signed.getByLabel('System size (kW)').fill('10');
    await signed.getByRole('button', { name: 'Save' }).click();
    await signed.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'My pay' }).click();
    await page.getByRole('heading', { name: 'My pay', level: 1 }).waitFor();
    const payLine = page.getByRole('row').filter({ hasText: 'Olivia Offline' });
    await expect
      .poll(() => payLine.getByRole('cell').allTextContents())
      .toEqual([
        'Olivia Offline',
        'Contract Signed',
        // The milestone still to come; signing's half is released.
        'Installation Completed (next)',
        '$1,000.00',
        '$500.00',
        '$500.00',
        '$500.00',
      ]);
    // She cancels the next day: what signing released is clawed back, and the page says why.
    await page.goBack();
    await page.getByRole('heading', { name: 'Olivia Offline', level: 1 }).waitFor();
    await statusPicker.click();
    await page.getByRole('option', { name: 'Cancellation', exact: true }).click();
    await expect.poll(() => statusPicker.inputValue()).toBe('Cancellation');
    await page.goForward();
    await page.getByText('Cancellation within 30 days → clawed back $500.00').waitFor();
    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await page.getByLabel('Search contacts').fill('');

    await rep.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(page);

    const asAdmin = await apiAs(baseUrl, 'admin@demo.local');
    const added = await asAdmin(`/api/v2/leads/get?q=${encodeURIComponent('Olivia Offline')}`);
    expect(added.data).toHaveLength(1);
    expect(added.data[0]).toMatchObject({
      name: 'Olivia Offline',
      first_name: 'Olivia',
      last_name: 'Offline',
      phone: '6025550177',
      city: 'Phoenix',
      state: 'AZ',
      zip: '85014',
      appointment_date: '2026-12-01',
      appointment_time: '14:30',
      preferred_language: 'english',
      deal_stage_status: 'Cancellation',
      contract_amount: 30000,
      system_size_kw: 10,
    });
    // The rep is the energy consultant of a lead they add.
    expect(added.data[0]?.energy_consultants).toHaveLength(1);
    const edited = await asAdmin(`/api/v2/leads/get?ids=${editedId}`);
    expect(edited.data[0]).toMatchObject({ email: 'offline.edit@example.com', name: editedName });

    // A manager's device pulls the changes.
    const managerPage = await manager.newPage();
    await signIn(managerPage, baseUrl, 'manager@demo.local', '/contacts');
    await waitForFirstSync(managerPage);
    await managerPage.getByRole('link', { name: 'Contacts', exact: true }).click();
    await managerPage.getByLabel('Search contacts').fill('Olivia Offline');
    await managerPage.getByRole('link', { name: 'Olivia Offline' }).waitFor();
    await managerPage.goto(`${baseUrl}${editedHref}/edit`);
    // A full page load on a busy machine takes longer than the poll's default second.
    await expect
      .poll(() => managerPage.getByLabel('Email').inputValue(), { timeout: 15_000 })
      .toBe('offline.edit@example.com');
  }, 180_000);
});

/** How many changes the sync status says are waiting ("1 change waiting", "3 changes waiting"). */
function waitingCount(status: string): number {
  const match = /(\d+) changes? waiting/.exec(status);
  if (!match) throw new Error(`no waiting count in the sync status: ${status}`);
  return Number(match[1]);
}
