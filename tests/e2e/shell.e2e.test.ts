/**
 * The shell's rules a person sees: the 'Lead has been successfully added' toast opens the lead
 * from its button and from a click on the toast itself, and the developer diagnostics pages
 * (/dexie, /test, /beta, /test_acl) open for an admin on a desktop and on a phone. What they show,
 * and the not-found page they give a rep, are screen tests
 * (src/features/diagnostics/DiagnosticsPage.test.tsx).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { openScreen, signIn, waitForMark } from './session.ts';

const UI = { timeout: 30_000 };
/** Signing in and the first sync on a busy machine, then several screens. */
const SLOW = 300_000;
const UUID_PATH = /\/contacts\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const DIAGNOSTICS = [
  { path: '/dexie', heading: 'Diagnostics: Device database', shows: 'Tables and their rows' },
  { path: '/test', heading: 'Diagnostics: Outbox', shows: /Waiting to be sent \(\d+\)/ },
  { path: '/beta', heading: 'Diagnostics: Sync log', shows: 'Pull cursor (org version on this device)' },
  { path: '/test_acl', heading: 'Diagnostics: Role check', shows: 'What you may do, and over which records' },
] as const;

describe('shell', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function addLead(page: Page, name: string) {
    await openScreen(page, baseUrl, '/contacts/new');
    await page.getByRole('heading', { name: 'Add lead', level: 1 }).waitFor(UI);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Lead has been successfully added' });
    await toast.waitFor(UI);
    return toast;
  }

  it(
    "the lead-added toast opens the new lead from its 'Open lead' button and from the toast itself",
    async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await signIn(page, baseUrl, 'rep@demo.local', '/contacts');
      await waitForMark(page, 'first-sync-done');

      const first = `Tessa Toast ${randomUUID().slice(0, 6)}`;
      const toast = await addLead(page, first);
      // Hovered, the toast's 5 s timer pauses (SPEC section 9): it stays for the accessibility check.
      await toast.hover();
      await toast.getByRole('button', { name: 'Close' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'lead-added toast');
      await toast.getByRole('button', { name: 'Open lead' }).click();
      await page.waitForURL(UUID_PATH, UI);
      await page.getByRole('heading', { name: first, level: 1 }).waitFor(UI);
      // The action closed its toast.
      await expect.poll(() => toast.count(), UI).toBe(0);

      const second = `Theo Toast ${randomUUID().slice(0, 6)}`;
      const again = await addLead(page, second);
      await again.getByText('Lead has been successfully added').click();
      await page.waitForURL(UUID_PATH, UI);
      await page.getByRole('heading', { name: second, level: 1 }).waitFor(UI);
      await context.close();
    },
    SLOW,
  );

  it(
    'the diagnostics pages open for an admin, phone and desktop wide',
    async () => {
      for (const width of [1366, 412]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
        await waitForMark(page, 'first-sync-done');
        for (const { path, heading, shows } of DIAGNOSTICS) {
          await openScreen(page, baseUrl, path);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor(UI);
          await page.getByText(shows).first().waitFor(UI);
          expect(await page.getByRole('main').count()).toBe(1);
          await expectNoSeriousA11yViolations(page, `diagnostics ${path} at ${width} px`);
        }
        // What the role check says for an admin: users.manage over the whole organisation.
        const row = page.getByRole('row', { name: /users\.manage/ });
        await expect.poll(() => row.textContent(), UI).toContain('whole organisation');
        // The device database page names the outbox among its tables.
        await page
          .getByRole('navigation', { name: 'Diagnostics pages' })
          .getByRole('link', { name: 'Device database' })
          .click();
        await page.getByRole('cell', { name: 'outbox', exact: true }).waitFor(UI);
        await context.close();
      }
    },
    SLOW,
  );
});
