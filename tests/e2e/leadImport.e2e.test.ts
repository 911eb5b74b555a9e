/**
 * Lead import while offline: a rep imports a 1,000-row CSV with 10 bad rows, sees each problem by
 * row and field, fixes one, skips the rest, imports with a progress bar and a summary, downloads
 * the rows not imported — all with no network — and once back online the server has exactly the
 * 991 leads, with the spec's defaults and the rep as owner.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, signIn, waitForMark } from './session.ts';
import { syncStatusText, waitForChangesSent } from './syncStatus.ts';

const MARK = 'Csvimportlane';

/** 1,000 rows; rows at the listed data indexes are bad in the ways a real file is. */
/** How many changes the sync status says are waiting. */
async function waitingCount(page: Page): Promise<number> {
  const text = (await syncStatusText(page)) ?? '';
  return Number(/(\d+) changes? waiting/.exec(text)?.[1] ?? Number.NaN);
}

function buildCsv(): { csv: string; missingNameRow: number } {
  const bad = new Map<number, (cells: string[]) => void>([
    [10, (c) => (c[0] = '')],
    [110, (c) => (c[0] = '')],
    [210, (c) => (c[0] = '')],
    [310, (c) => (c[1] = '555-0101')],
    [410, (c) => (c[1] = '602 555 0101 999')],
    [510, (c) => (c[2] = `${510} ${MARK}, Tempe, AZ 8528`)],
    [610, (c) => (c[2] = `${610} ${MARK} Tempe AZ 85281`)],
    [710, (c) => (c[2] = `${710} ${MARK}, Tempe, ZZ 85281`)],
    [810, (c) => (c[3] = 'French')],
    [910, (c) => (c[4] = 'maybe')],
  ]);
  const lines = ['Full Name,Phone Number,Address,Language,New Roof,Pin Status,Door Notes'];
  for (let i = 0; i < 1000; i++) {
    const cells = [
      i % 2 ? `Importer${i}, Pat` : `Pat Importer${i}`,
      `(480) 555-${String(1000 + i).slice(-4)}`,
      `${i} ${MARK}, Tempe, AZ 85281`,
      i % 50 === 0 ? 'English' : '',
      '',
      i % 100 === 1 ? 'first_knock' : '',
      `dog in yard ${i}`,
    ];
    bad.get(i)?.(cells);
    lines.push(cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','));
  }
  return { csv: `${lines.join('\n')}\n`, missingNameRow: 10 + 2 };
}

