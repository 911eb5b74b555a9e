/**
 * Third-party sign-in and the refused-session redirect, on a server of this suite's own (OpenID
 * Connect is configured by the server's environment, here against a local provider), so no other
 * suite is touched. On PostgreSQL in CI, as the workers' servers are (suiteServer.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOidcProvider, startOidcProvider } from '../support/oidcProvider.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { acceptTerms } from './session.ts';
import { type SuiteServer, startSuiteServer } from './suiteServer.ts';

const REP = 'rep@demo.local';

describe('sign-in options', () => {
  let browser: Browser;
  let provider: LocalOidcProvider;
  let server: SuiteServer | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    provider = await startOidcProvider();
    server = await startSuiteServer({
      JOBS: 'off',
      // The local provider listens on 127.0.0.1.
      OUTBOUND_ALLOW_PRIVATE: '1',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_LABEL: 'Acme ID',
    });
    baseUrl = server.url;
    await acceptTerms(baseUrl, REP);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  /** A page of its own context (signed out), with every address it went through. */
  async function newPage(): Promise<{ page: Page; visited: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    return { page, visited };
  }

  it('signs in through the provider by verified email and lands on the app', async () => {
    const { page } = await newPage();
    provider.identity = { sub: 'acme-rep', email: REP, email_verified: true };
    await page.goto(`${baseUrl}/auth/login`);
    const button = page.getByRole('link', { name: 'Sign in with Acme ID' });
    await button.waitFor();
    await expectNoSeriousA11yViolations(page, 'sign-in with options');
    await button.click();
    await page.getByRole('region', { name: 'Lead map' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The session is the normal one: it survives a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Lead map' }).waitFor();
    await page.context().close();
  });

  it('refuses an unverified email on the sign-in page, and shows unknown sign-in options as not found', async () => {
    const { page } = await newPage();
    provider.identity = { sub: 'acme-rep', email: REP, email_verified: false };
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The provider has not verified the email address of that account.');
    await expectNoSeriousA11yViolations(page, 'third-party sign-in refused');

    await page.goto(`${baseUrl}/auth/no-such-option`);
    await page.getByText('Page not found: /auth/no-such-option').waitFor();
    await expectNoSeriousA11yViolations(page, 'unknown sign-in option');
    await page.context().close();
  });

  it('sends a refused session to the sign-in page with auth_failed, and back to the page after signing in', async () => {
    const { page, visited } = await newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email').fill(REP);
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('region', { name: 'Lead map' }).waitFor();

    // The session ends on the server (as when it expires): the next visit is refused.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('hs.session') ?? '{}').token);
    const ended = await fetch(`${baseUrl}/api/v2/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status).toBe(200);

    await page.goto(`${baseUrl}/contacts`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Your session has expired or is not valid. Please sign in again.');
    expect(visited.map((url) => new URL(url)).map((url) => url.pathname + url.search)).toContain(
      '/auth/login?auth_failed=1&return=%2Fcontacts',
    );
    await expectNoSeriousA11yViolations(page, 'sign-in after a refused session');

    await page.getByLabel('Email').fill(REP);
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contacts');
    await page.context().close();
  });

  it('comes back to the return path after a third-party sign-in too', async () => {
    const { page } = await newPage();
    provider.identity = { sub: 'acme-rep', email: REP, email_verified: true };
    await page.goto(`${baseUrl}/auth/login?auth_failed=1&return=%2Fcontacts`);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contacts');
    await page.context().close();
  });
});
