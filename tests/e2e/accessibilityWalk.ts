/**
 * The accessibility walk through every screen (tests/e2e/accessibility*.e2e.test.ts): what a
 * screen check finds, the visits, and one user's walk as a describe block. Split over files so the
 * longest browser suite runs on two workers at once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalkUser as RouteWalker } from '#src/app/routes/routeTypes.ts';
import { walkStops } from '#src/app/routes/walkPlan.ts';
import {
  type A11yViolation,
  describeViolations,
  expectNoMissingMessages,
  seriousA11yViolations,
  withoutMotion,
} from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { acceptTerms, apiAs, openScreen, signIn, waitForMark } from './session.ts';
import { openPlainGrid, switchViewType } from './tableScreen.ts';

export const UI = { timeout: 30_000 };
/** Each screen check runs axe over the whole page; on a loaded machine a section takes minutes. */
export const SLOW = 600_000;
const HERE = { latitude: 33.4484, longitude: -112.074 };
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

interface Finding {
  screen: string;
  violations: A11yViolation[];
  mains: number;
  h1s: number;
}

/** What a screen check found, gathered so one run reports every screen, not just the first. */
export class Findings {
  readonly all: Finding[] = [];
  readonly who: string;
  private failure: Error | undefined;
  constructor(who: string) {
    this.who = who;
  }

  /**
   * Checks the screen as it is, in both schemes: whole in the scheme the page shows now, and for
   * its colours alone in the other, where the page then stays (the next screen starts there). The
   * app follows the system's scheme, so switching the emulated preference re-colours the same page
   * in place; one switch a screen instead of two, and every rule but the colours' is the same in
   * both. `shownAs: 'fixed'` is for a page that sets its own scheme (the legal pages are always
   * light).
   */
  async check(page: Page, screen: string, shownAs?: 'fixed'): Promise<void> {
    await expectNoMissingMessages(page, `${this.who}: ${screen}`);
    const [mains, h1s, dark] = await page.evaluate(() => [
      document.querySelectorAll('main, [role="main"]').length,
      document.querySelectorAll('h1, [role="heading"][aria-level="1"]').length,
      matchMedia('(prefers-color-scheme: dark)').matches,
    ]);
    const schemes = dark ? ([...SCHEMES].reverse() as Scheme[]) : [...SCHEMES];
    for (const [i, scheme] of schemes.entries()) {
      if (i > 0) await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction(
        ([s, fixed]) =>
          matchMedia('(prefers-color-scheme: dark)').matches === (s === 'dark') &&
          (fixed || document.documentElement.dataset.mantineColorScheme === s),
        [scheme, Boolean(shownAs)] as const,
      );
      const violations = await seriousA11yViolations(page, { coloursOnly: i > 0 });
      this.all.push({ screen: `${this.who}, ${scheme}: ${screen}`, violations, mains, h1s });
    }
  }

  /** Runs a walk through screens; if a step fails, the screens checked before it are still reported. */
  async walk(steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (err) {
      this.failure = err instanceof Error ? err : new Error(String(err));
    }
  }

  /** Fails with every screen's problems (and a failed step), or passes when there are none. */
  expectClean(): void {
    const bad = this.all.filter((f) => f.violations.length > 0 || f.mains !== 1 || f.h1s !== 1);
    if (this.failure) {
      bad.push({ screen: `${this.who}: ${this.failure.message}`, violations: [], mains: 1, h1s: 1 });
    }
    const report = bad
      .map(
        (f) =>
          `== ${f.screen}: main ${f.mains}, h1 ${f.h1s}, ${f.violations.reduce((n, v) => n + v.nodes.length, 0)} failing nodes\n${describeViolations(f.violations)}`,
      )
      .join('\n');
    expect(
      bad.map((f) => f.screen),
      report,
    ).toEqual([]);
  }
}

/**
 * A named lead with a pin that the user may edit: one they own, else (an admin owns none) the first
 * they see. The map's search finds it among the pins, so a lead without a place (such as the one
 * the signed-out walk adds for its signed proposal) will not do.
 */
