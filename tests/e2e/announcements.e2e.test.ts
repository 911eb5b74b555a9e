/**
 * Updates (/update): an admin publishes an announcement whose content is pasted with hostile
 * markup; the rep sees it with only the allowed tags (nothing runs), marked unread until opened;
 * the admin edits and deletes it. Anything left behind is deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';
import { waitForChangesSent } from './syncStatus.ts';

const HOSTILE =
  '<p style="color:red" onclick="window.__pwned=1">Team <b>bonus</b> is <i>live</i>, see ' +
  '<a href="https://example.com/spiff" onmouseover="window.__pwned=1">the rules</a></p>' +
  '<script>window.__pwned=1</script><img src="x" onerror="window.__pwned=1">' +
  '<iframe src="https://example.com"></iframe><p>Second <a href="javascript:window.__pwned=1">line</a></p>';
const ALLOWED = ['B', 'I', 'STRONG', 'A', 'BR'];

describe('announcements', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let rep: BrowserContext;
  let adminPage: Page;
  let repPage: Page;
  const baseUrl = e2eBaseUrl();
  const title = `Hostile SPIFF ${Date.now().toString(36)}`;
  let createdId = '';

  const item = (page: Page) => page.locator('[id^="announcement-"]').filter({ hasText: title });

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext();
    rep = await browser.newContext({ viewport: { width: 412, height: 915 } });
    adminPage = await admin.newPage();
    repPage = await rep.newPage();
  });
  // Suites share the demo org: an announcement left behind would show in theirs.
  afterAll(async () => {
    if (createdId) {
      await fetch(`${baseUrl}/api/v2/sync/push`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await apiToken(baseUrl, 'admin@demo.local')}`,
        },
        body: JSON.stringify({
          client_id: randomUUID(),
          schema_version: 1,
          mutations: [{ id: 1, name: 'record.delete.v1', args: { table: 'announcements', id: createdId } }],
        }),
      });
    }
    await admin?.close();
    await rep?.close();
    await browser?.close();
  });

  it('an admin publishes one with pasted hostile markup; the rep sees it sanitised, unread, then read', async () => {
    await signIn(adminPage, baseUrl, 'admin@demo.local', '/admin');
    await waitForMark(adminPage, 'first-sync-done');
    await adminPage.getByRole('link', { name: 'Updates' }).first().click();
    await adminPage.getByRole('heading', { level: 1, name: 'Updates' }).waitFor();
    await adminPage.getByRole('button', { name: 'New announcement' }).click();
    const form = adminPage.getByRole('dialog', { name: 'New announcement' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Give the announcement a title.').waitFor();
    await form.getByLabel('Title').fill(title);
    await form.getByRole('combobox', { name: 'Category' }).click();
    await form.getByRole('option', { name: 'Incentives' }).click();
    const editor = form.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await editor.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'pasted');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, HOSTILE);
    await editor.getByText('Second').waitFor();
    await form.getByLabel('Link address', { exact: true }).fill('javascript:alert(1)');
    await form.getByLabel('Link button text').fill('Read the rules');
    await form.getByRole('button', { name: 'Add a file' }).click();
    await form.getByLabel('Name of file 1').fill('rules.pdf');
    await form.getByLabel('Address of file 1').fill('https://example.com/rules.pdf');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a web address starting with https:// or http://').waitFor();
    await expectNoSeriousA11yViolations(adminPage, 'announcement form, admin');
    await form.getByLabel('Link address', { exact: true }).fill('https://example.com/rules');
    await form.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Announcement Added').first().waitFor();
    await item(adminPage).waitFor();
    createdId = String(await item(adminPage).getAttribute('id')).replace('announcement-', '');
    await waitForChangesSent(adminPage);

    await signIn(repPage, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(repPage, 'first-sync-done');
    // The header's announcement panel counts it as unread and lists it first.
    await repPage.getByRole('button', { name: /^Announcements, \d+ unread$/ }).click();
    const panel = repPage.getByRole('dialog', { name: 'Latest announcements' });
    const inPanel = panel.getByRole('button', { name: new RegExp(`^${title}`) });
    await inPanel.getByText('Unread', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(repPage, 'announcement panel, rep, phone width');
    await repPage.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // On a phone the side panel starts closed; the menu opens it, and choosing a screen closes it.
    await repPage.getByRole('button', { name: 'Toggle navigation' }).click();
    await repPage.getByRole('link', { name: 'Updates' }).click();
    await repPage.getByRole('heading', { level: 1, name: 'Updates' }).waitFor();
    const mine = item(repPage);
    // Marked unread once the device has read which announcements were read (nothing flashes before).
    await mine.getByText('Unread', { exact: true }).waitFor();
    expect(await repPage.getByRole('button', { name: 'New announcement' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(repPage, 'updates, rep, phone width');

    await mine.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    const content = mine.getByTestId('announcement-content');
    await content.getByText('the rules').waitFor();
    const shown = await content.evaluate((el) => ({
      html: el.innerHTML,
      tags: [...el.querySelectorAll('*')].map((e) => e.tagName),
      attributes: [...el.querySelectorAll('*')].flatMap((e) => e.getAttributeNames()),
      hrefs: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    }));
    expect(
      shown.tags.every((tag) => ALLOWED.includes(tag)),
      shown.html,
    ).toBe(true);
    expect(shown.tags).toContain('A');
    expect(
      shown.attributes.every((a) => a === 'href' || a === 'target'),
      shown.html,
    ).toBe(true);
    expect(
      shown.hrefs.every((href) => href?.startsWith('https://')),
      shown.html,
    ).toBe(true);
    expect(shown.html).toMatch(/<(b|strong)>bonus<\/(b|strong)>/);
    expect(shown.html).toContain('<i>live</i>');
    expect(await repPage.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await mine.getByRole('link', { name: 'Read the rules' }).getAttribute('href')).toBe(
      'https://example.com/rules',
    );
    expect(await mine.getByRole('link', { name: 'rules.pdf' }).getAttribute('href')).toBe(
      'https://example.com/rules.pdf',
    );
    // Opened: no longer unread, and it stays read after a reload.
    await expect.poll(() => mine.getByText('Unread', { exact: true }).count()).toBe(0);
    await repPage.reload();
    await item(repPage).waitFor();
    expect(await item(repPage).getByText('Unread', { exact: true }).count()).toBe(0);
    // The panel no longer marks it; choosing it there opens it on the updates page.
    await repPage.getByRole('button', { name: /^Announcements/ }).click();
    const again = repPage
      .getByRole('dialog', { name: 'Latest announcements' })
      .getByRole('button', { name: new RegExp(`^${title}`) });
    expect(await again.getByText('Unread', { exact: true }).count()).toBe(0);
    await again.click();
    await repPage.waitForURL(`**/update?open=${createdId}`);
    await item(repPage).getByTestId('announcement-content').getByText('the rules').waitFor();
    // The category filter keeps it under Incentives only.
    await repPage.getByRole('combobox', { name: 'Category' }).click();
    await repPage.getByRole('option', { name: 'Policies' }).click();
    await expect.poll(() => item(repPage).count()).toBe(0);
  });

  it('the admin edits it, then deletes it, and it leaves the rep’s list', async () => {
    expect(createdId).not.toBe('');
    await adminPage.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    const form = adminPage.getByRole('dialog', { name: 'Edit announcement' });
    // The list redraws as the rep's reads sync in; a click that lands on a button being replaced
    // opens nothing (once in CI: no dialog after 20 s), and a person clicks again.
    await expect
      .poll(
        async () => {
          if (await form.count()) return true;
          await adminPage.getByRole('button', { name: `Edit ${title}` }).click();
          return false;
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);
    // The editor opens with the announcement's content (it once opened empty on a busy machine).
    // What the dialog held is in the failure's message, should the editor not show it.
    const content = form.getByRole('textbox', { name: 'Content' });
    await expect
      .poll(async () => {
        if (await content.count()) return content.innerText();
        return (await form.count()) ? `no editor in: ${await form.innerHTML()}` : 'no dialog';
      })
      .toContain('bonus');
    await form.getByRole('combobox', { name: 'Category' }).click();
    await form.getByRole('option', { name: 'Policies' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Announcement Edited').first().waitFor();
    await item(adminPage).getByText('Policies', { exact: true }).waitFor();
    await adminPage.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Delete announcement' });
    await expectNoSeriousA11yViolations(adminPage, 'delete announcement, admin');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await adminPage.getByText('Announcement Deleted').first().waitFor();
    await expect.poll(() => item(adminPage).count()).toBe(0);
    await waitForChangesSent(adminPage);
    createdId = '';

    await repPage.reload();
    await repPage.getByRole('heading', { level: 1, name: 'Updates' }).waitFor();
    await expect.poll(() => item(repPage).count(), { timeout: 40_000 }).toBe(0);
  });
});
