/**
 * The admin overview and the user manager as an admin would use them: a new user added with a temporary password signs in
 * on another device and is sent to the profile editor, and so does one added with an invite link
 * after choosing a password; the user page takes a photo; offline, adding says it needs a connection
 * and keeps what was typed. That a rep neither sees these screens in the side panel nor may use them
 * is a screen test (src/features/admin/UserManagerPage.test.tsx).
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, apiToken, openScreen, signIn, waitForMark } from './session.ts';
import { waitForChangesSent } from './syncStatus.ts';

describe('admin area and user manager', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  // Users this suite added with an invite link leave the demo org's lists again.
  const invited: string[] = [];
  afterAll(async () => {
    await browser?.close();
    const token = await apiToken(baseUrl, 'admin@demo.local');
    for (const _id of invited) {
      await fetch(`${baseUrl}/api/v2/users/edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ _id, deleted: true }),
      });
    }
  });

  it('adds a user who signs in with the temporary password, accepts the terms and fills in their profile before anything else', async () => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin');
    await waitForMark(page, 'first-sync-done');
    // The admin overview: the organisation's figures from the device, and the way into each part.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Contacts by stage' }).waitFor();
    await page.getByRole('listitem').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'admin overview, admin');
    // Settings: the bare path opens the overview; a section that does not exist is a 404 page.
    await openScreen(page, baseUrl, '/admin/settings');
    await page.waitForURL('**/admin/settings/overview');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page, 'settings overview, admin');
    await page.goto(`${baseUrl}/admin/settings/nope`);
    await page.getByText('Page not found: /admin/settings/nope').waitFor();
    // The pay plan section (its rules are screen and unit tests), checked as a person meets it.
    await openScreen(page, baseUrl, '/admin/settings/pay-plan');
    await page.getByRole('heading', { name: 'Pay plan', level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page, 'pay plan settings, admin');
    await openScreen(page, baseUrl, '/admin/settings/overview');
    await page.getByRole('main').getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { name: 'User manager', level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page, 'user manager, admin');

    const email = `new-${randomUUID().slice(0, 8)}@demo.local`;
    const form = page.getByRole('form', { name: 'Add a user' });
    await form.getByLabel('Name').fill('Newman, Nora');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Access level').selectOption('User');

    // Offline: it says a connection is needed and keeps every field.
    await admin.setOffline(true);
    await form.getByRole('button', { name: 'Add user' }).click();
    // The spec's red toast, the reason under it.
    await page
      .getByRole('alert')
      .filter({ hasText: 'There was an error adding the user. Please try again.' })
      .filter({ hasText: 'needs a connection' })
      .first()
      .waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    expect(await form.getByLabel('Name').inputValue()).toBe('Newman, Nora');
    await admin.setOffline(false);

    // A taken email: the server's reason, the fields kept.
    await form.getByLabel('Email').fill('rep@demo.local');
    await form.getByRole('button', { name: 'Add user' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'There was an error adding the user. Please try again.' })
      .filter({ hasText: /email/i })
      .first()
      .waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('Newman, Nora');

    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('User Added').first().waitFor();
    const password = (await page.getByLabel('Temporary password').textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await expectNoSeriousA11yViolations(page, 'user manager with a user added, admin');

    // The new user, on a device of their own: the terms first, then their profile, which every
    // other screen leads back to until it is saved.
    const newcomer = await browser.newContext();
    const theirs = await newcomer.newPage();
    await theirs.goto(`${baseUrl}/auth/login`);
    await theirs.getByLabel('Email').fill(email);
    await theirs.getByRole('textbox', { name: 'Password' }).fill(password);
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await theirs.waitForURL('**/profile/edit');
    const accept = theirs.getByRole('button', { name: 'I accept' });
    await expect.poll(() => accept.isEnabled()).toBe(true);
    await accept.click();
    await accept.waitFor({ state: 'detached' });
    await theirs.goto(`${baseUrl}/contacts`);
    await theirs.waitForURL('**/profile/edit');
    await theirs.getByRole('heading', { name: 'Your profile' }).waitFor();
    await theirs.getByLabel('Phone').fill('602 555 0188');
    await theirs.getByRole('button', { name: 'Save' }).click();
    await theirs.getByRole('region', { name: 'Lead map' }).waitFor();
    // Saved: a new opening goes where it was asked to.
    await theirs.goto(`${baseUrl}/contacts`);
    await theirs.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    expect(new URL(theirs.url()).pathname).toBe('/contacts');
    await newcomer.close();

    // Changing her: found by email, renamed; then deleted (she cannot sign in and leaves the list)
    // and restored (she can again).
    await page.getByRole('button', { name: 'Done' }).click();
    const search = page.getByRole('form', { name: 'Find a user' });
    await search.getByLabel('Name or email').fill(email);
    await search.getByRole('button', { name: 'Find' }).click();
    await page
      .getByRole('list', { name: 'Users found' })
      // Typed 'Last, First', kept as 'First Last' (SPEC section 5), and so after her own profile.
      .getByRole('button', { name: /Nora Newman/ })
      .click();
    const details = page.getByRole('form', { name: 'User details' });
    await details.getByLabel('Name').fill('Newman-Reyes, Nora');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User Edited').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'user manager changing a user, admin');

    const signInAs = (pass: string) =>
      fetch(`${baseUrl}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: pass }),
      });
    await details.getByRole('button', { name: 'Delete user' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Nora Newman-Reyes?' })
      .getByRole('button', { name: 'Delete user' })
      .click();
    await page.getByText('User Deleted').first().waitFor();
    await page.getByText('This user is deleted: they cannot sign in.').waitFor();
    expect((await signInAs(password)).ok).toBe(false);
    const listed = await (
      await fetch(`${baseUrl}/api/v2/users/get?q=${encodeURIComponent(email)}`, {
        headers: { authorization: `Bearer ${await apiToken(baseUrl, 'admin@demo.local')}` },
      })
    ).json();
    expect((listed as { data: unknown[] }).data).toHaveLength(0);

    await page.getByRole('button', { name: 'Restore user' }).click();
    await page.getByRole('form', { name: 'User details' }).waitFor();
    expect((await signInAs(password)).ok).toBe(true);

    // A password reset: the old one stops working, the new one (shown once) works.
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset').waitFor();
    const reset = (await page.getByLabel('Temporary password').textContent()) ?? '';
    expect(reset).not.toBe(password);
    expect((await signInAs(password)).ok).toBe(false);
    expect((await signInAs(reset)).ok).toBe(true);

    // A lead deleted from its page leaves the contacts and waits on the deleted leads page, where
    // the admin restores it. The lead is this test's own, added through the API.
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const added = await fetch(`${baseUrl}/api/v2/leads/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Delia Delete ${email.slice(4, 12)}`, phone: '6025550188' }),
    });
    expect(added.ok).toBe(true);
    const lead = ((await added.json()) as { data: { _id: string; name: string } }).data;
    await openScreen(page, baseUrl, `/contacts/${lead._id}`);
    await page.getByRole('heading', { name: lead.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete this lead?' });
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Lead deleted').first().waitFor();
    // The page lists what the server holds: the delete reaches it first.
    await waitForChangesSent(page);
    await openScreen(page, baseUrl, '/admin/deleted-leads');
    await page.getByRole('heading', { name: 'Deleted leads', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search deleted leads' }).fill(lead.name);
    await expectNoSeriousA11yViolations(page, 'deleted leads, admin');
    await page.getByRole('button', { name: `Restore ${lead.name}` }).click();
    await page.getByText('Lead restored').first().waitFor();
    const asAdmin = await apiAs(baseUrl, 'admin@demo.local');
    await expect
      .poll(async () => (await asAdmin(`/api/v2/leads/get?ids=${lead._id}`)).data.map((l) => l.name))
      .toEqual([lead.name]);
    await admin.close();
  });

  it('adds a user with an invite link: they choose a password on another device and reach the profile editor; their page takes a photo', async () => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', `/admin/users`);
    await waitForMark(page, 'first-sync-done');
    const email = `invited-${randomUUID().slice(0, 8)}@demo.local`;
    const form = page.getByRole('form', { name: 'Add a user' });
    await form.getByLabel('Name').fill('Ines Invited');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Setter/closer type').selectOption('closer');
    // The org's default product (198) is chosen already.
    await form.getByText('Standard Solar Package').waitFor();
    await form.getByRole('radio', { name: 'A link to choose their own' }).check();
    await form.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('Ines Invited has been added').waitFor();
    const link = (await page.getByLabel('Invite link').textContent()) ?? '';
    expect(link).toMatch(/\/auth\/invite\/[\w-]{40,}$/);
    await expectNoSeriousA11yViolations(page, 'user manager with an invite link, admin');

    const newcomer = await browser.newContext();
    const theirs = await newcomer.newPage();
    await theirs.goto(link);
    await theirs.getByRole('heading', { name: 'Choose your password', level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(theirs, 'invite page');
    await theirs.getByRole('textbox', { name: 'New password' }).fill('ines own password');
    await theirs.getByRole('textbox', { name: 'Repeat the password' }).fill('ines own password');
    await theirs.getByRole('button', { name: 'Set password and sign in' }).click();
    await theirs.waitForURL('**/profile/edit');
    await theirs.getByRole('heading', { name: 'Your profile' }).waitFor();
    // The link worked once.
    const again = await fetch(`${baseUrl}/api/v2/auth/invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.split('/').pop(), password: 'another password' }),
    });
    expect(again.status).toBe(404);
    await newcomer.close();

    // Her page: no photo yet (her initials), then one uploaded by the admin, resized on the device.
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const found = (await (
      await fetch(`${baseUrl}/api/v2/users/get?q=${encodeURIComponent(email)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { _id: string; setter_closer: string; default_products: string[] }[] };
    const user = found.data[0];
    expect(user).toMatchObject({ setter_closer: 'closer', default_products: ['198'] });
    invited.push(user?._id ?? '');
    await openScreen(page, baseUrl, `/users/${user?._id}`);
    await page.getByRole('heading', { name: 'Ines Invited', level: 1 }).waitFor();
    await page.getByText('II', { exact: true }).waitFor();
    await page.getByText('Active sessions').waitFor();
    await expectNoSeriousA11yViolations(page, 'user page, admin');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('User Edited').first().waitFor();
    const photo = page.getByRole('img', { name: 'Ines Invited' });
    await expect
      .poll(() => photo.getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^\/api\/v2\/media\/.+\/content$/);
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await admin.close();
  });
});
