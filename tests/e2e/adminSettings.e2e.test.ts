/**
 * The settings an admin runs the org with: every section from the overview, products by group
 * with the default product marked, the org's branding in everyone's header, and the terms in
 * force with publishing kept for when a connection is back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';
import { waitForChangesSent } from './syncStatus.ts';

describe('admin settings', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // The demo org's branding as it was: no logo, no colour (its name is put back by the test).
    const token = await apiToken(baseUrl, 'admin@demo.local');
    await fetch(`${baseUrl}/api/v2/interfaces/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        key: 'branding',
        type: 'config',
        data: { logo_url: null, primary_color: null },
      }),
    });
    await browser?.close();
  });

  async function openSection(page: Page, name: string) {
    if (new URL(page.url()).pathname !== '/admin/settings') await page.goto(`${baseUrl}/admin/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name, exact: true }).click();
  }

  it('lists products by group with the default product marked', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
    await waitForMark(page, 'first-sync-done');
    await openSection(page, 'Products');
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    const solar = page.getByRole('listitem').filter({ hasText: 'Standard Solar Package' });
    await solar.getByText('Default product').waitFor();
    await page.getByRole('heading', { name: 'Group: Solar' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'settings, products');
    await solar.getByRole('link', { name: 'Standard Solar Package' }).click();
    await page.getByRole('heading', { name: 'Standard Solar Package', level: 1 }).waitFor();
    await page.getByRole('main').getByText('Default product').waitFor();

    // The admin's own profile in the admin area, with the way to edit it.
    await page.getByRole('navigation').getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL(`${baseUrl}/admin/profile`);
    await page.getByRole('link', { name: 'Edit my profile' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page, 'admin profile');

    // An unknown section is the non-fatal 404.
    await page.goto(`${baseUrl}/admin/settings/no-such-section`);
    await page.getByText('Page not found: /admin/settings/no-such-section').waitFor();
    await context.close();
  });

  it("sets the org's name and colour, which every member's header then shows", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
    await waitForMark(page, 'first-sync-done');
    await openSection(page, 'Branding');
    const form = page.getByRole('form', { name: 'Branding' });
    const name = form.getByLabel('Organisation name');
    await expect.poll(() => name.inputValue()).toBe('Sunward Solar');
    await expectNoSeriousA11yViolations(page, 'settings, branding');
    await form.getByLabel('Logo address').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be an https:// address or a file uploaded to the app').waitFor();
    // Nothing typed is lost on a refusal.
    expect(await name.inputValue()).toBe('Sunward Solar');
    await form.getByLabel('Logo address').fill('');
    await name.fill('Sunward Solar West');
    await form.getByLabel('Primary colour').fill('#0b7285');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Branding Saved').first().waitFor();
    // The new name is a queued change: it reaches the server before this device goes away.
    await waitForChangesSent(page);
    await context.close();

    const rep = await browser.newContext();
    const repPage = await rep.newPage();
    await signIn(repPage, baseUrl, 'rep@demo.local', '/contacts');
    await repPage.getByRole('banner').getByRole('heading', { name: 'Sunward Solar West' }).waitFor();
    const edge = await repPage
      .getByRole('banner')
      .evaluate((header) => getComputedStyle(header).borderBottomColor);
    expect(edge).toBe('rgb(11, 114, 133)');
    await rep.close();

    // The name put back for the other suites.
    const again = await browser.newContext();
    const adminPage = await again.newPage();
    await signIn(adminPage, baseUrl, 'admin@demo.local', '/admin/settings');
    await waitForMark(adminPage, 'first-sync-done');
    await openSection(adminPage, 'Branding');
    const restored = adminPage.getByRole('form', { name: 'Branding' });
    await expect.poll(() => restored.getByLabel('Organisation name').inputValue()).toBe('Sunward Solar West');
    await restored.getByLabel('Organisation name').fill('Sunward Solar');
    await restored.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Branding Saved').first().waitFor();
    await adminPage
      .getByRole('banner')
      .getByRole('heading', { name: 'Sunward Solar', exact: true })
      .waitFor();
    await waitForChangesSent(adminPage);
    await again.close();
  });

  it('shows the terms in force and keeps a new version typed offline', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
    await waitForMark(page, 'first-sync-done');
    await openSection(page, 'Legal');
    await page.getByText('Version 2026-01').waitFor();
    await expectNoSeriousA11yViolations(page, 'settings, legal');
    const form = page.getByRole('form', { name: 'Publish a new version' });
    await context.setOffline(true);
    await form.getByLabel('Version').fill('2026-02');
    await form.getByLabel('Title').fill('Terms of use');
    await form.getByLabel('Text').fill('New <b>terms</b>');
    await form.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Publishing the terms needs a connection.', { exact: false }).waitFor();
    expect(await form.getByLabel('Version').inputValue()).toBe('2026-02');
    await context.close();
  });
});
