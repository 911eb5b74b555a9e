import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';

/**
 * The pages a first visit opens come drawn by the server; the app takes them over once it runs
 * (the sign-in form's take-over, signing in with it, is signIn.e2e's journey).
 */
describe('first visit', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows the sign-in form before any script runs, and it cannot be sent until the app runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Home Service CRM');
    expect(await page.getByRole('main').count()).toBe(1);
    await page.getByLabel('Email').fill('rep@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    // Enter in a field does not send the form either: the password never goes into the address.
    await page.getByRole('textbox', { name: 'Password' }).press('Enter');
    expect(page.url()).toBe(`${baseUrl}/auth/login`);
    await context.close();
  });

  it('shows the terms on a legal page before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/legal/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service and Privacy Policy' }).waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
    expect((await page.getByRole('main').textContent())?.length).toBeGreaterThan(200);
    expect(await page.content()).not.toContain('hs-terms-paragraph');
    await context.close();
  });

  it('takes the drawn legal page over without errors or asking the server for the terms again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const termsRequests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/legal/')) termsRequests.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/legal/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service and Privacy Policy' }).waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(termsRequests).toEqual([]);
    expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
    await context.close();
  });

  it('still shows the terms when the page comes without them (the app asks the server)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The same page as the service worker gives offline or on a later visit: index.html, no terms in it.
    await page.route(`${baseUrl}/legal/privacy`, async (route) => {
      const index = await fetch(`${baseUrl}/index.html`);
      await route.fulfill({ status: 200, contentType: 'text/html', body: await index.text() });
    });
    await page.goto(`${baseUrl}/legal/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service and Privacy Policy' }).waitFor();
    await context.close();
  });
});
