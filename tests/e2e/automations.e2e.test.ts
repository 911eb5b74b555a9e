/**
 * Automations: an admin adds a webhook endpoint pointing at a receiver this test starts (its secret
 * shown once), then creates 'status → Appointment Set: notify the team manager and post a webhook'
 * in the editor. A rep's lead is set to Appointment Set: the manager is notified, the receiver gets
 * exactly one POST whose Standard Webhooks signature verifies, and the run log shows the run.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken, signIn, waitForMark } from './session.ts';

const UI = { timeout: 30_000 };

async function call(baseUrl: string, email: string, method: string, path: string, body?: unknown) {
  const token = await apiToken(baseUrl, email);
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown> & { data?: unknown };
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const pick = async (page: Page, combobox: string, option: string) => {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('automations', () => {
  const baseUrl = e2eBaseUrl();
  const tag = Date.now().toString(36);
  const name = `Appointment set ${tag}`;
  const hookName = `Receiver ${tag}`;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let receiver: Server;
  let browser: Browser;
  let leadId: string | undefined;
  let laterId: string | undefined;
  let automationId: string | undefined;
  let endpointId: string | undefined;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    if (automationId)
      await call(baseUrl, 'admin@demo.local', 'POST', '/api/v2/sync/push', {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: [{ id: 1, name: 'record.delete.v1', args: { table: 'automations', id: automationId } }],
      });
    if (endpointId) await call(baseUrl, 'admin@demo.local', 'DELETE', `/api/v2/webhooks/${endpointId}`);
    for (const id of [leadId, laterId])
      if (id)
        await call(baseUrl, 'admin@demo.local', 'POST', '/api/v2/leads/edit', { _id: id, deleted: true });
    await browser?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** The rep adds a lead and sets it to Appointment Set, through the API; gives its id. */
  async function addAppointmentSet(name: string, phone: string): Promise<string> {
    const added = await call(baseUrl, 'rep@demo.local', 'POST', '/api/v2/leads/add', { name, phone });
    const id = (added.data as { _id: string })._id;
    await call(baseUrl, 'rep@demo.local', 'POST', '/api/v2/leads/edit', {
      _id: id,
      deal_stage_status: 'Appointment Set',
    });
    return id;
  }

  it('runs once: the manager is notified, one signed webhook arrives, and the run log shows it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Settings → Webhooks: add the endpoint; its secret is shown this once.
    await signIn(page, baseUrl, 'admin@demo.local', '/admin/settings/webhooks');
    await waitForMark(page, 'first-sync-done');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor(UI);
    await page.getByLabel('Endpoint name').fill(hookName);
    const port = (receiver.address() as AddressInfo).port;
    await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/hook`);
    await page.getByRole('checkbox', { name: 'automation.webhook' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secretText = page.getByText(/^whsec_/);
    await secretText.waitFor(UI);
    const secret = ((await secretText.textContent()) ?? '').trim();
    await expectNoSeriousA11yViolations(page, 'webhooks settings');

    // The side panel's Automations → New automation.
    await page.getByRole('link', { name: 'Automations', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Automations' }).waitFor(UI);
    await expectNoSeriousA11yViolations(page, 'automations list');
    await page.getByRole('link', { name: 'New automation' }).click();
    await page.getByRole('heading', { level: 1, name: 'New automation' }).waitFor(UI);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await pick(page, 'To status', 'Appointment Set');
    // Only leads of the manager's team.
    await page.getByRole('button', { name: 'Add condition' }).click();
    await pick(page, 'Field of condition 1', 'Team');
    const team = page.getByRole('combobox', { name: 'Value of condition 1' });
    await team.click();
    await team.fill('Phoenix');
    await page.getByRole('option', { name: 'Phoenix Central' }).click();
    // Action 1 (notify) starts with the owner: tell the team's managers instead.
    await page.getByRole('checkbox', { name: 'The lead’s owner' }).uncheck();
    await page.getByRole('checkbox', { name: 'The lead’s team managers' }).check();
    await page.getByLabel('Notification title').fill(`Appointment set ${tag}`);
    await page.getByRole('button', { name: 'Add action' }).click();
    await pick(page, 'Action 2', 'Send a webhook');
    await pick(page, 'Webhook endpoint', hookName);
    await expectNoSeriousA11yViolations(page, 'automation editor');
    await page.getByRole('button', { name: 'Save automation' }).click();
    await page.waitForURL(/\/admin\/settings\/automations\/[0-9a-f-]{36}$/, UI);
    automationId = page.url().split('/').at(-1);
    await page.getByRole('heading', { level: 1, name: 'Edit automation' }).waitFor(UI);

    // Synced to the server: the legacy list answers it.
    await expect
      .poll(async () => {
        const list = await call(baseUrl, 'admin@demo.local', 'GET', '/api/fetch_automations');
        return (list.data as { _id: string }[]).some((a) => a._id === automationId);
      }, UI)
      .toBe(true);
    const endpoints = await call(baseUrl, 'admin@demo.local', 'GET', '/api/v2/webhooks');
    endpointId = (endpoints.data as { _id: string; name: string }[]).find((e) => e.name === hookName)?._id;

    // A rep's new lead (their team: Phoenix Central, led by the manager) is set to Appointment Set.
    leadId = await addAppointmentSet(`Automation ${tag}`, '6025550188');

    await expect.poll(() => received.length, UI).toBe(1);
    const message = received[0] as { headers: IncomingHttpHeaders; body: string };
    const payload = new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
      type: string;
      data: { lead: { id: string }; automation: { name: string } };
    };
    expect(payload.type).toBe('automation.webhook');
    expect(payload.data.lead.id).toBe(leadId);
    expect(payload.data.automation.name).toBe(name);

    await expect
      .poll(async () => {
        const answer = await call(baseUrl, 'manager@demo.local', 'GET', '/api/v2/notifications/get?limit=50');
        return (answer.rows as { title: string }[]).filter((n) => n.title === `Appointment set ${tag}`)
          .length;
      }, UI)
      .toBe(1);

    // The run log: one run, succeeded, each action's result.
    const log = page.getByRole('region', { name: 'Run log' });
    await expect
      .poll(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        return log.getByRole('row').filter({ hasText: 'Succeeded' }).count();
      }, UI)
      .toBe(1);
    await expect.poll(() => log.getByText('notified 1 person').count(), UI).toBe(1);
    await expect.poll(() => log.getByRole('link', { name: `Automation ${tag}` }).count(), UI).toBe(1);
    await expectNoSeriousA11yViolations(page, 'automation run log');
    // No second delivery of that run: a later lead's run is delivered, and by then a repeat of the
    // first would have come before it (the queue works in order); each lead has its one message.
    laterId = await addAppointmentSet(`Automation later ${tag}`, '6025550189');
    await expect.poll(() => received.length, UI).toBeGreaterThanOrEqual(2);
    const leadsMessaged = received.map(
      (m) => (JSON.parse(m.body) as { data: { lead: { id: string } } }).data.lead.id,
    );
    expect(leadsMessaged).toEqual([leadId, laterId]);
    await context.close();
  }, 180_000);

  it('on a phone in the dark scheme: the list, the editor with its run log and the webhooks fit and read well', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 860 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await signIn(page, baseUrl, 'admin@demo.local', '/automations');
    await waitForMark(page, 'first-sync-done');
    const screens: [path: string, heading: string][] = [
      ['/automations', 'Automations'],
      [
        `/admin/settings/automations/${automationId ?? 'new'}`,
        automationId ? 'Edit automation' : 'New automation',
      ],
      ['/admin/settings/webhooks', 'Webhooks'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor(UI);
      await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
      expect(await page.locator('main').count(), path).toBe(1);
      expect(await page.locator('h1').count(), path).toBe(1);
      // Nothing wider than the phone: no sideways scrolling of the page.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(412);
      await expectNoSeriousA11yViolations(page, `phone, dark: ${path}`);
    }
    await context.close();
  }, 180_000);
});
