/**
 * The leaderboard: a rep's knock on a lead's page, made at the lead's pin, reaches the server as a
 * verified knock, comes back as an activity and a knock and adds one to their knocks today, all and
 * verified only; the knock quality table shows it; other metrics (revenue in currency, kW sold) and
 * periods give other lists; usable on a phone. A manager's board by revenue and their team page's
 * members, active deals and sales this month agree with the server's rows counted by the one sales
 * definition.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import type { StageMove } from '#src/domain/monthlySales.ts';
import { monthRange, salesFigures, salesFiguresBy, soldDays } from '#src/domain/sales.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { acceptTerms, apiAs, apiToken, openScreen, signIn, waitForMark } from './session.ts';

type Row = Record<string, unknown>;
const REP = 'Riley Carter';

/**
 * The ranked board, named by its caption (metric, period), never the knock quality table beside
 * it, which may be drawn first.
 */
const board = (page: Page) => page.getByRole('table', { name: /^(?!Knock quality|Calidad de los toques)/ });
const myRow = (page: Page) => board(page).getByRole('row').filter({ hasText: REP });
const myValue = async (page: Page) => Number(await myRow(page).getByRole('cell').last().textContent());
const quality = (page: Page) => page.getByRole('table', { name: /^Knock quality/ });

describe('leaderboard', () => {
  let browser: Browser;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();
  let lead: Row | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    rep = await browser.newContext({ permissions: ['geolocation'] });
  });
  afterAll(async () => {
    // The lead goes back to the status it had.
    if (lead) {
      const token = await apiToken(baseUrl, 'admin@demo.local');
      await fetch(`${baseUrl}/api/v2/leads/edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ _id: lead._id, deal_stage_status: lead.deal_stage_status }),
      });
    }
    await rep?.close();
    await browser?.close();
  });

  it("counts a rep's knock today; metric and period change the list", async () => {
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    // Page through the rep's leads: another suite may have imported many without a position.
    let after = '';
    while (!lead) {
      const page = await asRep<{ data: Record<string, unknown>[]; next_after: string | null }>(
        `/api/v2/leads/get?limit=100${after ? `&after=${after}` : ''}`,
      );
      lead = page.data.find(
        (l) => l.name && l.deal_stage_status !== 'Come Back' && Array.isArray(l.coordinates),
      );
      if (!page.next_after) break;
      after = page.next_after;
    }
    expect(lead).toBeDefined();
    const id = String(lead?._id);
    // The rep stands at the lead's door.
    const [longitude, latitude] = (lead?.coordinates ?? [0, 0]) as [number, number];
    await rep.setGeolocation({ latitude, longitude, accuracy: 5 });

    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', '/team');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'Leaderboard', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    expect(await page.getByLabel('Period').inputValue()).toBe('today');
    expect(await page.getByLabel('Metric').inputValue()).toBe('knocks');
    await myRow(page).waitFor();
    expect(await myRow(page).getAttribute('aria-current')).toBe('true');
    const before = await myValue(page);
    await page.getByRole('switch', { name: 'Verified knocks only' }).check();
    await expect.poll(() => board(page).locator('caption').textContent()).toBe('Verified knocks, Today');
    await myRow(page).waitFor();
    const verifiedBefore = await myValue(page);
    await quality(page).or(page.getByText('No knocks on this board in this period.')).waitFor();
    await expectNoSeriousA11yViolations(page, 'leaderboard, rep');

    // A knock on the lead's page.
    await openScreen(page, baseUrl, `/contacts/${id}`);
    await page.getByRole('heading', { name: String(lead?.name) }).waitFor();
    await page
      .locator('input')
      .and(page.getByLabel('Status', { exact: true }))
      .fill('Come Back');
    await page.getByRole('option', { name: 'Come Back' }).click();
    // The knock reached the server.
    await expect
      .poll(
        async () => {
          const now = await asRep(`/api/v2/leads/get?ids=${id}`);
          return now.data.find((l) => l._id === id)?.deal_stage_status;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Come Back');
    // The server recorded the knock at the pin as verified.
    await expect
      .poll(
        async () => {
          const knocks: Row[] = [];
          for (let cursor = 0, more = true; more; ) {
            const pulled = await asRep<{
              changes: { table: string; row: Row }[];
              cursor: number;
              has_more: boolean;
            }>(`/api/v2/sync/pull?cursor=${cursor}&limit=5000`);
            for (const c of pulled.changes)
              if (c.table === 'knocks' && c.row.lead_id === id) knocks.push(c.row);
            cursor = pulled.cursor;
            more = pulled.has_more;
          }
          return knocks.find((k) => k.status === 'Come Back')?.classification;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('verified');

    await openScreen(page, baseUrl, '/leaderboard');
    await myRow(page).waitFor();
    await expect
      .poll(
        async () => {
          // A pull brings the server's activity of the knock back (a sync under way leaves it disabled).
          await page
            .getByRole('button', { name: 'Sync now' })
            .click({ timeout: 3_000 })
            .catch(() => undefined);
          return myValue(page);
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe(before + 1);
    // Verified only: the knock at the pin counts there too, and in the knock quality table.
    await page.getByRole('switch', { name: 'Verified knocks only' }).check();
    await expect.poll(() => myValue(page), { timeout: 20_000 }).toBe(verifiedBefore + 1);
    const mine = quality(page).getByRole('row').filter({ hasText: REP });
    await expect
      .poll(async () => Number(await mine.getByRole('cell').first().textContent()))
      .toBeGreaterThan(0);
    for (const name of ['Average distance per knock', 'Time in field'])
      await quality(page).getByRole('columnheader', { name }).waitFor();
    await expectNoSeriousA11yViolations(page, 'leaderboard, verified knocks, rep');
    await page.getByRole('switch', { name: 'Verified knocks only' }).uncheck();

    // Revenue: in compact currency.
    await page.getByLabel('Metric').selectOption('revenue');
    await board(page).getByRole('columnheader', { name: 'Revenue' }).waitFor();
    expect(await myRow(page).getByRole('cell').last().textContent()).toMatch(/^\$\d/);

    // kW sold: with one decimal and the unit.
    await page.getByLabel('Metric').selectOption('sold_kw');
    await board(page).getByRole('columnheader', { name: 'kW sold' }).waitFor();
    expect(await myRow(page).getByRole('cell').last().textContent()).toMatch(/^\d[\d,]*\.\d kW$/);

    // Another metric: its own column and counts.
    await page.getByLabel('Metric').selectOption('leads_added');
    await board(page).getByRole('columnheader', { name: 'Leads added' }).waitFor();
    await expect.poll(() => board(page).locator('caption').textContent()).toBe('Leads added, Today');

    // A past month with nothing counted: only the rep, at 0.
    await page.getByLabel('Metric').selectOption('knocks');
    await page.getByLabel('Period').selectOption('custom');
    await page.getByText('Choose a first and a last day, the first on or before the last.').waitFor();
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect.poll(() => board(page).getByRole('row').count()).toBe(2);
    expect(await myValue(page)).toBe(0);
    await expectNoSeriousA11yViolations(page, 'leaderboard, custom period, rep');

    // This month holds at least today's knock.
    await page.getByLabel('Period').selectOption('month');
    await expect.poll(() => myValue(page)).toBeGreaterThanOrEqual(before + 1);
  }, 150_000);

  /** Every live row the server sends a person's device, by table. */
  async function pulledRows(email: string): Promise<Map<string, Row[]>> {
    const token = await apiToken(baseUrl, email);
    const tables = new Map<string, Row[]>();
    for (let cursor = 0, more = true; more; ) {
      const res = await fetch(`${baseUrl}/api/v2/sync/pull?cursor=${cursor}&limit=5000`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as {
        changes: { table: string; row: Row }[];
        cursor: number;
        has_more: boolean;
      };
      for (const { table, row } of body.changes) {
        const rows = tables.get(table) ?? [];
        tables.set(table, [...rows.filter((r) => r._id !== row._id), row]);
      }
      cursor = body.cursor;
      more = body.has_more;
    }
    for (const [table, rows] of tables)
      tables.set(
        table,
        rows.filter((r) => !r.deleted_at),
      );
    return tables;
  }

  /** A figure card's value ('Ventas en curso' over '12'), as a number. */
  const figure = async (page: Page, label: string) => {
    const text = await page.getByText(label, { exact: true }).locator('xpath=..').innerText();
    // The label, the value, then the sales' value and size when there are any.
    const [, value] = text.split('\n').filter((line) => line.trim());
    return value === undefined ? Number.NaN : Number(value.replace(/\D/g, ''));
  };

  it('fits a phone, in Spanish; the team page and the board by revenue agree with the server', async () => {
    await acceptTerms(baseUrl, 'manager@demo.local');
    const phone = await browser.newContext({ viewport: { width: 412, height: 860 }, locale: 'es-MX' });
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Correo electrónico').fill('manager@demo.local');
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await waitForMark(page, 'first-sync-done');
    await openScreen(page, baseUrl, '/leaderboard');
    await page.getByRole('heading', { level: 1, name: 'Clasificación' }).waitFor();
    await page.getByLabel('Alcance').selectOption('org');
    await page.getByLabel('Periodo').selectOption('month');
    await board(page).getByRole('columnheader', { name: 'Toques de puerta' }).waitFor();
    // The knock quality table (today's knock above is this month's) fits as well.
    await page
      .getByRole('table', { name: /^Calidad de los toques/ })
      .getByRole('columnheader', { name: 'Tiempo en campo' })
      .waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(412);
    await expectNoSeriousA11yViolations(page, 'leaderboard on a phone, Spanish, manager');

    // The server's rows for this manager, counted by the one sales definition.
    const rows = await pulledRows('manager@demo.local');
    const contacts = rows.get('contacts') ?? [];
    const moves: StageMove[] = (rows.get('activities') ?? [])
      .filter((a) => a.type === 'moved_to' && Array.isArray(a.lead_refs))
      .map((a) => ({
        lead_id: String((a.lead_refs as string[])[0]),
        from: typeof a.old === 'string' ? a.old : null,
        to: typeof a.new === 'string' ? a.new : null,
        date: String(a.date),
      }));
    const period = monthRange(new Date());
    const soldOn = soldDays(moves, DEFAULT_DEAL_STAGES);

    // The board by revenue this month: first are the people with the most sales value.
    await page.getByLabel('Alcance').selectOption('team');
    await page.getByLabel('Métrica').selectOption('revenue');
    await board(page).getByRole('columnheader', { name: 'Ingresos' }).waitFor();
    const byOwner = salesFiguresBy(contacts, 'owner_id', DEFAULT_DEAL_STAGES, period, soldOn);
    const idOf = new Map((rows.get('users') ?? []).map((u) => [String(u.name), String(u._id)]));
    const entries = await board(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .evaluateAll((trs) =>
        trs.map((tr) => ({
          rank: tr.querySelector('td')?.textContent ?? '',
          text: tr.querySelector('th')?.textContent ?? '',
        })),
      );
    expect(entries.length).toBeGreaterThan(0);
    const cents = (text: string) => {
      const name = [...idOf.keys()].find((n) => text.includes(n)) ?? '';
      return { name, cents: byOwner.get(idOf.get(name) ?? '')?.period.cents ?? 0 };
    };
    const values = entries.map((e) => ({ rank: e.rank, ...cents(e.text) }));
    const best = Math.max(...values.map((v) => v.cents));
    expect(
      values
        .filter((v) => v.rank === '1')
        .map((v) => v.name)
        .sort(),
    ).toEqual(
      values
        .filter((v) => v.cents === best)
        .map((v) => v.name)
        .sort(),
    );

    // The manager's team page: its members, active deals and this month's sales as the server's.
    await openScreen(page, baseUrl, '/team');
    await page.waitForURL(/\/teams\/[^/]+$/);
    const teamId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByRole('heading', { name: 'Miembros' }).waitFor();
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    const team = salesFigures(
      contacts.filter((c) => c.team_id === teamId),
      DEFAULT_DEAL_STAGES,
      period,
      soldOn,
    );
    await expect.poll(() => figure(page, 'Ventas en curso')).toBe(team.activeDeals);
    await expect.poll(() => figure(page, 'Ventas este mes')).toBe(team.period.count);
    await phone.close();
  }, 90_000);
});
