/**
 * Named roles as an admin would use them: a role granting 'Change team membership' made in
 * settings → roles and given to the rep in the user manager; once the rep's device syncs, the team
 * manager is theirs to use, and the server takes the change it makes (refused before). The rep, role
 * and all, reaches neither the roles screens nor the roles API; a manager's refusal is a screen test
 * (src/features/admin/AdminSettingsPage.test.tsx) and a contract test (roles.contract.test.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';
import { syncStatus } from './syncStatus.ts';

type Membership = { id: string; role: string; name: string };
type ServerUser = { _id: string; name: string; roles: number[]; teams: Membership[] };

describe('named roles', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();
  const roleName = `Team coordinator ${randomUUID().slice(0, 6)}`;
  let repBefore: ServerUser;

  async function call(token: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
  async function serverRep(): Promise<ServerUser> {
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const res = await call(token, '/api/v2/users/get?q=rep%40demo.local');
    const { data } = (await res.json()) as { data: ServerUser[] };
    return data.find((u) => u.name === 'Riley Carter') as ServerUser;
  }
  /** The rep's memberships with their role in the first team changed (or as they were). */
  const repTeams = (role?: string) =>
    repBefore.teams.map((t, i) => ({ id: t.id, role: i === 0 && role ? role : t.role }));

  beforeAll(async () => {
    browser = await launchBrowser();
    repBefore = await serverRep();
    expect(repBefore.teams.length).toBeGreaterThan(0);
  });

  // Suites share the demo org: the role goes (deleting it takes it off the rep) and the rep's
  // teams are as they were.
  afterAll(async () => {
    await browser?.close();
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const { data } = (await (await call(token, '/api/v2/roles/get')).json()) as {
      data: { id: number; name: string }[];
    };
    for (const role of data.filter((r) => r.name === roleName))
      expect((await call(token, '/api/v2/roles/delete', { id: role.id })).status).toBe(200);
    await call(token, '/api/v2/users/edit', { _id: repBefore._id, teams: repTeams() });
    const repAfter = await serverRep();
    expect(repAfter.roles).toEqual(repBefore.roles);
    expect(repAfter.teams.map((t) => [t.id, t.role])).toEqual(repBefore.teams.map((t) => [t.id, t.role]));
  });

  /** No way into the roles screens for this user, and the server refuses them the roles API. */
  async function expectNoRolesAccess(page: Page, email: string) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Map' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Roles' }).count()).toBe(0);
    await page.goto(`${baseUrl}/admin/settings/roles`);
    await page.getByText('Only admins can open this page.').waitFor();
    expect(await page.getByRole('link', { name: 'New role' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, `roles section, ${email}`);
    await page.goto(`${baseUrl}/admin/settings/roles/new`);
    await page.getByText('Only admins can change roles.').waitFor();
    expect(await page.getByRole('button', { name: 'Save role' }).count()).toBe(0);
    const token = await apiToken(baseUrl, email);
    const res = await call(token, '/api/v2/roles/add', {
      name: `Sneaky ${randomUUID().slice(0, 6)}`,
      permissions: ['users.manage'],
    });
    expect(res.status).toBe(403);
  }

  it('an admin makes a role and gives it to the rep, whose team manager and server calls then allow what it grants', async () => {
    // The rep, on their own device: no team manager, and the server refuses a membership change.
    const repContext = await browser.newContext();
    const rep = await repContext.newPage();
    await signIn(rep, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(rep, 'first-sync-done');
    const repNav = rep.getByRole('navigation', { name: 'Main' });
    await repNav.getByRole('link', { name: 'My team' }).waitFor();
    expect(await repNav.getByRole('link', { name: 'Team manager' }).count()).toBe(0);
    const repToken = await apiToken(baseUrl, 'rep@demo.local');
    const promote = () =>
      call(repToken, '/api/v2/users/edit', { _id: repBefore._id, teams: repTeams('Manager') });
    expect((await promote()).status).toBe(403);

    // The admin: settings → roles → a new role granting team membership changes.
    const adminContext = await browser.newContext();
    const page = await adminContext.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL('**/admin/settings/roles');
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Roles of the organisation' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'roles section, admin');

    await page.getByRole('link', { name: 'New role' }).click();
    await page.getByRole('heading', { name: 'New role', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Permissions' });
    await form.getByLabel('Name').fill(roleName);
    await form.getByRole('checkbox', { name: 'Change team membership' }).check();
    await expectNoSeriousA11yViolations(page, 'role editor, admin');
    await form.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('Role Added').first().waitFor();
    await page.getByRole('heading', { name: `Role: ${roleName}`, level: 1 }).waitFor();
    await page.waitForURL(/\/admin\/settings\/roles\/\d+$/);
    const roleId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await form.getByRole('checkbox', { name: 'Change team membership' }).isChecked()).toBe(true);
    await page.getByRole('link', { name: 'All roles' }).click();
    await page.getByRole('link', { name: roleName }).waitFor();
    await page.getByText('Grants 1 permission').first().waitFor();

    // The user manager: the rep gets the role.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User manager' }).click();
    await page.getByRole('heading', { name: 'User manager', level: 1 }).waitFor();
    const search = page.getByRole('form', { name: 'Find a user' });
    await search.getByLabel('Name or email').fill('rep@demo.local');
    await search.getByRole('button', { name: 'Find' }).click();
    await page
      .getByRole('list', { name: 'Users found' })
      .getByRole('button', { name: /Riley Carter/ })
      .click();
    const details = page.getByRole('form', { name: 'User details' });
    await details.getByRole('combobox', { name: 'User roles' }).click();
    await page.getByRole('option', { name: roleName }).click();
    await page.keyboard.press('Escape');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User Edited').first().waitFor();
    await expect.poll(async () => (await serverRep()).roles).toEqual([...repBefore.roles, roleId]);
    await adminContext.close();

    // The rep's device, once synced: the team manager is in the side panel and its controls work.
    await syncStatus(rep).getByRole('button', { name: 'Sync now' }).click();
    await repNav.getByRole('link', { name: 'Team manager' }).click({ timeout: 30_000 });
    await rep.getByRole('heading', { name: 'Team manager', level: 1 }).waitFor();
    expect(await rep.getByText('Only admins and team leaders can change teams.').count()).toBe(0);
    const ownRole = rep.getByLabel('Team role of Riley Carter').first();
    await ownRole.waitFor();
    expect(await ownRole.isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(rep, 'team manager, rep with the role');

    // And the server takes the change it refused before (then the rep puts it back).
    expect((await promote()).status).toBe(200);
    expect(
      (await call(repToken, '/api/v2/users/edit', { _id: repBefore._id, teams: repTeams() })).status,
    ).toBe(200);

    // Holding a named role opens no way into the roles screens.
    await expectNoRolesAccess(rep, 'rep@demo.local');
    await repContext.close();
  });
});
