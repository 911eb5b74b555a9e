/**
 * The team manager as an admin would use it: a person moved to another team with the select, and
 * another dragged there; both reach the server with an 'added_to_team' in the team's history, which
 * the team's page then shows. That a rep cannot change teams, and finds their own team instead, is
 * a screen test (src/features/teams/TeamManagerPage.test.tsx).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, openScreen, signIn, waitForMark } from './session.ts';

type Row = Record<string, unknown>;

describe('team manager', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  /** A user as the server has them. */
  async function serverUser(name: string): Promise<Row | undefined> {
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const res = await fetch(`${baseUrl}/api/v2/users/get?q=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: Row[] }).data.find((u) => u.name === name);
  }
  const serverTeams = async (name: string) =>
    (((await serverUser(name))?.teams ?? []) as { name: string }[]).map((t) => t.name);

  /** Suites share the demo org: people moved here go back to their teams afterwards. */
  const moved: Row[] = [];
  afterAll(async () => {
    const token = await apiToken(baseUrl, 'admin@demo.local');
    for (const user of moved) {
      await fetch(`${baseUrl}/api/v2/users/edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          _id: user._id,
          teams: ((user.teams ?? []) as { id: string; role: string }[]).map((t) => ({
            id: t.id,
            role: t.role,
          })),
        }),
      });
    }
    await browser?.close();
  });

  it('moves people between teams with the select and by dragging; the server has both', async () => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team manager' }).click();
    await page.getByRole('heading', { name: 'Team manager', level: 1 }).waitFor();
    const columns = page.getByRole('list', { name: /^People in / });
    await page.getByRole('listitem').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'team manager, admin');

    // A team with at least two people (one moved with the select, one dragged) and another team.
    const counts = await columns.evaluateAll((lists) =>
      lists.map(
        (l) =>
          [
            l.getAttribute('aria-label')?.replace(/^People in /, '') ?? '',
            l.querySelectorAll('li').length,
          ] as const,
      ),
    );
    const teams = counts.filter(([name]) => name !== 'No team');
    // The fullest team: other suites move people too, and two must be left to move here.
    const fromTeam = [...teams].sort((x, y) => y[1] - x[1]).find(([, n]) => n >= 2)?.[0] as string;
    const toTeam = teams.find(([name]) => name !== fromTeam)?.[0] as string;
    expect(fromTeam && toTeam).toBeTruthy();
    const from = page.getByRole('list', { name: `People in ${fromTeam}` });
    const mover = (await from.getByRole('listitem').first().locator('p').first().textContent()) ?? '';
    moved.push((await serverUser(mover)) as Row);
    await page.getByLabel(`Team of ${mover}`).first().selectOption({ label: toTeam });
    await page.getByText('Team Edited').first().waitFor();
    await page
      .getByRole('list', { name: `People in ${toTeam}` })
      .getByText(mover, { exact: true })
      .waitFor();
    await expect.poll(() => serverTeams(mover), { timeout: 30_000 }).toContain(toTeam);

    // Dragging: the next person of the first team onto the second team's column.
    // The list settles after the move (the device re-reads the teams) before a card is picked up.
    await expect.poll(() => from.getByText(mover, { exact: true }).count()).toBe(0);
    await from.getByRole('listitem').first().waitFor();
    // Someone whose name no one else on the page has (the demo org has namesakes), so the card
    // found by name is theirs.
    const names = await from
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
    let dragged = '';
    for (const name of names) {
      if (name && (await page.getByText(name, { exact: true }).count()) === 1) {
        dragged = name;
        break;
      }
    }
    expect(dragged, `a person of ${fromTeam} with a name of their own`).not.toBe('');
    moved.push((await serverUser(dragged)) as Row);
    const target = page.getByRole('list', { name: `People in ${toTeam}` });
    // The person by name: the list may draw again between reading the first card and measuring it,
    // so scrolling is tried again on a fresh element when the one found was replaced meanwhile.
    const person = from.getByText(dragged, { exact: true });
    await expect
      .poll(() =>
        person.scrollIntoViewIfNeeded({ timeout: 2_000 }).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    await expect.poll(async () => (await person.boundingBox()) !== null).toBe(true);
    const a = await person.boundingBox();
    const b = await target.boundingBox();
    if (!a || !b) throw new Error('nothing to drag');
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    await page.mouse.up();
    await target.getByText(dragged, { exact: true }).waitFor();
    await expect.poll(() => serverTeams(dragged), { timeout: 30_000 }).toContain(toTeam);

    // The team's history on the server.
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const joins: Row[] = [];
    let cursor = 0;
    for (let more = true; more; ) {
      const res = await fetch(`${baseUrl}/api/v2/sync/pull?cursor=${cursor}&limit=5000`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as {
        changes: { table: string; row: Row }[];
        cursor: number;
        has_more: boolean;
      };
      joins.push(
        ...body.changes
          .filter((c) => c.table === 'activities' && c.row.type === 'added_to_team')
          .map((c) => c.row),
      );
      cursor = body.cursor;
      more = body.has_more;
    }
    // Everyone moved onto a team they were not on joined it; someone already on it did not again.
    const newcomers = moved.filter(
      (m) => !((m.teams ?? []) as { name: string }[]).some((t) => t.name === toTeam),
    );
    expect(newcomers.length).toBeGreaterThan(0);
    for (const person of newcomers)
      expect(joins.some((a) => (a.user_refs as string[]).includes(person._id as string))).toBe(true);

    // The team's page shows it in its activity once the device has pulled it.
    const join = joins.find((a) => (a.user_refs as string[]).includes(newcomers[0]?._id as string));
    await openScreen(page, baseUrl, `/teams/${join?.team_id}`);
    await page.getByRole('heading', { name: 'Activity', level: 2 }).waitFor();
    // Who did what to whom: "<admin> added <newcomer> to <team>".
    await page
      .getByRole('main')
      .getByText(`added ${String(newcomers[0]?.name)} to ${toTeam}`)
      .first()
      .waitFor({ timeout: 30_000 });
    await admin.close();
  });
});
