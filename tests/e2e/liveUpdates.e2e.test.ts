/**
 * Live updates: a manager keeps the contacts table open while a rep of their team changes a lead's
 * status on another device; the manager's table shows the new status without a reload, well
 * before the 30 s poll would have brought it (expect.poll gives up after 20 s).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';
import { openPlainGrid } from './tableScreen.ts';

interface Lead {
  _id: string;
  name: string;
  owner_id: string | null;
  deal_stage_status: string | null;
}

describe('live updates', () => {
  let browser: Browser;
  let manager: BrowserContext;
  let rep: BrowserContext;
  let repToken: string;
  let lead: Lead | undefined;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
    manager = await browser.newContext();
    rep = await browser.newContext();
    repToken = await apiToken(baseUrl, 'rep@demo.local');
    const get = async <T>(path: string, method = 'GET') =>
      (await (
        await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${repToken}` } })
      ).json()) as T;
    const me = await get<{ _id: string }>('/api/v2/auth/validate', 'POST');
    const leads = await get<{ data: Lead[] }>('/api/v2/leads/get?limit=100');
    // One the rep owns: their manager leads their team, so it is on the manager's table too.
    lead = leads.data.find((l) => l.owner_id === me._id && l.name);
  });
  afterAll(async () => {
    if (lead) {
      await fetch(`${baseUrl}/api/v2/leads/edit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${repToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ _id: lead._id, deal_stage_status: lead.deal_stage_status ?? '' }),
      });
    }
    await manager?.close();
    await rep?.close();
    await browser?.close();
  });

  it('a rep’s knock appears on the manager’s open contacts table without a reload', async () => {
    if (!lead) throw new Error('the demo rep owns no lead');
    const knock = lead.deal_stage_status === 'Not Home 2' ? 'Not Home 1' : 'Not Home 2';

    const managerPage = await manager.newPage();
    const streams: string[] = [];
    managerPage.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v2/events/stream') streams.push(request.url());
    });
    await signIn(managerPage, baseUrl, 'manager@demo.local', '/team');
    await waitForMark(managerPage, 'first-sync-done');
    await managerPage.getByRole('link', { name: 'Contacts', exact: true }).click();
    await openPlainGrid(managerPage);
    await managerPage.getByLabel('Search contacts').fill(lead.name);
    const status = managerPage
      .locator(`table[aria-label="Contacts"] tbody tr[data-id="${lead._id}"]`)
      .getByRole('combobox', { name: `Status of ${lead.name}` });
    await status.waitFor();
    expect(await status.inputValue()).not.toBe(knock);
    await expectNoSeriousA11yViolations(managerPage, 'contacts kept open, manager');

    const repPage = await rep.newPage();
    await signIn(repPage, baseUrl, 'rep@demo.local', `/contacts/${lead._id}`);
    await waitForMark(repPage, 'first-sync-done');
    // The status picker (an input; the badge beside it is also named Status).
    const picker = repPage.locator('input').and(repPage.getByLabel('Status', { exact: true }));
    await picker.click();
    await repPage.getByRole('option', { name: knock, exact: true }).click();
    await expectNoSeriousA11yViolations(repPage, 'lead detail after a knock, rep');

    await expect.poll(() => status.inputValue()).toBe(knock);
    // It came through the live stream the manager's device holds open.
    expect(streams.length).toBeGreaterThan(0);
  });
});
