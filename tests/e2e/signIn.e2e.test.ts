import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';

describe('sign-in page', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  // A page of its own context: each test starts signed out, and the accessibility check needs one.
  const newPage = async () => (await browser.newContext()).newPage();

  it('shows the title and description, and refuses a wrong password with the server message', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/auth\/login$/);
    expect(await page.title()).toBe('Home Service CRM - Stable');
    // The pages drawn in advance carry it from their first byte, before any code runs.
    for (const path of ['/auth/login', '/legal/terms']) {
      const served = await (await fetch(`${baseUrl}${path}`)).text();
      expect(served, path).toContain('<title>Home Service CRM - Stable</title>');
    }
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Power your service business',
    );
    await expectNoSeriousA11yViolations(page, 'sign-in');
    await page.getByLabel('Email').fill('rep@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The email or password is incorrect.');
    await expectNoSeriousA11yViolations(page, 'sign-in refused');
    await page.context().close();
  });

  it('takes the drawn sign-in form over without errors, signs a demo rep in and keeps the session across a reload', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    // The server draws the form (firstLoad.e2e); clicking waits for the button to be enabled, i.e.
    // for the app to have taken the page over.
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email').fill('rep@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('region', { name: 'Lead map' }).waitFor();
    expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
    await page.reload();
    await page.getByRole('region', { name: 'Lead map' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'map, rep');
    const marks = await page.evaluate(() => performance.getEntriesByName('app-ready').length);
    expect(marks).toBeGreaterThan(0);

    // Unknown route: the non-fatal 404 inside the app, navigation still there.
    await page.goto(`${baseUrl}/no-such-screen`);
    await page.getByText('Page not found: /no-such-screen').waitFor();
    expect(await page.getByRole('link', { name: 'Contacts' }).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, 'page not found');
    // A page whose check fails: the fatal 404, with only the way home.
    await page.goto(`${baseUrl}/contacts/not-a-lead-id`);
    await page.getByText('Page Not Found: /contacts/not-a-lead-id').waitFor();
    expect(await page.getByRole('link', { name: 'Contacts' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'fatal page not found');
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.getByRole('region', { name: 'Lead map' }).waitFor();
    await page.context().close();
  });
});
