/**
 * A lead's detail page in the field, offline: a note whose markup tries to run script (only the
 * allowed tags survive), an appointment whose end is before its start (caught, then fixed), a photo
 * whose thumbnail shows from the device, and utility data — and once online the server has it all,
 * the photo's bytes included.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, openScreen, signIn, waitForMark } from './session.ts';
import { syncStatusText, waitForChangesSent } from './syncStatus.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const HOSTILE = '<b>bold</b><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

type Row = Record<string, unknown>;

describe('lead detail', () => {
  let browser: Browser;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
    rep = await browser.newContext();
  });
  afterAll(async () => {
    await rep?.close();
    await browser?.close();
  });

  it('adds a note, an appointment, a photo and utility data offline; all reach the server', async () => {
    const token = await apiToken(baseUrl, 'rep@demo.local');
    const get = async (path: string, method = 'GET') =>
      fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const me = (await (await get('/api/v2/auth/validate', 'POST')).json()) as { _id: string };
    // A lead the rep owns or consults on: its every field is theirs to edit.
    const leads = (await (await get('/api/v2/leads/get?limit=100')).json()) as { data: Row[] };
    const own = leads.data.find(
      (l) => l.owner_id === me._id || (l.energy_consultants as string[] | undefined)?.includes(me._id),
    );
    expect(own).toBeDefined();
    const leadId = String(own?._id);

    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', `/contacts/${leadId}`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('heading', { name: 'Notes' }).waitFor();
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'lead detail, rep');

    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');

    // A note with hostile markup: shown bold, nothing runs, no script or image in the page.
    await page.getByRole('button', { name: 'Add note' }).click();
    const noteDialog = page.getByRole('dialog', { name: 'Add note' });
    await noteDialog.getByRole('button', { name: 'Save' }).click();
    await noteDialog.getByText('Write the note first.').waitFor();
    await expectNoSeriousA11yViolations(page, 'add note dialog with an error, rep');
    await noteDialog.getByLabel('Subject').fill('Door talk');
    await noteDialog.getByLabel('Note', { exact: true }).fill(HOSTILE);
    await noteDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Note Added').waitFor();
    const note = page
      .getByRole('list', { name: 'Notes of this lead' })
      .getByRole('listitem', { name: 'Door talk' });
    await note.locator('b', { hasText: 'bold' }).waitFor();
    expect(await note.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // An appointment: the end before the start is caught on the field, then fixed.
    await page.getByRole('button', { name: 'Add appointment' }).click();
    const appointmentDialog = page.getByRole('dialog', { name: 'Add appointment' });
    await appointmentDialog.getByLabel('Start date').fill('2026-12-01');
    await appointmentDialog.getByLabel('Start time').fill('14:30');
    await appointmentDialog.getByLabel('End date').fill('2026-12-01');
    await appointmentDialog.getByLabel('End time').fill('13:00');
    await appointmentDialog.getByRole('button', { name: 'Save' }).click();
    await appointmentDialog.getByText('The end must not be before the start.').waitFor();
    await expectNoSeriousA11yViolations(page, 'add appointment dialog with an error, rep');
    await appointmentDialog.getByLabel('End time').fill('15:30');
    await appointmentDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Appointment Added').waitFor();
    await page
      .getByRole('list', { name: 'Appointments of this lead' })
      .getByRole('listitem')
      .first()
      .waitFor();

    // A photo: its thumbnail shows from the device while it waits to upload.
    await page
      .getByLabel('Add photo or file')
      .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('File Added').waitFor();
    const thumb = page.getByRole('img', { name: 'Thumbnail of door.png' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByText('Waiting to upload').waitFor();
    await expectNoSeriousA11yViolations(page, 'lead detail offline with changes waiting, rep');

    // Utility data.
    await page.getByRole('button', { name: 'Edit utility data' }).click();
    const utilities = page.getByRole('dialog', { name: 'Edit utility data' });
    await utilities.getByLabel('Provider').fill('APS');
    await expectNoSeriousA11yViolations(page, 'utility data dialog, rep');
    await utilities.getByLabel('Monthly bill ($)').fill('abc');
    await utilities.getByRole('button', { name: 'Save' }).click();
    await utilities.getByLabel('Monthly bill ($)').fill('182.5');
    await utilities.getByLabel('Last twelve months (kWh, comma separated)').fill('1200, 1100, 950');
    await utilities.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Utilities Updated').waitFor();
    await expect.poll(() => syncStatusText(page)).toContain('4 changes waiting');

    await rep.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(page);

    // The server has everything.
    const pulled: { table: string; row: Row }[] = [];
    for (let cursor = 0, page = 0; page < 100; page++) {
      const answer = (await (await get(`/api/v2/sync/pull?cursor=${cursor}&limit=5000`)).json()) as {
        changes: { table: string; row: Row }[];
        cursor: number;
        has_more: boolean;
      };
      pulled.push(...answer.changes);
      cursor = answer.cursor;
      if (!answer.has_more) break;
    }
    const of = (table: string) =>
      pulled.filter((c) => c.table === table && c.row.lead_id === leadId).map((c) => c.row);
    const savedNote = of('notes').find((n) => n.subject === 'Door talk');
    expect(savedNote).toMatchObject({ type: 'Lead' });
    expect(String(savedNote?.body)).toContain('<b>bold</b>');
    const appointment = of('appointments').at(-1);
    expect(appointment).toMatchObject({
      appointment_type: 'In-person',
      status: 'Scheduled',
      appointment_date: '2026-12-01',
    });
    expect(Date.parse(String(appointment?.end_time))).toBeGreaterThan(
      Date.parse(String(appointment?.start_time)),
    );
    const media = of('media').find((m) => m.name === 'door.png');
    expect(media).toMatchObject({ mimetype: 'image/png', size: PNG.byteLength });
    expect(media?.url).toMatch(/^\/api\/v2\/media\/.+\/content$/);
    const bytes = await get(String(media?.url));
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
    const lead = (await (await get(`/api/v2/leads/get?ids=${leadId}`)).json()) as { data: Row[] };
    expect(lead.data[0]?.ecl_data).toMatchObject({
      provider: 'APS',
      bill: 182.5,
      twelve_month_usage: [1200, 1100, 950],
    });

    // Online, the thumbnail still shows (now from the device or the server, either way an image).
    await page.getByText('Waiting to upload').waitFor({ state: 'detached' });
    await thumb.waitFor();

    // Selectors say when a search finds nothing, in the spec's words.
    const consultants = page
      .getByRole('region', { name: 'Energy consultants' })
      .getByLabel('Energy consultants');
    await consultants.fill('zzqx');
    // Generous: on a loaded 2-core machine the device search can take a while to answer.
    await page.getByText('No results for "zzqx".').waitFor({ timeout: 90_000 });
    await consultants.fill('');

    // The customer profile of the same lead shows the utility data just saved.
    await openScreen(page, baseUrl, `/contacts/profile?id=${leadId}`);
    await page.getByRole('heading', { name: 'Customer profile' }).waitFor();
    const profileUtilities = page.getByRole('region', { name: 'Utility data' });
    await profileUtilities.getByText('182.5').waitFor();
    await expectNoSeriousA11yViolations(page, 'customer profile, rep');
    await page
      .getByRole('list', { name: 'Appointments of this lead' })
      .getByRole('listitem')
      .first()
      .waitFor();
    // The customer selector searches the device's leads.
    const customer = page.locator('input').and(page.getByLabel('Customer', { exact: true }));
    await customer.fill('zzqx');
    // Generous: on a loaded 2-core machine the device search can take a while to answer.
    await page.getByText('No results for "zzqx".').waitFor({ timeout: 90_000 });
    await customer.fill(String(own?.name).split(' ')[0] ?? '');
    await page
      .getByRole('option', { name: String(own?.name) })
      .first()
      .waitFor({ timeout: 90_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Open lead' }).click();
    await page.getByRole('heading', { name: 'Notes' }).waitFor();
  }, 180_000);
});
