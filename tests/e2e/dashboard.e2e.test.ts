/**
 * The dashboard: the global 'Default Layout' shows the demo's figures computed on the device; an
 * admin adds a layout and a number card, makes the card wider from its menu (saved on the server),
 * edits it offline (drawn from the device's data) and sees the change reach the server once back
 * online; sets the layout global and takes it back, then deletes it, each with the spec's toast.
 * A rep on a phone sees the default layout without the admins' buttons; axe on each screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, apiToken, signIn, waitForMark } from './session.ts';

type Row = Record<string, unknown>;
type Pulled = { changes: { table: string; row: Row }[]; cursor: number; has_more: boolean };

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const layoutPicker = (page: Page) => page.locator('input').and(page.getByLabel('Layout', { exact: true }));
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Every row of a table the user's full pull brings. */
async function pulled(read: Awaited<ReturnType<typeof apiAs>>, table: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let cursor = 0, more = true; more; ) {
    const page = await read<Pulled>(`/api/v2/sync/pull?cursor=${cursor}&limit=5000`);
    for (const c of page.changes) if (c.table === table) rows.push(c.row);
    cursor = page.cursor;
    more = page.has_more;
  }
  return rows;
}

describe('dashboard', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let phone: BrowserContext;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    phone = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
    });
  });
  afterAll(async () => {
    await admin?.close();
    await phone?.close();
    await browser?.close();
  });

  it('shows the default layout; an admin adds a layout and a card, edits it offline, shares and deletes it', async () => {
    const asAdmin = await apiAs(baseUrl, 'admin@demo.local');
    const contacts = (await pulled(asAdmin, 'contacts')).filter((c) => !c.deleted_at);

    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => layoutPicker(page).inputValue()).toBe('Default Layout (global)');
    for (const title of ['Leads this week', 'Pipeline by stage', 'Top reps', 'Leads on the map'])
      await card(page, title).waitFor();
    // This week's figure, counted on the device by the leaderboard's own rule (the same number on
    // every screen: src/features/dashboard/engine/sharedMetrics.test.ts), with its period said.
    const appointments = card(page, 'Appointments set');
    await expect
      .poll(() => appointments.getByTestId('card-number').getAttribute('aria-label'))
      .toMatch(/^\d+$/);
    await appointments.getByText('This week (Mon–Sun)').waitFor();
    await card(page, 'Top reps').getByRole('listitem').first().waitFor();
    // This month's sales by the one sales definition, their value in dollars to the cent on hover.
    await expect
      .poll(() => card(page, 'Sales this month').getByTestId('card-number').getAttribute('aria-label'))
      .toMatch(/^\d+$/);
    await expect
      .poll(() => card(page, 'Revenue this month').getByTestId('card-number').getAttribute('aria-label'))
      .toMatch(/^\$[\d,]+\.\d{2}$/);
    await expectNoSeriousA11yViolations(page, 'dashboard, admin');

    // A layout of one's own, with a number card.
    await page.getByRole('button', { name: 'Add layout' }).click();
    await page.getByRole('dialog', { name: 'New layout' }).getByLabel('Name').fill('E2E layout');
    await page.getByRole('dialog', { name: 'New layout' }).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Layout Added').waitFor();
    await expect.poll(() => layoutPicker(page).inputValue()).toBe('E2E layout');
    await page.getByText('This layout has no cards yet.').waitFor();

    await page.getByRole('button', { name: 'Add card' }).click();
    const editor = page.getByRole('dialog', { name: 'New card' });
    await editor.getByRole('button', { name: 'Save card' }).click();
    // Nothing is saved without a title; what was chosen stays.
    await editor.getByText('This field is required.').waitFor();
    await editor.getByRole('textbox', { name: /^Title/ }).fill('All leads');
    await expectNoSeriousA11yViolations(page, 'card editor');
    await editor.getByRole('button', { name: 'Save card' }).click();
    await toast(page, 'Card Added').waitFor();
    const allLeads = card(page, 'All leads').getByTestId('card-number');
    await expect
      .poll(() => allLeads.getAttribute('aria-label'))
      .toBe(contacts.length.toLocaleString('en-US'));
    const cardId = String(await card(page, 'All leads').getAttribute('data-card-id'));

    // Wider from the card's menu (the keyboard's way to resize), saved on the server.
    await page.getByRole('button', { name: 'Actions of All leads' }).click();
    await page.getByRole('menuitem', { name: 'Wider' }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(
        async () => (await asAdmin<{ card?: Row }>(`/api/get_card?card_id=${cardId}`)).card?.card_layout,
        {
          timeout: 30_000,
          interval: 1_000,
        },
      )
      .toMatchObject({ w: 4, h: 2 });

    // Dragged by its title to the right: the new place is saved too.
    const handle = card(page, 'All leads').getByRole('heading', { name: 'All leads' });
    const box = await handle.boundingBox();
    if (!box) throw new Error('the card has no title on screen');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++)
      await page.mouse.move(box.x + 20 + step * 40, box.y + box.height / 2 + 2);
    await page.mouse.up();
    await expect
      .poll(
        async () => {
          const placed = (await asAdmin<{ card?: Row }>(`/api/get_card?card_id=${cardId}`)).card?.card_layout;
          return (placed as { x?: number } | undefined)?.x ?? 0;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);

    // Offline: the card is changed and drawn from the device's own data.
    await admin.setOffline(true);
    await page.getByRole('button', { name: 'Actions of All leads' }).click();
    await page.getByRole('menuitem', { name: 'Edit card' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit card' });
    await edit.getByRole('textbox', { name: /^Title/ }).fill('Leads by owner');
    await edit
      .locator('input')
      .and(edit.getByLabel('Card type', { exact: true }))
      .click();
    await page.getByRole('option', { name: 'Leaderboard' }).click();
    await edit.getByRole('button', { name: 'Save card' }).click();
    await toast(page, 'Card Edited').waitFor();
    await card(page, 'Leads by owner').getByRole('listitem').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'dashboard offline');

    await admin.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect
      .poll(async () => (await asAdmin<{ card?: Row }>(`/api/get_card?card_id=${cardId}`)).card, {
        timeout: 30_000,
        interval: 1_000,
      })
      .toMatchObject({ title: 'Leads by owner', type: 'leaderboard', config: { group_by: 'owner_id' } });
    const batch = await fetch(`${baseUrl}/api/ls_leads_get_dash_cards`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await apiToken(baseUrl, 'admin@demo.local')}`,
      },
      body: JSON.stringify({ card_ids: [cardId] }),
    });
    expect(((await batch.json()) as { cards: Row[] }).cards.map((c) => c._id)).toEqual([cardId]);

    // Shared with everyone and taken back, then deleted.
    await page.getByRole('button', { name: 'Set Global' }).click();
    await toast(page, 'Layout Set Global').waitFor();
    await page.getByRole('button', { name: 'Remove From Global' }).click();
    await toast(page, 'Layout Removed From Global').waitFor();
    await page.getByRole('button', { name: 'Delete layout' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this layout?' })
      .getByRole('button', { name: 'Delete layout' })
      .click();
    await toast(page, 'Layout Deleted').waitFor();
    await expect.poll(() => layoutPicker(page).inputValue()).toBe('Default Layout (global)');
    await expect
      .poll(async () => (await asAdmin<{ success: boolean }>(`/api/get_card?card_id=${cardId}`)).success, {
        timeout: 30_000,
        interval: 1_000,
      })
      .toBe(false);
  });

  it("on a phone a rep sees the default layout's cards, without the admins' buttons", async () => {
    const page = await phone.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', `/dashbord`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await card(page, 'Appointments set').getByTestId('card-number').waitFor();
    await card(page, 'Pipeline by stage').waitFor();
    expect(await page.getByRole('button', { name: 'Set Global' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add card' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions of/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add layout' }).waitFor();
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'dashboard, rep on a phone');
  });
});
