/**
 * The notification bell: an admin gives the rep a new lead, the rep's bell counts it, the list
 * opens it (marked read, on the server too); 'Mark all read' clears the badge, which stays clear
 * after a reload offline. The lead made here is deleted afterwards.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';
import { syncStatusText } from './syncStatus.ts';

type Listed = {
  rows: { _id: string; title: string; link: string | null; is_read: boolean }[];
  count: number;
};

describe('notifications bell', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;
  let leadId = '';
  let leadName = `Bell Test ${Date.now().toString(36)}`;
  const baseUrl = e2eBaseUrl();

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const repUnread = async () =>
    (
      (await call(
        await apiToken(baseUrl, 'rep@demo.local'),
        'GET',
        '/api/v2/notifications/get?unread=true&limit=100',
      )) as Listed
    ).count;
  const bell = () => page.getByRole('button', { name: /^Notifications/ });

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    context = await browser.newContext();
    page = await context.newPage();
    adminToken = await apiToken(baseUrl, 'admin@demo.local');
    const users = (await call(adminToken, 'GET', '/api/v2/users/get?q=rep%40demo.local')) as {
      data: { _id: string }[];
    };
    const added = (await call(adminToken, 'POST', '/api/v2/leads/add', {
      name: leadName,
      phone: '6025550142',
      owner_id: users.data[0]?._id,
    })) as { data: { _id: string; name: string } };
    leadId = added.data._id;
    // As the server stored it (names are normalised).
    leadName = added.data.name;
  });
  afterAll(async () => {
    if (leadId) await call(adminToken, 'POST', '/api/v2/leads/edit', { id: leadId, deleted: true });
    await context?.close();
    await browser?.close();
  });

  it('counts unread ones on the badge and opens one, marked read', async () => {
    const unread = await repUnread();
    expect(unread).toBeGreaterThan(0);
    await signIn(page, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(page, 'first-sync-done');
    await expect.poll(() => bell().getAttribute('aria-label')).toBe(`Notifications, ${unread} unread`);

    await bell().click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const list = drawer.getByRole('list', { name: 'Your notifications' });
    await list.waitFor();
    // A page of 10, newest first: the new assignment leads.
    expect(await list.getByRole('listitem').count()).toBe(10);
    const newest = list.getByRole('button').first();
    expect(await newest.textContent()).toContain('Lead assigned to you');
    expect(await newest.textContent()).toContain(leadName);
    expect(await newest.textContent()).toContain('just now');
    await expectNoSeriousA11yViolations(page, 'notifications list, rep');
    await drawer.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(10);

    await newest.click();
    await page.waitForURL(`**/contacts/${leadId}`);
    await page.getByRole('heading', { level: 1, name: leadName }).waitFor();
    await expect
      .poll(() => bell().getAttribute('aria-label'))
      .toBe(unread - 1 > 0 ? `Notifications, ${unread - 1} unread` : 'Notifications');
    // The queued change reaches the server.
    await expect.poll(repUnread).toBe(unread - 1);
  });

  it("'Mark all read' clears the badge, and it stays clear after a reload offline", async () => {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first page load was not controlled by the worker; a reload is.
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await context.setOffline(true);
    await bell().click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await drawer.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications');
    expect(await drawer.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    await page.reload();
    await bell().waitFor();
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');
    await expectNoSeriousA11yViolations(page, 'header offline, rep');

    await context.setOffline(false);
    await expect.poll(repUnread, { timeout: 40_000 }).toBe(0);
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');
  });
});
