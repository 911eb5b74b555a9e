/**
 * Proposals: the rep walks the lead guide for a lead they own (from the lead's page: usage → size
 * with the formula → financing → survey → proposal; a missing usage is named on its field), saves
 * the proposal with no signal, downloads its PDF made on the device, then marks it Won: the lead
 * shows Contract Signed on the device at once and on the server once back online. The list filters by status and financer. The lead's
 * status is restored and the proposal deleted afterwards (suites share the demo org). At a kitchen
 * table with no signal, on a phone: the rep books a closer from the free times the phone offers (held
 * until it syncs) and the homeowner signs a proposal of a lead of the test's own; the phone shows it
 * signed and unchanged; back online the booking is confirmed and the manager sees Contract Signed.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, apiToken, openScreen, signIn, validateAs, waitForMark } from './session.ts';
import { syncStatusText, waitForChangesSent } from './syncStatus.ts';

type Row = Record<string, unknown>;
const UI = { timeout: 30_000 };

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  // A required field's label ends with its asterisk.
  const name = new RegExp(`^${label}( \\*)?$`);
  await page.locator('input').and(page.getByLabel(name)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Axe in the light scheme and then the dark one (the app follows the system's scheme). */
async function checkBothSchemes(page: Page, label: string) {
  await expectNoSeriousA11yViolations(page, label);
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => document.documentElement.dataset.mantineColorScheme === s, scheme);
    if (scheme === 'dark') await expectNoSeriousA11yViolations(page, `${label}, dark`);
  }
}

async function postAs(baseUrl: string, email: string, path: string, body: unknown) {
  const token = await apiToken(baseUrl, email);
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Row;
}

