/** The system Chromium, driven by Playwright (no browser download works on our machines). */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error('Chromium not found: install the Debian package `chromium` or set CHROMIUM_PATH.');
  return found;
}

/**
 * The browser for a suite. Its contexts run without the service worker unless the suite asks for
 * it (`serviceWorkers: 'allow'`, the suites that test what it does: offline reloads, installing,
 * saved map areas): installing it precaches the whole build (some 250 files) in every new context,
 * about three seconds of a core each time, for journeys that never need it. A context's own
 * `serviceWorkers` option still wins.
 */
export async function launchBrowser({
  serviceWorkers = 'block',
}: {
  serviceWorkers?: 'allow' | 'block';
} = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers, ...options });
  return browser;
}
