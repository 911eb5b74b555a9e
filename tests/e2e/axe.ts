/**
 * Accessibility checks of whatever a browser test has on screen: axe-core run inside the page.
 * The app draws no frames, so one `axe.run` over the document sees everything; it is several
 * times faster than a per-frame run stitched together in a second page, and only violations come
 * back (passes and inapplicable rules are neither gathered nor sent).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MISSING_MESSAGE_PREFIX } from '#src/app/missingMessages.ts';

export type A11yViolation = AxeResults['violations'][number];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe in the page (injected once per document) over `include` (the whole document when
 * empty) and gives its violations. Fails plainly if the page has frames, which this runner does
 * not look into.
 */
async function runAxe(page: Page, options: RunOptions, include: string[] = []): Promise<A11yViolation[]> {
  if (page.frames().length > 1) throw new Error('the page has frames; axe here checks only the top document');
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const runOptions: RunOptions = { ...options, resultTypes: ['violations'] };
  return page.evaluate(
    async ({ context, runOptions, blocking }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') & { _audit: AxeAudit } }).axe;
      const options = runOptions.runOnly ? runOptions : { ...runOptions, runOnly: blockingRules(axe._audit) };
      const results = await axe.run(context.length ? { include: context } : document, options);
      return results.violations;

      /**
       * The rules axe runs by default that can find a serious or critical violation (a rule's
       * impact, else the highest of its checks'): the others can only find what is reported and
       * then left out, so they are not run.
       */
      function blockingRules(audit: AxeAudit): RunOptions['runOnly'] {
        const values = audit.rules
          .filter((rule) => rule.enabled)
          .filter((rule) => {
            const checks = [...rule.any, ...rule.all, ...rule.none].map((c) =>
              typeof c === 'string' ? c : c.id,
            );
            const impacts = rule.impact
              ? [rule.impact]
              : checks.map((id) => audit.checks[id]?.metadata?.impact);
            return impacts.some((impact) => blocking.includes(impact ?? ''));
          })
          .filter((rule) => runOptions.rules?.[rule.id]?.enabled !== false)
          .map((rule) => rule.id);
        return { type: 'rule', values };
      }
    },
    { context: include, runOptions, blocking: [...BLOCKING] },
  );
}

/** What of axe's loaded rules and checks `blockingRules` reads. */
interface AxeAudit {
  rules: {
    id: string;
    enabled: boolean;
    impact?: string;
    any: (string | { id: string })[];
    all: (string | { id: string })[];
    none: (string | { id: string })[];
  }[];
  checks: Record<string, { metadata?: { impact?: string } } | undefined>;
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * The serious and critical violations on the page as it is now.
 * `meta-viewport` is left out on purpose: the spec fixes the page scale at 1 (no zoom), which axe
 * reports as a critical violation by design.
 */
export async function seriousA11yViolations(
  page: Page,
  { coloursOnly = false }: { coloursOnly?: boolean } = {},
): Promise<A11yViolation[]> {
  await settled(page);
  const violations = await runAxe(page, coloursOnly ? COLOURS_ONLY : ALL_BUT_VIEWPORT);
  return violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

const ALL_BUT_VIEWPORT: RunOptions = { rules: { 'meta-viewport': { enabled: false } } };

/**
 * The rules whose outcome depends on the colour scheme: a page already checked in full in one
 * scheme needs only these in the other (names, roles and structure do not change with colours).
 */
const COLOURS_ONLY: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
};

/**
 * Pages of this context show no motion: transitions and animations are off, so a screen is in its
 * final colours the moment it is drawn and a check need not wait for fades and slides. For the
 * accessibility walk, whose screens are checked as they rest; the page marks itself so `settled`
 * waits only a short moment.
 */
export async function withoutMotion(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    (window as unknown as { __hsNoMotion?: boolean }).__hsNoMotion = true;
    const style = document.createElement('style');
    style.textContent =
      '*,*::before,*::after{transition:none!important;animation-duration:0s!important;animation-delay:0s!important}';
    const add = () => document.head.append(style);
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  });
}