describe('proposals', () => {
  let browser: Browser;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();
  let lead: Row | undefined;
  let proposalId: string | undefined;
  const name = `Rooftop ${randomUUID().slice(0, 8)}`;
  const financer = `Sunny Finance ${randomUUID().slice(0, 4)}`;

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    rep = await browser.newContext({ acceptDownloads: true });
  });
  afterAll(async () => {
    if (lead) {
      await postAs(baseUrl, 'admin@demo.local', '/api/v2/leads/edit', {
        _id: lead._id,
        deal_stage_status: lead.deal_stage_status,
      });
    }
    if (proposalId) {
      await postAs(baseUrl, 'rep@demo.local', '/api/v2/sync/push', {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: [{ id: 1, name: 'record.delete.v1', args: { table: 'proposals', id: proposalId } }],
      });
    }
    await rep?.close();
    await browser?.close();
  });

  it('walks the lead guide to a PDF, and a won proposal signs the contract', async () => {
    // A lead the rep owns (suites share the demo org: a teammate's lead may not be theirs to edit).
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    const me = await validateAs(baseUrl, 'rep@demo.local');
    const filters = encodeURIComponent(JSON.stringify({ owner_id: me._id }));
    const mine = await asRep(`/api/v2/leads/get?limit=100&filters=${filters}`);
    lead = mine.data.find(
      (l) => typeof l.name === 'string' && l.name.trim() && l.deal_stage_status !== 'Contract Signed',
    );
    expect(lead).toBeDefined();
    const leadId = String(lead?._id);

    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(page, 'first-sync-done');
    // The first page load was not controlled by the service worker; a reload is (so it works offline).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));

    // From the lead's page to the guide, the lead chosen.
    await openScreen(page, baseUrl, `/contacts/${leadId}`);
    await page.getByRole('heading', { name: String(lead?.name) }).waitFor(UI);
    await page.getByRole('link', { name: 'Proposal guide' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lead guide' }).waitFor(UI);
    expect(page.url()).toContain(`/proposal?lead=${leadId}`);

    // Utility and usage: a missing usage is named on its field.
    await page.getByLabel('Utility', { exact: true }).fill('APS');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Required').waitFor();
    expect(await page.getByRole('textbox', { name: 'Annual usage (kWh)' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expectNoSeriousA11yViolations(page, 'lead guide, usage with an error');
    // Worked out from the bill instead: 150 ÷ 0.15 × 12 = 12,000 kWh.
    await page.getByRole('radio', { name: 'Monthly bill' }).check();
    await page.getByLabel('Monthly bill ($)').fill('150');
    await page.getByLabel('Rate ($ per kWh)').fill('0.15');
    await page.getByText(/Annual usage from the bill: 12,000 kWh/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // System size: the formula is stated; 12,000 ÷ (365 × 5 × 0.8) = 8.22 kW → 21 × 400 W = 8.4 kW.
    await page.getByText(/kW = annual usage kWh ÷ \(365 × peak sun hours × derate 0\.8\)/).waitFor();
    const size = page.getByRole('region', { name: 'System size' });
    await size.getByText('21', { exact: true }).waitFor();
    await size.getByText('8.4 kW', { exact: true }).waitFor();
    await checkBothSchemes(page, 'lead guide, system size');
    // Going back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Monthly bill ($)').inputValue()).toBe('150');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // Products and financing.
    await page.getByLabel('Financer').fill(financer);
    await choose(page, 'Financing option', 'Loan');
    await page.getByLabel('Amount ($)').fill('25200');
    await expectNoSeriousA11yViolations(page, 'lead guide, products and financing');
    await page.getByRole('button', { name: 'Next' }).click();

    // The survey step links to filling one for this lead and coming back.
    const fill = page.getByRole('link', { name: 'Fill a survey' });
    expect(await fill.getAttribute('href')).toBe(
      `/contacts/${leadId}/surveys/new?return=${encodeURIComponent(`/proposal?lead=${leadId}`)}`,
    );
    await expectNoSeriousA11yViolations(page, 'lead guide, survey');
    // Stepping out (to fill a survey, say) and back picks the guide up where it was.
    await openScreen(page, baseUrl, `/contacts/${leadId}`);
    await page.getByRole('link', { name: 'Proposal guide' }).click();
    await page.getByRole('link', { name: 'Fill a survey' }).waitFor(UI);
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Amount ($)').inputValue()).toBe('25200');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // The proposal: named, dated today, Draft; saved on the device with no signal, then editable
    // and printable there.
    await page.getByLabel('Proposal name').fill(name);
    await checkBothSchemes(page, 'lead guide, proposal');
    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    await page.getByRole('button', { name: 'Save proposal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit proposal' }).waitFor(UI);
    proposalId = new URL(page.url()).searchParams.get('id') ?? undefined;
    expect(proposalId).toBeTruthy();

    const [download] = await Promise.all([
      page.waitForEvent('download', UI),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(String(await download.path()));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);

    // Won, still offline: the lead moves to Contract Signed on the device at once.
    await choose(page, 'Status', 'Won');
    await page.getByText('Marking it Won moves the lead to Contract Signed.').waitFor();
    // The earlier toasts closed, the save's own answer is the one shown (its reason, if refused).
    const toasts = page.locator('.mantine-Notification-root');
    for (const close of await toasts.getByRole('button', { name: 'Close' }).all()) await close.click();
    await expect.poll(() => toasts.count()).toBe(0);
    await page.getByRole('button', { name: 'Save proposal' }).click();
    await toasts.first().waitFor(UI);
    expect(await toasts.first().textContent()).toContain('Proposal saved');
    await openScreen(page, baseUrl, `/contacts/${leadId}`);
    await page.getByRole('heading', { name: String(lead?.name) }).waitFor(UI);
    await expect
      .poll(() =>
        page
          .locator('input')
          .and(page.getByLabel('Status', { exact: true }))
          .inputValue(),
      )
      .toBe('Contract Signed');
    await expectNoSeriousA11yViolations(page, 'lead page, contract signed offline');

    await rep.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(page);
    // Both reached the server: the proposal with the guide's results, and the lead's move.
    const pulledProposal = async () => {
      for (let cursor = 0, more = true; more; ) {
        const pulled = await asRep<{
          changes: { table: string; row: Row }[];
          cursor: number;
          has_more: boolean;
        }>(`/api/v2/sync/pull?cursor=${cursor}&limit=5000`);
        const found = pulled.changes.find((c) => c.table === 'proposals' && c.row._id === proposalId);
        if (found) return found.row;
        cursor = pulled.cursor;
        more = pulled.has_more;
      }
      return undefined;
    };
    await expect.poll(pulledProposal, { timeout: 30_000, interval: 1_000 }).toMatchObject({
      name,
      lead_id: leadId,
      panels: 21,
      option: 'Loan',
      amount: 25200,
      status: 'Won',
      details: { annual_kwh: 12000, system_kw: 8.4, usage_source: 'bill' },
    });

    await expect
      .poll(
        async () => {
          const now = await asRep(`/api/v2/leads/get?ids=${leadId}`);
          return [now.data[0]?.deal_stage, now.data[0]?.deal_stage_status];
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual(['Customer', 'Contract Signed']);

    // The list: filtered by status and financer.
    await page.getByRole('link', { name: 'Proposals', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Proposals' }).waitFor(UI);
    const table = page.getByRole('table', { name: 'Proposals' });
    await table.getByRole('link', { name: `Open proposal ${name}` }).waitFor(UI);
    await choose(page, 'Status', 'Won');
    await choose(page, 'Financer', financer);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('cell', { name: 'Won' }).waitFor();
    await checkBothSchemes(page, 'proposals, filtered');
    await choose(page, 'Status', 'Lost');
    await page.getByText('No proposals match these filters.').waitFor();

    // On a phone the guide fits the width (its steps stack).
    await page.setViewportSize({ width: 412, height: 900 });
    await page.goto(`${baseUrl}/proposal?id=${proposalId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit proposal' }).waitFor(UI);
    await page.getByLabel('Proposal name').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await checkBothSchemes(page, 'lead guide on a phone');
  }, 240_000);

  it('with no signal at the kitchen table, the rep books a closer and the homeowner signs on the rep’s phone; back online the lead is at Contract Signed for the manager', async () => {
    // A lead and a proposal of the rep's own, made through the API.
    const suffix = randomUUID().slice(0, 8);
    const added = await postAs(baseUrl, 'rep@demo.local', '/api/v2/leads/add', { name: `Kitchen ${suffix}` });
    const leadId = String((added.data as Row)._id);
    const id = randomUUID();
    const pushed = await postAs(baseUrl, 'rep@demo.local', '/api/v2/sync/push', {
      client_id: randomUUID(),
      schema_version: 1,
      mutations: [
        {
          id: 1,
          name: 'record.save.v1',
          args: {
            table: 'proposals',
            id,
            create: true,
            fields: {
              lead_id: leadId,
              name: `Kitchen table ${suffix}`,
              option: 'Cash',
              panels: 18,
              status: 'Sent',
              amount: 21_000,
              details: {
                annual_kwh: 10_500,
                sun_hours: 5,
                panel_wattage: 400,
                system_kw: 7.2,
                product_ids: [],
              },
            },
          },
        },
      ],
    });
    expect((pushed.results as Row[])[0]?.status).toBe('applied');

    const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true });
    const page = await phone.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', `/proposal?id=${id}`);
    await waitForMark(page, 'first-sync-done');
    // The app installed on the phone (its service worker keeps the whole app), as a rep's is.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.getByRole('heading', { level: 1, name: 'Edit proposal' }).waitFor(UI);
    await page.getByText('Not signed yet.').waitFor(UI);
    await phone.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');

    // First the setter books a closer for the lead, from the free times the phone offers.
    await openScreen(page, baseUrl, `/contacts/${leadId}`);
    await page.getByRole('button', { name: 'Add appointment' }).click();
    const booking = page.getByRole('dialog', { name: 'Add appointment' });
    const freeTimes = booking.getByRole('group', { name: 'Free times' });
    const firstFree = freeTimes.getByRole('button', { name: / with / }).first();
    // The first day with a free time (not today once the working day is over, nor a weekend).
    for (let day = 0; day < 8 && !(await firstFree.isVisible()); day++) {
      await freeTimes
        .getByText(/^No free time that day\.|with /)
        .first()
        .waitFor(UI);
      if (await firstFree.isVisible()) break;
      await freeTimes.getByRole('button', { name: 'Next day' }).click();
    }
    const closer = String(await firstFree.textContent()).split(' with ')[1] as string;
    await firstFree.click();
    await booking.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Appointment Added').first().waitFor(UI);
    const held = page.getByText(`Held for ${closer} until it syncs: the booking is confirmed then.`);
    await held.waitFor(UI);
    await openScreen(page, baseUrl, `/proposal?id=${id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit proposal' }).waitFor(UI);

    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign the proposal' });
    await dialog.getByText(`Kitchen table ${suffix}`).first().waitFor(UI);
    // Nothing drawn yet: refused, with the reason.
    await dialog.getByLabel('Printed name').fill('Dee Homeowner');
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await dialog.getByText('Draw the signature before signing.').waitFor(UI);
    // A signature drawn on the pad with a finger.
    const pad = dialog.getByRole('img', { name: 'Signature pad: draw the signature here' });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('the signature pad has no box');
    await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + 30 + i * 20, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 2)));
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByText('Proposal signed').first().waitFor(UI);
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    // Still offline: signed, checked against the PDF kept on the phone, waiting to be sent.
    await page.getByText(/^Signed by Dee Homeowner on /).waitFor(UI);
    await page.getByText('Signed and unchanged').waitFor(UI);
    await page.getByText('Waiting to be sent').waitFor(UI);
    // 'Signed and unchanged' is read from that PDF; it opens in a tab of its own.
    const opened = phone.waitForEvent('page');
    await page.getByRole('button', { name: 'Open the signed PDF' }).click();
    await (await opened).close();
    await checkBothSchemes(page, 'signed proposal on a phone, offline');

    // Back online: sent; the manager sees the signed contract and the lead at Contract Signed.
    await phone.setOffline(false);
    await waitForChangesSent(page);
    await expect.poll(() => page.getByText('Waiting to be sent').count(), { timeout: 30_000 }).toBe(0);
    const asManager = await apiAs(baseUrl, 'manager@demo.local');
    await expect
      .poll(
        async () => {
          const now = await asManager(`/api/v2/leads/get?ids=${leadId}`);
          return now.data[0]?.deal_stage_status;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('Contract Signed');
    // The booking is confirmed: the server kept it with its closer, so the phone no longer says
    // held, and says nothing of a taken slot.
    await openScreen(page, baseUrl, `/contacts/${leadId}`);
    await page
      .getByRole('heading', { name: `Kitchen ${suffix}` })
      .first()
      .waitFor(UI);
    await expect.poll(() => held.count(), { timeout: 30_000 }).toBe(0);
    await page.getByText(`Assigned to: ${closer}`).waitFor(UI);
    expect(await page.getByText(/already booked at that time/).count()).toBe(0);
    await phone.close();
    await postAs(baseUrl, 'admin@demo.local', '/api/v2/leads/edit', { _id: leadId, deleted: true });
  }, 120_000);
});
