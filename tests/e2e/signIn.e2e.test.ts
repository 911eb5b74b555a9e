import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';

describe('sign-in page', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows the title and description, and refuses a wrong password with the server message', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/auth\/login$/);
    expect(await page.title()).toBe('Home Service CRM - Stable');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Power your service business',
    );
    await page.getByLabel('Email').fill('rep@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The email or password is incorrect.');
    await page.close();
  });

  it('signs a demo rep in and keeps the session across a reload', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email').fill('rep@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as rep@demo.local.').waitFor();
    await page.reload();
    await page.getByText('Signed in as rep@demo.local.').waitFor();
    const marks = await page.evaluate(() => performance.getEntriesByName('app-ready').length);
    expect(marks).toBeGreaterThan(0);

    // Unknown route: the non-fatal 404 inside the app, navigation still there.
    await page.goto(`${baseUrl}/no-such-screen`);
    await page.getByText('Page not found: /no-such-screen').waitFor();
    expect(await page.getByRole('link', { name: 'Contacts' }).count()).toBeGreaterThan(0);
    // A page whose check fails: the fatal 404, with only the way home.
    await page.goto(`${baseUrl}/contacts/not-a-lead-id`);
    await page.getByText('Page Not Found: /contacts/not-a-lead-id').waitFor();
    expect(await page.getByRole('link', { name: 'Contacts' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.getByText('Signed in as rep@demo.local.').waitFor();
    await page.close();
  });
});
