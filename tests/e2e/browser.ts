/**
 * The system Chromium, driven by Playwright (no browser download works on our machines): Debian's
 * headless shell (`chromium-headless-shell`, the same engine without the desktop browser around
 * it, measured about 14% quicker through the same suites) when it is installed, else `chromium`.
 */
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
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean) as string[];
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
 * `serviceWorkers` option still wins. `acceptLocalCertificates` is for suites whose stand-ins for
 * outside services run on 127.0.0.1 with a self-signed certificate (localHttps.ts): browser-wide,
 * so the service worker's requests accept it too.
 */
export async function launchBrowser({
  serviceWorkers = 'block',
  acceptLocalCertificates = false,
}: {
  serviceWorkers?: 'allow' | 'block';
  acceptLocalCertificates?: boolean;
} = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: acceptLocalCertificates ? [...CHROMIUM_ARGS, '--ignore-certificate-errors'] : CHROMIUM_ARGS,
    headless: true,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers, ...options });
  return browser;
}