describe('lead import', () => {
  let browser: Browser;
  let context: BrowserContext;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('imports 991 of 1,000 rows offline and delivers them once online', async () => {
    const page = await context.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(page, 'first-sync-done');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const repId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('hs.session') ?? '{}')._id as string,
    );

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import leads' }).waitFor();
    // What the app keeps of its own (the map's view, saved when the rep left the map) may wait
    // too: the import's rows are counted on top of it.
    const waitingBefore = await waitingCount(page);

    const { csv, missingNameRow } = buildCsv();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a CSV file' }).click();
    await (await chooser).setFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The columns were recognised; the unknown one can be mapped by hand.
    // The file is read in a worker: on a loaded machine it takes more than the poll's default second.
    await expect
      .poll(() => page.getByLabel('Field for column Full Name').inputValue(), { timeout: 15_000 })
      .toBe('name');
    expect(await page.getByLabel('Field for column Pin Status').inputValue()).toBe('status');
    expect(await page.getByLabel('Field for column Door Notes').inputValue()).toBe('');
    await page.getByLabel('Field for column Door Notes').selectOption({ label: 'Appointment Notes' });
    await expect
      .poll(() => page.getByLabel('Field for column Door Notes').inputValue())
      .toBe('appointment_notes');
    expect(
      await page.getByRole('table', { name: 'Preview of the first rows' }).getByRole('row').count(),
    ).toBe(11);

    // Ten rows with problems, each with its row, field and message.
    const problems = page.getByRole('table', { name: 'Rows to check' });
    await expect.poll(() => problems.locator('tbody tr').count()).toBe(10);
    await expect.poll(() => problems.getByText('A name is required.').count()).toBe(3);
    await problems
      .getByText('A phone number has 10 digits, not counting a leading +1 or 1; this one has 7.')
      .waitFor();
    await problems.getByText('The ZIP code must be 5 digits or ZIP+4 (12345-6789).').waitFor();
    await problems.getByText("Enter the address as 'street, city, STATE ZIP'.").waitFor();
    await problems.getByText("'ZZ' is not a US state.").waitFor();
    await problems.getByText('Enter English or Spanish.').waitFor();
    await problems.getByText('Enter yes or no.').waitFor();
    await page.getByText('990 ready · 10 with problems · 0 duplicates · 0 skipped').waitFor();
    await expectNoSeriousA11yViolations(page, 'lead import with problems, rep');

    // Fix one row (checked again as it is typed), skip the rest.
    await page.getByLabel(`Row ${missingNameRow}: Name`).fill('Fixed, Fran');
    await page.getByText('991 ready · 9 with problems · 0 duplicates · 0 skipped').waitFor();
    await page.getByRole('button', { name: 'Skip all rows with problems' }).click();
    await page.getByText('991 ready · 0 with problems · 0 duplicates · 9 skipped').waitFor();
    expect(await page.getByLabel(`Skip row ${missingNameRow + 100}`).isChecked()).toBe(true);
    expect(await page.getByLabel(`Skip row ${missingNameRow}`).isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Import 991 leads' }).click();
    const summary = page.getByRole('region', { name: 'Import finished' });
    await summary.waitFor({ timeout: 60_000 });
    await summary.getByText('Imported: 991').waitFor();
    await summary.getByText('Skipped: 9').waitFor();
    await summary.getByText('Not imported because of problems: 0').waitFor();
    await expectNoSeriousA11yViolations(page, 'lead import finished, rep');
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('991 of 991 leads written').waitFor();
    expect(await page.evaluate(() => performance.getEntriesByName('import-done').length)).toBe(1);

    // The rows not imported, as a file to fix and import later.
    const download = page.waitForEvent('download');
    await summary.getByRole('button', { name: 'Download rows not imported' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('not-imported-leads.csv');
    const text = readFileSync((await file.path()) as string, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Row,Full Name,Phone Number,Address,Language,New Roof,Pin Status,Door Notes,Problem',
    );
    expect(lines).toHaveLength(10);
    expect(text).toContain('Name: A name is required.');

    // Still offline: every lead waits in the outbox.
    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await expect.poll(() => waitingCount(page)).toBe(waitingBefore + 991);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(page, 90_000);

    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    const arrived: Record<string, unknown>[] = [];
    let after: string | null = null;
    do {
      const pageOf: { data: Record<string, unknown>[]; next_after: string | null } = await asRep(
        `/api/v2/leads/get?q=${MARK}&limit=100${after ? `&after=${after}` : ''}`,
      );
      arrived.push(...pageOf.data);
      after = pageOf.next_after;
    } while (after);
    expect(arrived).toHaveLength(991);
    for (const lead of arrived) {
      expect(lead).toMatchObject({ preferred_language: 'english', owner_id: repId, new_roof: false });
    }
    expect(arrived.find((l) => l.name === 'Fran Fixed')).toMatchObject({
      first_name: 'Fran',
      last_name: 'Fixed',
    });
    expect(arrived.filter((l) => l.deal_stage_status === 'Not Home 1')).toHaveLength(10);
    expect(arrived.find((l) => String(l.address).startsWith(`1 ${MARK}`))).toMatchObject({
      name: 'Pat Importer1',
      city: 'Tempe',
      state: 'AZ',
      zip: '85281',
      phone: '4805551001',
      appointment_notes: 'dog in yard 1',
    });
  }, 240_000);
});
