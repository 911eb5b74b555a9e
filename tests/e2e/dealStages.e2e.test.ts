/**
 * The deal-stage editor as an admin would use it: a status added to a stage and dragged to its top
 * is saved, and a rep's device picks it up by sync and offers it offline; a status with contacts on it cannot be
 * removed. That a rep cannot open the editor is a screen test
 * (src/features/admin/AdminSettingsPage.test.tsx).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, openScreen, signIn, waitForMark } from './session.ts';

describe('deal-stage editor', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();
  let original: unknown;

  /** Puts the org's configuration back, so other suites see the demo stages. */
  async function restore() {
    const token = await apiToken(baseUrl, 'admin@demo.local');
    await fetch(`${baseUrl}/api/v2/interfaces/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ key: 'deal_stage', type: 'config', data: original }),
    });
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const answer = await fetch(`${baseUrl}/api/v2/interfaces/get?key=deal_stage`, {
      headers: { authorization: `Bearer ${token}` },
    });
    original = ((await answer.json()) as { data: unknown }).data;
  });
  afterAll(async () => {
    await restore();
    await browser?.close();
  });

  it("adds a status that a rep's device then offers offline; a status in use cannot go", async () => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', `/admin/settings/overview`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('main').getByRole('link', { name: 'Deal stages' }).click();
    await page.getByRole('heading', { name: 'Deal stages', level: 1 }).waitFor();
    const stages = page.getByRole('list', { name: 'Stages' });
    await stages.getByRole('listitem').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'deal-stage editor, admin');

    // A status with contacts on it: removing it is refused before anything is saved.
    const firstStatuses = stages.getByRole('list').first();
    const firstStatus =
      (await firstStatuses.getByRole('textbox', { name: 'Status name' }).first().inputValue()) ?? '';
    await page.getByRole('button', { name: `Remove status ${firstStatus}`, exact: true }).click();
    await page.getByText('Contacts would be left on a status that no longer exists').waitFor();
    expect(await page.getByRole('button', { name: 'Save deal stages' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Discard changes' }).click();

    // A new status at the end of the first stage.
    const firstStageName = await stages.getByRole('textbox', { name: 'Stage name' }).first().inputValue();
    const addTo = page.getByRole('form', { name: `Add a status to ${firstStageName}` });
    await addTo.getByLabel('New status').fill('Gate locked');
    await addTo.getByRole('button', { name: `Add a status to ${firstStageName}` }).click();

    // Dragged with the keyboard to the top of its stage, where reps are offered it first.
    const statusNames = firstStatuses.getByRole('textbox', { name: 'Status name' });
    const above = (await statusNames.count()) - 1;
    await page.getByRole('button', { name: 'Drag Gate locked' }).press('Space');
    await page.getByText(`Gate locked is over position ${above + 1}.`).waitFor({ state: 'attached' });
    // Each arrow is announced before the next one, as a person would hear it.
    for (let position = above; position >= 1; position--) {
      await page.keyboard.press('ArrowUp');
      await page.getByText(`Gate locked is over position ${position}.`).waitFor({ state: 'attached' });
    }
    await page.keyboard.press('Space');
    await expect.poll(() => statusNames.first().inputValue()).toBe('Gate locked');
    await page.getByRole('button', { name: 'Save deal stages' }).click();
    await page.getByText('Deal Stages Saved').first().waitFor();
    await page.getByText('Your deal stage configuration has been saved successfully.').first().waitFor();
    await admin.close();

    // A rep's device, offline after its sync, offers the new status on a lead.
    const rep = await browser.newContext();
    const repPage = await rep.newPage();
    await signIn(repPage, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(repPage, 'first-sync-done');
    const token = await apiToken(baseUrl, 'rep@demo.local');
    const leads = (await (
      await fetch(`${baseUrl}/api/v2/leads/get?limit=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { _id: string }[] };
    await openScreen(repPage, baseUrl, `/contacts/${leads.data[0]?._id}`);
    // The status picker (an input; the badge beside it is also named Status).
    const picker = repPage.locator('input').and(repPage.getByLabel('Status', { exact: true }));
    await picker.waitFor();
    await rep.setOffline(true);
    await picker.click();
    await repPage.getByRole('option', { name: 'Gate locked' }).waitFor();
    await rep.close();
    // Two people sign in and sync in full: more than the default minute on a busy machine.
  }, 120_000);
});