async function firstLead(baseUrl: string, email: string): Promise<{ _id: string; name: string }> {
  const signedIn = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const me = ((await signedIn.json()) as { _id: string })._id;
  const api = await apiAs(baseUrl, email);
  type Lead = { _id: string; name: string; owner_id?: string | null; coordinates?: unknown };
  const leads = (await api<{ data: Lead[] }>('/api/v2/leads/get?limit=100')).data.filter(
    (l) => l.name && Array.isArray(l.coordinates),
  );
  const lead = leads.find((l) => l.owner_id === me) ?? leads[0];
  if (!lead) throw new Error(`${email} sees no named lead`);
  return lead;
}

/** A change the server refused, as the device keeps it, so the needs-attention drawer has an entry. */
async function addRejectedChange(page: Page, leadId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('hs-'))?.name;
    if (!name) throw new Error('no device database');
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const tx = open.result.transaction('rejected', 'readwrite');
        tx.objectStore('rejected').put({
          id: 999_999,
          mutation: {
            id: 999_999,
            name: 'lead.edit.v1',
            args: { _id: id, phone: '12' },
            table: 'contacts',
            row_id: id,
            created_at: new Date().toISOString(),
          },
          message: 'A phone number has 10 digits; this one has 2.',
          rejected_at: new Date().toISOString(),
        });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, leadId);
}

async function visitMap(page: Page, findings: Findings, lead: { name: string }): Promise<void> {
  await page.getByRole('region', { name: 'Lead map' }).waitFor(UI);
  await waitForMark(page, 'pins-drawn');
  await findings.check(page, 'map');

  await page.getByLabel('Search address').fill(lead.name);
  await page.getByText('Your lead').first().click();
  const panel = page.getByRole('dialog', { name: lead.name });
  await panel.waitFor(UI);
  await findings.check(page, "map's lead panel");
  await panel.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: 'Add at my location' }).click();
  await page.getByRole('dialog', { name: 'New lead' }).waitFor(UI);
  await findings.check(page, "map's pin maker");
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Stage group').first().waitFor(UI);
  await findings.check(page, "map's filters");
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Layers' }).click();
  await page.getByRole('button', { name: 'Save this area for offline' }).click();
  await page.getByRole('dialog', { name: 'Save this area for offline' }).waitFor(UI);
  await findings.check(page, 'offline areas dialog');
  await page.keyboard.press('Escape');
}

/**
 * The contacts grid with its filter builder and column chooser; with `everyViewType`, also each
 * view type and the products' form view. The view types are the same screens for every role (a
 * user's own view, the admin's controls a superset of a rep's), so one walk checks them.
 */
async function visitContacts(page: Page, baseUrl: string, findings: Findings, everyViewType: boolean) {
  await openScreen(page, baseUrl, '/contacts');
  // Other suites work as the same demo users; their searches and view types stay with the view.
  await openPlainGrid(page);
  const table = page.getByRole('table', { name: 'Contacts' });
  await table.locator('tbody tr[data-id]').first().waitFor(UI);
  await findings.check(page, 'contacts grid');

  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByLabel('Field of filter 1').waitFor(UI);
  await findings.check(page, 'contacts filter builder');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('group', { name: 'Columns' }).waitFor(UI);
  await findings.check(page, 'contacts column chooser');
  await page.keyboard.press('Escape');
  if (!everyViewType) return;

  // A view of this run's own, so the user's other views keep their type.
  await page.getByRole('button', { name: '+ New view' }).click();
  await page.getByText('View created').waitFor(UI);
  // A toast fading out while axe reads the page has neither its colours nor the page's.
  await closeToast(page, 'View created');
  const views: [string, (p: Page) => Promise<void>][] = [
    ['Board', (p) => p.getByRole('region', { name: 'Contact', exact: true }).waitFor(UI)],
    ['Gallery', (p) => p.getByRole('listitem').first().waitFor(UI)],
    ['Calendar', (p) => p.getByLabel('Date field').waitFor(UI)],
    ['Map', (p) => p.getByRole('region', { name: 'Map of the view' }).waitFor(UI)],
  ];
  try {
    for (const [view, shown] of views) {
      await switchViewType(page, view);
      await shown(page);
      await findings.check(page, `contacts ${view.toLowerCase()} view`);
    }
  } finally {
    await switchViewType(page, 'Grid');
  }

  await openScreen(page, baseUrl, '/products');
  await page.getByRole('button', { name: '+ New view' }).click();
  await page.getByText('View created').waitFor(UI);
  await closeToast(page, 'View created');
  await switchViewType(page, 'Form');
  await page.getByRole('textbox', { name: 'Price' }).waitFor(UI);
  await findings.check(page, 'products form view');
  await switchViewType(page, 'Grid');
}

