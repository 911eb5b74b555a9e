/**
 * Surveys: an admin builds a template with a required question and one shown only for a certain
 * answer; a rep on a phone-sized page goes offline, fills it on a lead they own (a required error
 * first, the conditional question coming and going), saves, comes back online, and the server has
 * the survey with the revision it answered. Axe on each screen; what the test made is deleted after.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiAs, apiToken, openScreen, signIn, validateAs, waitForMark } from './session.ts';
import { syncStatusText, waitForChangesSent } from './syncStatus.ts';

type Row = Record<string, unknown>;
type Pulled = { changes: { table: string; row: Row }[]; cursor: number; has_more: boolean };
const UI = { timeout: 30_000 };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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

/**
 * Axe on the screen in the light and then the dark scheme (the app follows the system's), with one
 * main landmark and one h1.
 */
async function checkScreen(page: Page, screen: string) {
  const [mains, h1s] = await page.evaluate(() => [
    document.querySelectorAll('main, [role="main"]').length,
    document.querySelectorAll('h1').length,
  ]);
  expect([mains, h1s], screen).toEqual([1, 1]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => document.documentElement.dataset.mantineColorScheme === s, scheme);
    await expectNoSeriousA11yViolations(page, `${screen}, ${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('surveys', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let rep: BrowserContext;
  const baseUrl = e2eBaseUrl();
  const templateName = `Roof check ${randomUUID().slice(0, 8)}`;
  let templateId = '';
  let surveyId = '';
  let photoId = '';
  let leadId = '';

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    // Only the rep works offline; the admin's context needs no offline files.
    admin = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
    rep = await browser.newContext({ viewport: { width: 412, height: 915 } });
  });
  afterAll(async () => {
    const token = await apiToken(baseUrl, 'admin@demo.local');
    const removals = [
      ...(surveyId ? [{ table: 'surveys', id: surveyId }] : []),
      ...(photoId ? [{ table: 'media', id: photoId }] : []),
      ...(templateId ? [{ table: 'survey_templates', id: templateId }] : []),
    ];
    if (removals.length)
      await fetch(`${baseUrl}/api/v2/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          client_id: randomUUID(),
          schema_version: 1,
          mutations: removals.map((args, i) => ({ id: i + 1, name: 'record.delete.v1', args })),
        }),
      });
    await admin?.close();
    await rep?.close();
    await browser?.close();
  });

  it('an admin builds a template with a required and a conditional question', async () => {
    const page = await admin.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', `/survey-templates`);
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('link', { name: 'New template' }).click(UI);
    await page.getByRole('heading', { level: 1, name: 'New survey template' }).waitFor(UI);
    await page.getByRole('textbox', { name: /^Name/ }).fill(templateName);
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 1 text').fill('Roof type');
    await choose(page, 'Question 1 answer type', 'Single choice');
    await page.getByLabel('Question 1 options, one per line').fill('Tile\nShingle');
    await page.getByLabel('Question 1 required').check();
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 2 text').fill('Broken tiles');
    await choose(page, 'Question 2 answer type', 'Number');
    await page.getByLabel('Question 2 required').check();
    await choose(page, 'Question 2 shown only when', 'Roof type');
    await choose(page, 'Question 2 shown when the answer is', 'Tile');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 3 text').fill('Roof photo');
    await choose(page, 'Question 3 answer type', 'Photo');
    await checkScreen(page, 'survey template builder, admin');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').first().waitFor(UI);
    await page.waitForURL(/\/survey-templates\/[0-9a-f-]{36}$/, UI);
    templateId = page.url().split('/').pop() ?? '';
    await page.getByRole('heading', { level: 1, name: `Survey template: ${templateName}` }).waitFor(UI);
    await waitForChangesSent(page);

    const asAdmin = await apiAs(baseUrl, 'admin@demo.local');
    const template = (await pulled(asAdmin, 'survey_templates')).find((r) => r._id === templateId);
    expect(template).toMatchObject({
      name: templateName,
      revision: 1,
      questions: [
        { id: 'q1', type: 'single_choice', label: 'Roof type', required: true, options: ['Tile', 'Shingle'] },
        {
          id: 'q2',
          type: 'number',
          label: 'Broken tiles',
          required: true,
          show_if: { question_id: 'q1', equals: 'Tile' },
        },
        { id: 'q3', type: 'photo', label: 'Roof photo', required: false },
      ],
    });
    // The list shows the template, opening on the builder.
    await openScreen(page, baseUrl, '/survey-templates');
    await page.getByRole('heading', { level: 1, name: 'Survey Templates' }).waitFor(UI);
    await page.getByText(templateName, { exact: true }).first().waitFor(UI);
    await checkScreen(page, 'survey templates list, admin');
  }, 120_000);

  it('a rep fills it offline on a phone and the server gets the revision answered', async () => {
    expect(templateId).not.toBe('');
    const me = await validateAs(baseUrl, 'rep@demo.local');
    const asRep = await apiAs(baseUrl, 'rep@demo.local');
    const filters = encodeURIComponent(JSON.stringify({ owner_id: me._id }));
    const mine = await asRep(`/api/v2/leads/get?limit=100&filters=${filters}`);
    const lead = mine.data.find((l) => typeof l.name === 'string' && l.name.trim());
    expect(lead).toBeDefined();
    leadId = String(lead?._id);

    const page = await rep.newPage();
    await signIn(page, baseUrl, 'rep@demo.local', '/contacts');
    await waitForMark(page, 'first-sync-done');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`${baseUrl}/contacts/${leadId}`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const section = page.getByRole('region', { name: 'Surveys' });
    await section.waitFor(UI);
    // What signing in queued (the map's view, saved for the rep's other devices) goes first.
    await waitForChangesSent(page);

    await rep.setOffline(true);
    await expect.poll(() => syncStatusText(page)).toContain('Offline');
    await choose(page, 'Survey template', templateName);
    await section.getByRole('button', { name: 'Fill survey' }).click();
    await page.getByRole('heading', { level: 1, name: templateName }).waitFor(UI);
    expect(await page.getByLabel('Broken tiles').count()).toBe(0);
    await checkScreen(page, 'fill survey, rep, phone');

    // Nothing answered: the required question says so and nothing is saved.
    await page.getByRole('button', { name: 'Save survey' }).click();
    await page.getByText('Some answers need attention.').waitFor(UI);
    await page.getByText('This answer is required.').waitFor(UI);
    await checkScreen(page, 'fill survey with errors, rep, phone');

    // The conditional question shows for Tile only.
    await page.getByRole('radio', { name: 'Tile' }).check();
    await page.getByLabel('Broken tiles').waitFor(UI);
    await page.getByRole('radio', { name: 'Shingle' }).check();
    await expect.poll(() => page.getByLabel('Broken tiles').count()).toBe(0);
    await page.getByRole('radio', { name: 'Tile' }).check();
    await page.getByRole('button', { name: 'Save survey' }).click();
    await page.getByText('This answer is required.').waitFor(UI);
    await page.getByLabel('Broken tiles').fill('3');
    // A photo taken for the survey is kept with the lead's files, on the device until it uploads.
    await page
      .getByLabel('Roof photo: Take or choose a photo')
      .setInputFiles({ name: 'roof.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('1 photo added').waitFor(UI);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(412);
    await page.getByRole('button', { name: 'Save survey' }).click();

    // Back on the lead: the survey is listed, waiting to sync.
    await page.waitForURL(`${baseUrl}/contacts/${leadId}`, UI);
    const listed = section.getByRole('link', { name: new RegExp(`${templateName} · revision 1`) });
    await listed.waitFor(UI);
    await expect.poll(() => syncStatusText(page)).toContain('2 changes waiting');
    await checkScreen(page, 'lead with a survey, rep, phone');
    await listed.click();
    await page.getByRole('heading', { level: 1, name: `Survey: ${templateName}` }).waitFor(UI);
    surveyId = page.url().split('/').pop() ?? '';
    await page.getByText('Broken tiles').waitFor(UI);
    await page.getByRole('link', { name: 'Photo 1' }).waitFor(UI);
    await checkScreen(page, 'filled survey, rep, phone');

    await rep.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForChangesSent(page);

    const asAdmin = await apiAs(baseUrl, 'admin@demo.local');
    const survey = (await pulled(asAdmin, 'surveys')).find((r) => r._id === surveyId);
    expect(survey).toMatchObject({
      template_id: templateId,
      lead_id: leadId,
      template_revision: 1,
      status: 'completed',
      responses: { q1: 'Tile', q2: 3, q3: [expect.any(String)] },
    });
    expect(survey?.questions).toHaveLength(3);
    photoId = String((survey?.responses as { q3?: string[] } | undefined)?.q3?.[0] ?? '');
    const photo = (await pulled(asAdmin, 'media')).find((r) => r._id === photoId);
    expect(photo).toMatchObject({ lead_id: leadId, name: 'roof.png', mimetype: 'image/png' });
    expect(photo?.url).toBeTruthy();
  }, 180_000);

  it('a change of the questions is a new revision; the filled survey keeps the one it answered', async () => {
    expect(surveyId).not.toBe('');
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/survey-templates/${templateId}`);
    await page.getByRole('heading', { level: 1, name: `Survey template: ${templateName}` }).waitFor(UI);
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 4 text').fill('Notes');
    await choose(page, 'Question 4 answer type', 'Long text');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').first().waitFor(UI);
    await page.getByText(/^Revision 2:/).waitFor(UI);

    const asAdmin = await apiAs(baseUrl, 'admin@demo.local');
    const template = (await pulled(asAdmin, 'survey_templates')).find((r) => r._id === templateId);
    expect(template).toMatchObject({ revision: 2 });
    expect(template?.questions).toHaveLength(4);
    const survey = (await pulled(asAdmin, 'surveys')).find((r) => r._id === surveyId);
    expect(survey).toMatchObject({ template_revision: 1 });
    expect(survey?.questions).toHaveLength(3);

    // On the rep's phone the survey still reads with the questions of revision 1.
    const phone = await rep.newPage();
    await phone.goto(`${baseUrl}/surveys/${surveyId}`);
    await phone.getByRole('heading', { level: 1, name: `Survey: ${templateName}` }).waitFor(UI);
    await phone.getByText('Revision 1', { exact: true }).waitFor(UI);
    await phone.getByText('Broken tiles').waitFor(UI);
    expect(await phone.getByRole('main').getByText('Notes', { exact: true }).count()).toBe(0);

    // Opened without a template (the lead guide links so), the page asks which one to fill.
    const back = `/surveys/${surveyId}`;
    await phone.goto(`${baseUrl}/contacts/${leadId}/surveys/new?return=${encodeURIComponent(back)}`);
    await phone.getByRole('heading', { level: 1, name: 'Fill survey' }).waitFor(UI);
    await checkScreen(phone, 'choose a survey template, rep, phone');
    await choose(phone, 'Survey template', templateName);
    await phone.getByRole('heading', { level: 1, name: templateName }).waitFor(UI);
    expect(new URL(phone.url()).searchParams.get('return')).toBe(back);
  }, 120_000);
});
