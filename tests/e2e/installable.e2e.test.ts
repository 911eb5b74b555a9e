/** Chromium must see an installable app: manifest, icons, service worker (a persistent profile). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';
import { e2eBaseUrl } from './server.ts';

describe('installable app', () => {
  let context: BrowserContext;
  let profile: string;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'hs-profile-'));
    // An incognito context is never installable; a persistent profile is what a user has.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      headless: true,
    });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('has a manifest with the icons and settings installation needs, and no installability errors', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const manifest = await (await fetch(`${baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Home Service CRM', display: 'standalone', start_url: '/' });
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#/);
    const sizes = manifest.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? `:${i.purpose}` : ''}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512:maskable']));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  });
});