/** Closes a toast with its close button, as a person does who has read it, and waits until it is gone. */
async function closeToast(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).getByRole('button', { name: 'Close' }).click();
  await page.getByText(text).waitFor({ state: 'hidden', timeout: 20_000 });
}

async function visitLead(page: Page, baseUrl: string, findings: Findings, leadId: string): Promise<void> {
  await openScreen(page, baseUrl, `/contacts/${leadId}`);
  await page.getByRole('heading', { name: 'Notes' }).waitFor(UI);
  await findings.check(page, 'lead detail');
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('dialog', { name: 'Add note' }).waitFor(UI);
  await findings.check(page, 'lead detail: add note dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add appointment' }).click();
  await page.getByRole('dialog', { name: 'Add appointment' }).waitFor(UI);
  await findings.check(page, 'lead detail: add appointment dialog');
  await page.keyboard.press('Escape');

  await openScreen(page, baseUrl, `/contacts/${leadId}/edit`);
  await page.getByLabel('Name').waitFor(UI);
  await findings.check(page, 'lead edit');
  await openScreen(page, baseUrl, '/contacts/new');
  await page.getByRole('heading', { name: 'Add lead' }).waitFor(UI);
  await findings.check(page, 'lead add');
  await openScreen(page, baseUrl, '/contacts/import');
  await page.getByRole('heading', { name: 'Import leads' }).waitFor(UI);
  await findings.check(page, 'lead import');
  await openScreen(page, baseUrl, `/contacts/profile?id=${leadId}`);
  await page.getByRole('heading', { name: 'Customer profile' }).waitFor(UI);
  await page.getByRole('region', { name: 'Utility data' }).waitFor(UI);
  await findings.check(page, 'customer profile');
}

async function visitOtherScreens(page: Page, baseUrl: string, findings: Findings, walker: RouteWalker) {
  // The table screens the route table lists for this user's walk.
  for (const { url, heading, name } of walkStops('tables', walker)) {
    await openScreen(page, baseUrl, url);
    // The admin's walk through view types left the products screen in its form view.
    if (url === '/products') await switchViewType(page, 'Grid');
    // Some tables of the demo org are empty: the table itself is the screen.
    await page.getByRole('table', { name: heading }).waitFor(UI);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor(UI);
    await findings.check(page, `${name} table`);
  }
  // A record of a table other than contacts opens in a drawer beside the list.
  await openScreen(page, baseUrl, '/products');
  await page.getByRole('table', { name: 'Products' }).locator('tbody tr[data-id] td').nth(1).click();
  await page.getByRole('table', { name: 'Details' }).waitFor(UI);
  await findings.check(page, 'record drawer');
  await page.keyboard.press('Escape');

  await openScreen(page, baseUrl, '/profile/edit');
  await page.getByLabel('Phone').waitFor(UI);
  await findings.check(page, 'profile edit');
  await page.goto(`${baseUrl}/no-such-screen`);
  await page.getByText('Page not found: /no-such-screen').waitFor(UI);
  await findings.check(page, 'page not found');
  await page.goto(`${baseUrl}/contacts/not-a-lead-id`);
  await page.getByText('Page Not Found: /contacts/not-a-lead-id').waitFor(UI);
  await findings.check(page, 'fatal page not found');
}

