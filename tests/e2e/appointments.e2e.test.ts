/**
 * The appointments calendar: a rep's week shows their appointment; offline, they drag it to another
 * day onto a time they are already booked, and both are flagged as double booked, in words; back
 * online the server has the new start and appointment date and, the slot being taken, has settled
 * the booking (another closer or back to its setter: src/domain/bookingLease.ts), so the flag goes.
 * A phone opens on the day view. The calendar passes the accessibility check.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { acceptTerms, apiAs, signIn, waitForMark } from './session.ts';
import { waitForChangesSent } from './syncStatus.ts';

type Row = Record<string, unknown>;
const EMAIL = 'rep@demo.local';

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** This week's Monday (UTC, the browser's zone here) plus `offset` days, at `hour`:`minute`. */
function thisWeek(offset: number, hour: number, minute = 0): Date {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return new Date(monday.getTime() + offset * 86_400_000 + (hour * 60 + minute) * 60_000);
}

describe('appointments calendar', () => {
  let browser: Browser;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();
  let token = '';
  const created: string[] = [];

  const push = async (mutations: { name: string; args: unknown }[]) => {
    const res = await fetch(`${baseUrl}/api/v2/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        client_id: randomUUID(),
        schema_version: 1,
        mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      }),
    });
    const body = (await res.json()) as { results: { status: string; message?: string }[] };
    for (const r of body.results) expect(r.status, r.message).toBe('applied');
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    rep = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1366, height: 900 } });
    await acceptTerms(baseUrl, EMAIL);
    const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: 'demo1234' }),
    });
    token = ((await login.json()) as { token: string }).token;
  });
  afterAll(async () => {
    // Suites share the demo org: the appointments made here go.
    if (created.length)
      await push(created.map((id) => ({ name: 'record.delete.v1', args: { table: 'appointments', id } })));
    await rep?.close();
    await browser?.close();
  });

  it('offline, a rep drags an appointment onto a time they are booked: flagged double booked; once online the server settles it', async () => {
    const asRep = await apiAs(baseUrl, EMAIL);
    const me = (await (
      await fetch(`${baseUrl}/api/v2/auth/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      })
    ).json()) as { _id: string };
    const leads = await asRep('/api/v2/leads/get?limit=100');
    const lead =
      leads.data.find((l) => typeof l.name === 'string' && l.name.trim() && l.owner_id === me._id) ??
      leads.data.find((l) => typeof l.name === 'string' && l.name.trim());
    expect(lead).toBeDefined();
    const leadId = String(lead?._id);
    const leadName = String(lead?.name).trim();

    // Wednesday 10:00–11:00, and Thursday 14:30 (no end: an hour), both the rep's.
    const movedId = randomUUID();
    const otherId = randomUUID();
    created.push(movedId, otherId);
    const save = (id: string, start: Date, end: Date | null, notes: string) => ({
      name: 'record.save.v1',
      args: {
        table: 'appointments',
        id,
        create: true,
        fields: {
          lead_id: leadId,
          user_id: me._id,
          appointment_type: 'In-person',
          status: 'Scheduled',
          start_time: start.toISOString(),
          end_time: end?.toISOString() ?? null,
          appointment_date: dayKey(start),
          notes,
        },
      },
    });
    await push([
      save(movedId, thisWeek(2, 10), thisWeek(2, 11), 'calendar e2e moved'),
      save(otherId, thisWeek(3, 14, 30), null, 'calendar e2e other'),
    ]);

    const page: Page = await rep.newPage();
    await signIn(page, baseUrl, EMAIL, '/contacts');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'Appointments', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Week' }).isChecked()).toBe(true);

    const chip = (id: string) => page.locator(`[data-appointment="${id}"]`);
    await chip(movedId).waitFor();
    await expect.poll(() => chip(movedId).textContent()).toContain(leadName.slice(0, 10));
    await chip(otherId).waitFor();
    expect(await chip(movedId).textContent()).not.toContain('Double booked');
    await expectNoSeriousA11yViolations(page, 'appointments, week');

    // Offline, the 10:00 one goes to Thursday 14:00, over the 14:30 one.
    await rep.setOffline(true);
    const target = page.locator(`[data-slot="${dayKey(thisWeek(3, 0))}|14"]`);
    // Both in the middle of the screen, so the drag never scrolls the page.
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const from = await chip(movedId).boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the appointment or the slot is not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await target
      .locator(`[data-appointment="${movedId}"]`)
      .waitFor()
      .catch(async (err) => {
        await page.screenshot({ path: '/tmp/appointments-drag.png', fullPage: true });
        throw err;
      });
    await page.getByText('Appointment moved').first().waitFor();
    // The double booking is said in words, on both appointments and above the calendar.
    await expect.poll(() => chip(movedId).textContent()).toContain('Double booked');
    await expect.poll(() => chip(otherId).textContent()).toContain('Double booked');
    await page.getByText('2 double-booked appointments in view').waitFor();
    await expectNoSeriousA11yViolations(page, 'appointments, week, double booked');

    await rep.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(page);

    // The server has the new start, the same length and the new appointment date.
    const pulled: Row[] = [];
    for (let cursor = 0, n = 0; n < 100; n++) {
      const answer = await asRep<{
        changes: { table: string; row: Row }[];
        cursor: number;
        has_more: boolean;
      }>(`/api/v2/sync/pull?cursor=${cursor}&limit=5000`);
      pulled.push(...answer.changes.filter((c) => c.table === 'appointments').map((c) => c.row));
      cursor = answer.cursor;
      if (!answer.has_more) break;
    }
    const moved = pulled.filter((r) => r._id === movedId).at(-1);
    expect(Date.parse(String(moved?.start_time))).toBe(thisWeek(3, 14).getTime());
    expect(Date.parse(String(moved?.end_time))).toBe(thisWeek(3, 15).getTime());
    expect(moved?.appointment_date).toBe(dayKey(thisWeek(3, 0)));
    // The slot was taken: the server settled the booking, and the rep holds one appointment then.
    expect(moved?.booking).toMatchObject({ asked_user_id: me._id, clash_id: otherId });
    expect(moved?.user_id).not.toBe(me._id);
    await expect.poll(() => chip(otherId).textContent(), { timeout: 30_000 }).not.toContain('Double booked');
  });

  it('opens an event to edit it (with its lead), refuses a new one without a lead, and makes and revokes a feed', async () => {
    const page = await rep.newPage();
    await page.goto(`${baseUrl}/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    const id = created[0] ?? '';
    await page.locator(`[data-appointment="${id}"]`).click();
    const editor = page.getByRole('dialog', { name: 'Edit appointment' });
    await editor.waitFor();
    expect(await editor.getByRole('link', { name: 'Open lead' }).getAttribute('href')).toMatch(
      /^\/contacts\//,
    );
    expect(await editor.getByLabel('Start time').inputValue()).toBe('14:00');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'New appointment', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'New appointment' });
    await form.getByLabel('Notes').fill('Bring the samples');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Choose the lead this appointment is for.').waitFor();
    expect(await form.getByLabel('Notes').inputValue()).toBe('Bring the samples');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The feed: made, read by a calendar app (no session), turned off.
    await page.getByRole('button', { name: 'Create feed address' }).click();
    const address = await page.getByLabel('Your feed address').inputValue();
    expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const ics = await fetch(address.replace(/^https?:\/\/[^/]+/, baseUrl));
    expect(ics.status).toBe(200);
    // The rep's own appointment (the moved one went to someone else or back to its setter).
    expect(await ics.text()).toContain(`UID:${created[1]}@home-service-crm`);
    await page.getByText(/Your feed is on since/).waitFor();
    await page.getByRole('button', { name: 'Turn off feed' }).click();
    await page.getByText('Your feed is off.').waitFor();
    expect((await fetch(address.replace(/^https?:\/\/[^/]+/, baseUrl))).status).toBe(404);
    await page.close();
  });

  it('a phone opens on the day view', async () => {
    const phone = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 412, height: 915 } });
    try {
      const page = await phone.newPage();
      await signIn(page, baseUrl, EMAIL, `/appointment`);
      await waitForMark(page, 'first-sync-done');
      await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Day' }).isChecked()).toBe(true);
      const today = dayKey(new Date());
      await page.locator(`[data-slot="${today}|9"]`).waitFor();
      expect(await page.locator('[data-slot$="|9"]').count()).toBe(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await expectNoSeriousA11yViolations(page, 'appointments, phone');
    } finally {
      await phone.close();
    }
  });
});
