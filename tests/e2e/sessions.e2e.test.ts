/**
 * App sessions, events and error logs: a rep works offline (a knock, a lead edit, a search) on a
 * lead that is deleted meanwhile, so the server refuses the changes; back online, the events and
 * the error logs of the refusals reach the server in the session the cookie names, which a reload
 * within the day keeps. An admin sees the session and the errors on the rep's user page.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorLogWire, EventWire, SessionWire } from '#src/domain/schemas/logging.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, validateAs, waitForMark } from './session.ts';
import { syncStatusText } from './syncStatus.ts';

type RepActivity = { sessions: SessionWire[]; events: EventWire[]; errors: ErrorLogWire[] };
const SERVER = { timeout: 45_000, interval: 500 };

async function post(baseUrl: string, email: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await apiToken(baseUrl, email)}`,
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { data?: { _id: string }; message?: string };
  if (!res.ok) throw new Error(`${path} as ${email}: ${res.status} ${answer.message}`);
  return answer;
}

/** The session id the app's cookie names (set 500 ms after start-up). */
async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === 'hs_app_session');
  return cookie && decodeURIComponent(cookie.value).split('|')[1];
}

describe('app sessions, events and error logs', () => {
  let browser: Browser;
  let rep: BrowserContext;
  let admin: BrowserContext;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    rep = await browser.newContext();
    // Only the rep works offline; the admin's context needs no offline files.
    admin = await browser.newContext({ serviceWorkers: 'block' });
  });
  afterAll(async () => {
    await rep?.close();
    await admin?.close();
    await browser?.close();
  });

  it('sends offline events and refused changes as error logs in the session the cookie keeps', async () => {
    const tag = Date.now().toString(36);
    const name = `Session Sam ${tag}`;
    const added = await post(baseUrl, 'rep@demo.local', '/api/v2/leads/add', { name, phone: '6025550166' });
    const leadId = String(added.data?._id);
    const repId = (await validateAs(baseUrl, 'rep@demo.local'))._id;
    const adminToken = await apiToken(baseUrl, 'admin@demo.local');
    const activity = async () =>
      (await (
        await fetch(`${baseUrl}/api/v2/sessions/rep?rep_id=${repId}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json()) as RepActivity;

    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(page, 'first-sync-done');
    await expect.poll(() => sessionCookie(rep)).toMatch(/^[0-9a-f-]{36}$/);
    const sessionId = String(await sessionCookie(rep));
    // Offline, the screens' code comes from the service worker: the first load was not its.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.goto(`${baseUrl}/contacts/${leadId}`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const picker = page.locator('input').and(page.getByLabel('Status', { exact: true }));
    await picker.waitFor();
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');

    // A knock from the lead page, an edit and a search, all offline.
    await picker.click();
    await page.getByRole('option', { name: 'Not Home 1', exact: true }).click();
    await page.getByText('Contact Edited').first().waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Email').fill(`session.${tag}@example.com`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Contacts' }).waitFor();
    await page.getByLabel('Search contacts').fill(name);
    await page.getByRole('link', { name }).waitFor();
    await expectNoSeriousA11yViolations(page, 'contacts searched offline, rep');

    // Meanwhile the lead is deleted: the server will refuse both changes.
    await post(baseUrl, 'admin@demo.local', '/api/v2/leads/edit', { _id: leadId, deleted: true });
    await rep.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    await expect
      .poll(async () => {
        const { events, errors, sessions } = await activity();
        const mine = events.filter((e) => e.session_id === sessionId);
        return {
          session: sessions.some((s) => s._id === sessionId && s.end_time !== null),
          knock: mine.some((e) => e.type === 'knock' && e.ref === leadId),
          edit: mine.some((e) => e.type === 'lead_edit' && e.ref === leadId),
          search: mine.some((e) => e.type === 'search' && (e.value as { query?: string }).query === name),
          refused: errors.filter(
            (e) =>
              e.session_id === sessionId &&
              e.event === 'sync_rejected' &&
              (e.log as { ref?: string }).ref === leadId,
          ).length,
        };
      }, SERVER)
      .toEqual({ session: true, knock: true, edit: true, search: true, refused: 2 });
    await expect.poll(() => syncStatusText(page), SERVER).toContain('need attention');

    // A reload within the day: the same session, and its screen views land in it.
    await page.goto(`${baseUrl}/users/${repId}`);
    await waitForMark(page, 'app-ready');
    await page.getByRole('heading', { name: 'App sessions' }).waitFor();
    expect(await sessionCookie(rep)).toBe(sessionId);
    await expect
      .poll(async () => {
        const { events } = await activity();
        return events.some(
          (e) => e.session_id === sessionId && e.type === 'screen_view' && e.ref === `/users/${repId}`,
        );
      }, SERVER)
      .toBe(true);

    // The admin sees the rep's session and the refusals on the rep's page, on a phone too.
    const adminPage = await admin.newPage();
    await signIn(adminPage, baseUrl, 'admin@demo.local', `/users/${repId}`);
    await waitForMark(adminPage, 'first-sync-done');
    await adminPage.getByRole('heading', { name: 'App sessions' }).waitFor();
    const errors = adminPage.getByRole('table', { name: 'Recent errors' });
    await errors.getByText('sync_rejected (rejected)').first().waitFor();
    await errors.getByText('This lead was deleted and can no longer be edited.').first().waitFor();
    await expectNoSeriousA11yViolations(adminPage, 'user page with app sessions, admin');
    await adminPage.setViewportSize({ width: 412, height: 915 });
    await adminPage.getByRole('table', { name: 'App sessions' }).waitFor();
    await expectNoSeriousA11yViolations(adminPage, 'user page with app sessions at 412 px, admin');
  }, 240_000);
});
