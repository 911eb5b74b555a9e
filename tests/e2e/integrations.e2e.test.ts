/**
 * Integrations: an admin sets up a provider pointing at a local OAuth 2 provider this test starts,
 * connects from /integrations, comes back through /settings/integrations/callback connected, and
 * disconnects (the provider is told to forget the token). A refusal at the provider is shown
 * plainly on the callback page; on a phone in the dark the page fits, and offline it says so. An
 * admin makes an API key that reads leads and is refused a write, then revokes it (the revoked key
 * stays listed: keys are never deleted). The provider is deleted in afterAll.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOAuthProvider, startOAuthProvider } from '../support/oauthProvider.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, validateAs } from './session.ts';

const UI = { timeout: 30_000 };

async function adminCall(baseUrl: string, method: string, path: string, body?: unknown) {
  const token = await apiToken(baseUrl, 'admin@demo.local');
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { data?: unknown };
}

describe('integrations', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let oauth: LocalOAuthProvider;
  const baseUrl = e2eBaseUrl();
  const tag = Date.now().toString(36);
  const name = `Local CRM ${tag}`;
  const key = `local-${tag}`;

  beforeAll(async () => {
    oauth = await startOAuthProvider();
    browser = await launchBrowser();
    admin = await browser.newContext();
  });
  afterAll(async () => {
    // Remove the provider (and any connection made through it) whatever happened above.
    const list = await adminCall(baseUrl, 'GET', '/api/v2/integrations/providers').catch(() => ({
      data: [],
    }));
    for (const p of (list.data ?? []) as { id: string; key: string }[]) {
      if (p.key === key)
        await adminCall(baseUrl, 'POST', '/api/v2/integrations/providers/delete', { id: p.id });
    }
    await admin?.close();
    await browser?.close();
    await oauth?.close();
  });

  const openIntegrations = async (page: Page) => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Integrations', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor(UI);
  };

  it('an admin sets up a provider in settings', async () => {
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(UI);
    await page.getByRole('main').getByRole('link', { name: 'Integrations', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Integration providers' }).waitFor(UI);
    await expectNoSeriousA11yViolations(page, 'integration providers');

    const form = page.getByRole('region', { name: 'Add a provider' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Key', exact: true }).fill(key);
    await form.getByRole('textbox', { name: 'Client ID', exact: true }).fill(oauth.clientId);
    await form.getByLabel('Client secret').fill(oauth.clientSecret);
    await form.getByRole('textbox', { name: 'Authorization URL', exact: true }).fill(oauth.authorizeUrl);
    await form.getByRole('textbox', { name: 'Token URL', exact: true }).fill(oauth.tokenUrl);
    await form.getByRole('textbox', { name: 'Revocation URL', exact: true }).fill(oauth.revokeUrl);
    await form.getByRole('textbox', { name: 'Scopes', exact: true }).fill('contacts.read offline_access');
    await form.getByRole('button', { name: 'Add provider' }).click();
    await page.getByText(`${name} was added.`).waitFor(UI);
    const listed = page.getByRole('listitem', { name });
    await listed.waitFor(UI);
    await expect(listed.getByText('A client secret is set.', { exact: false }).count()).resolves.toBe(1);
    // The secret itself is never shown again.
    expect(await page.content()).not.toContain(oauth.clientSecret);
    await page.close();
  });

  it('connects from /integrations through the provider and back, then disconnects', async () => {
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/admin/settings`);
    await openIntegrations(page);
    await expectNoSeriousA11yViolations(page, 'integrations');

    await page.getByRole('link', { name: `Connect ${name}` }).click();
    await page.waitForURL(/\/settings\/integrations\/callback\?/, UI);
    await page.getByRole('heading', { level: 1, name: 'Finishing the connection' }).waitFor(UI);
    await page.getByText(`${name} is connected.`).waitFor(UI);
    await expectNoSeriousA11yViolations(page, 'integration callback');

    await page.getByRole('link', { name: 'Back to integrations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor(UI);
    const connection = page.getByRole('listitem', { name });
    await connection.getByText('Connected', { exact: true }).waitFor(UI);
    await connection.getByText('Access: contacts.read, offline_access').waitFor(UI);
    expect(oauth.liveTokens.size).toBe(1);

    await connection.getByRole('button', { name: `Disconnect ${name}` }).click();
    await page.getByText(`${name} is disconnected.`).waitFor(UI);
    await page.getByText('You have not connected any account yet.').waitFor(UI);
    expect(oauth.revoked).toHaveLength(1);
    await page.close();
  });

  it('a refusal at the provider is said plainly on the callback page', async () => {
    const list = await adminCall(baseUrl, 'GET', '/api/v2/integrations/providers');
    const provider = ((list.data ?? []) as { id: string; key: string }[]).find((p) => p.key === key);
    await adminCall(baseUrl, 'POST', '/api/v2/integrations/providers/edit', {
      id: provider?.id,
      authorize_url: `${oauth.authorizeUrl}?deny=1`,
    });
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/admin/settings`);
    await openIntegrations(page);
    await page.getByRole('link', { name: `Connect ${name}` }).click();
    await page.waitForURL(/\/settings\/integrations\/callback\?/, UI);
    await page
      .getByText('The connection was not approved at the service. Nothing was connected.')
      .waitFor(UI);
    await expectNoSeriousA11yViolations(page, 'integration refused');
    await page.close();
  });
  it('on a phone in the dark it fits 412 px, and offline it says a connection is needed', async () => {
    const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, colorScheme: 'dark' });
    try {
      const page = await phone.newPage();
      await signIn(page, baseUrl, 'rep@demo.local', '/integrations');
      await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor(UI);
      await page.getByRole('heading', { level: 2, name: 'Connect an account' }).waitFor(UI);
      await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
      await expectNoSeriousA11yViolations(page, 'integrations, phone, dark');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);

      await phone.setOffline(true);
      await page.getByText('You are offline').waitFor(UI);
      await page
        .getByText('Integrations need a connection: they talk to the server and to other services.', {
          exact: false,
        })
        .waitFor(UI);
      expect(await page.getByRole('heading', { level: 2, name: 'Connect an account' }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page, 'integrations offline');
      await phone.setOffline(false);
    } finally {
      await phone.close();
    }
  });
  it('an admin makes an API key (shown once) that reads leads, then revokes it', async () => {
    // A session of its own, so the test stands alone.
    const own = await browser.newContext();
    const page = await own.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor(UI);
    await expectNoSeriousA11yViolations(page, 'API keys');
    const keyName = `Reporting ${tag}`;
    const form = page.getByRole('region', { name: 'Make a key' });
    await form.getByRole('textbox', { name: 'Key name', exact: true }).fill(keyName);
    await form.getByRole('checkbox', { name: 'Read leads' }).check();
    await form.getByRole('button', { name: 'Make key' }).click();
    const shown = page.getByRole('textbox', { name: 'New API key' });
    await shown.waitFor(UI);
    const key = await shown.inputValue();
    expect(key).toMatch(/^hs_[a-z0-9]{12}_/);

    const read = await fetch(`${baseUrl}/api/v2/leads/get?limit=1`, { headers: { 'x-api-key': key } });
    expect(read.status).toBe(200);
    const write = await fetch(`${baseUrl}/api/v2/leads/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Never Added' }),
    });
    expect(write.status).toBe(403);

    const listed = page.getByRole('listitem', { name: keyName });
    await listed.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await page.getByText(`The key ${keyName} was revoked.`).waitFor(UI);
    await listed.getByText('Revoked', { exact: true }).waitFor(UI);
    expect(await page.getByRole('textbox', { name: 'New API key' }).count()).toBe(0);
    const after = await fetch(`${baseUrl}/api/v2/leads/get?limit=1`, { headers: { 'x-api-key': key } });
    expect(after.status).toBe(401);
    await own.close();
  });

  it('the legacy add_integration signs in with the body’s auth_token over a real connection', async () => {
    const token = await apiToken(baseUrl, 'rep@demo.local');
    const rep = await validateAs(baseUrl, 'rep@demo.local');
    const send = (auth_token: string) =>
      fetch(`${baseUrl}/api/add_integration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: `e2e-${tag}`, auth_token, rep_id: rep._id, value: 'acct-1' }),
      });
    const ok = await send(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, data: { kind: `e2e-${tag}`, value: 'acct-1' } });
    const refused = await send('not-a-session');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false });
  });
});