/** The screens that run the organisation (the admin area and its settings, teams, regions, people) and a team's day. */
async function visitOrganisation(page: Page, baseUrl: string, findings: Findings, walker: RouteWalker) {
  // The organisation's screens the route table lists for this user's walk.
  for (const { url: path, heading, name } of walkStops('organisation', walker)) {
    await openScreen(page, baseUrl, path);
    // A member's own team is their team's page: checked once it is there.
    if (path === '/team') await page.waitForURL(/\/teams\/[0-9a-f-]{36}$/, UI);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor(UI);
    await findings.check(page, name);
  }
  // The header's activity panel, over the last screen.
  await page.getByRole('banner').getByRole('button', { name: 'Latest activity' }).click();
  await page.getByRole('dialog', { name: 'Latest activity' }).waitFor(UI);
  await findings.check(page, 'activity panel');
  await page.keyboard.press('Escape');
}

async function visitNeedsAttention(page: Page, baseUrl: string, findings: Findings, leadId: string) {
  await openScreen(page, baseUrl, '/contacts');
  await page.getByRole('table', { name: 'Contacts' }).waitFor(UI);
  await addRejectedChange(page, leadId);
  await page.reload();
  await page.getByRole('button', { name: '1 needs attention' }).click();
  await page.getByRole('dialog', { name: 'Changes that need attention' }).waitFor(UI);
  await findings.check(page, 'needs-attention drawer');
  await page.getByRole('button', { name: 'Discard' }).click();
}

export interface WalkUser {
  who: string;
  email: string;
  admin: boolean;
}

/** A desktop page in the light scheme, placed in Phoenix; each its own context, closed with the suite. */
export function usePages(): () => Promise<Page> {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  return async () => {
    if (!browser) throw new Error('the browser has not started');
    const context = await browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      geolocation: HERE,
      permissions: ['geolocation'],
    });
    await withoutMotion(context);
    contexts.push(context);
    return context.newPage();
  };
}

/** Terms are accepted for the demo accounts up front, so no dialog stands over the screens. */
export function acceptDemoTerms(): void {
  beforeAll(async () => {
    const baseUrl = e2eBaseUrl();
    for (const email of ['admin@demo.local', 'rep@demo.local']) await acceptTerms(baseUrl, email);
  });
}

/** One user's walk: the map, contacts, a lead, the other tables, the org's screens, the drawer. */
export function describeScreensAs({ who, email, admin }: WalkUser, newPage: () => Promise<Page>): void {
  const baseUrl = e2eBaseUrl();
  describe(`as ${who}`, () => {
    let page: Page;
    let lead: { _id: string; name: string };
    const findings = () => new Findings(who);
    const walker: RouteWalker = admin ? 'admin' : 'rep';

    beforeAll(async () => {
      lead = await firstLead(baseUrl, email);
      page = await newPage();
      await signIn(page, baseUrl, email);
      await waitForMark(page, 'first-sync-done');
    }, SLOW);

    it(
      'the map and its panels',
      async () => {
        const f = findings();
        // The walk signed in on the map: it is checked as it opened, with no second start.
        await f.walk(async () => {
          if (new URL(page.url()).pathname !== '/') await page.goto(`${baseUrl}/`);
          await visitMap(page, f, lead);
        });
        f.expectClean();
      },
      SLOW,
    );
    it(
      admin
        ? 'contacts in every view type, and the form view'
        : 'contacts, its filter builder and column chooser',
      async () => {
        const f = findings();
        await f.walk(() => visitContacts(page, baseUrl, f, admin));
        f.expectClean();
      },
      SLOW,
    );
    it(
      "a lead's screens and dialogs",
      async () => {
        const f = findings();
        await f.walk(() => visitLead(page, baseUrl, f, lead._id));
        f.expectClean();
      },
      SLOW,
    );
    it(
      'the other tables, the record drawer, the profile and the error pages',
      async () => {
        const f = findings();
        await f.walk(() => visitOtherScreens(page, baseUrl, f, walker));
        f.expectClean();
      },
      SLOW,
    );
    it(
      "the organisation's screens",
      async () => {
        const f = findings();
        await f.walk(() => visitOrganisation(page, baseUrl, f, walker));
        f.expectClean();
      },
      SLOW,
    );
    it(
      'the needs-attention drawer',
      async () => {
        const f = findings();
        await f.walk(() => visitNeedsAttention(page, baseUrl, f, lead._id));
        f.expectClean();
      },
      SLOW,
    );
  });
}