/**
 * Waits until nothing on the page has moved for a moment: colours read mid-transition (a dialog
 * fading in, a segmented control's indicator sliding) are neither the before nor the after. A page
 * without motion (`withoutMotion`) needs only a short still moment.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __hsStillSince?: number }).__hsStillSince = undefined;
  });
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __hsStillSince?: number; __hsNoMotion?: boolean };
      const moving = document.getAnimations().some((a) => a.playState === 'running');
      if (moving) w.__hsStillSince = undefined;
      else w.__hsStillSince ??= performance.now();
      const still = w.__hsNoMotion ? 50 : 250;
      return !moving && performance.now() - (w.__hsStillSince ?? performance.now()) >= still;
    },
    undefined,
    { polling: 50, timeout: 10_000 },
  );
}

/** One line per failing node: the rule, where, why, and where to read about it. */
export function describeViolations(violations: A11yViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Fails the test when the page asked the catalogue for a message it lacks (the app says so on the
 * console), naming the keys: the person would have read a raw key.
 */
export async function expectNoMissingMessages(page: Page, label: string): Promise<void> {
  const missing = (await page.consoleMessages())
    .map((m) => m.text())
    .filter((text) => text.startsWith(MISSING_MESSAGE_PREFIX));
  expect(missing, `${label}: messages shown that are not in the catalogue: ${missing.join('; ')}`).toEqual(
    [],
  );
}

/** Phone layouts (the app's narrow threshold): checked whole, as the walk checks only desktop. */
const PHONE_WIDTH = 768;

/**
 * What a screen shows over itself: dialogs, drawers, menus, pickers and map popups. The
 * accessibility walk (accessibilityWalk.ts) checks every route's page, light and dark; these are
 * the states a feature journey opens that the walk cannot reach.
 */
export const OVERLAYS = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '[role="listbox"]',
  '[role="tooltip"]',
  '.maplibregl-popup',
  '.mantine-Popover-dropdown',
];

/**
 * A feature journey's accessibility check: the catalogue (no raw keys shown) always; on a phone
 * (the walk runs at 1280 px) the whole page, elsewhere axe over whatever overlay is open. The page
 * under it at desktop width is the walk's to check, once per route and scheme, rather than after
 * every step of every journey. Fails naming the screen, rules and nodes.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await expectNoMissingMessages(page, label);
  if ((page.viewportSize()?.width ?? 0) <= PHONE_WIDTH) {
    const violations = await seriousA11yViolations(page);
    expect(violations, `${label}: accessibility violations\n${describeViolations(violations)}`).toEqual([]);
    return;
  }
  // Once nothing moves: an overlay closing (a toast's tooltip, a menu) is gone, not half there.
  await settled(page);
  const results = await overlayResults(page);
  if (!results) return;
  const violations = results.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(violations, `${label}: accessibility violations\n${describeViolations(violations)}`).toEqual([]);
}

/**
 * Axe over the overlays open now, or undefined when none is. An overlay that closes by itself
 * between the look and the check (axe finds no element to include) is looked for once more.
 */
async function overlayResults(page: Page, tries = 2): Promise<A11yViolation[] | undefined> {
  const open = await page.evaluate(
    (selectors) =>
      selectors.filter((selector) =>
        [...document.querySelectorAll(selector)].some((el) =>
          el.checkVisibility({ visibilityProperty: true }),
        ),
      ),
    OVERLAYS,
  );
  if (!open.length) return undefined;
  try {
    return await runAxe(page, ALL_BUT_VIEWPORT, open);
  } catch (err) {
    if (!String(err).includes('No elements found for include')) throw err;
    return tries > 1 ? overlayResults(page, tries - 1) : undefined;
  }
}
