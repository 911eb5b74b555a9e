import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { signIn } from './session.ts';

/** A phone's screen: the navigation sits behind the menu button. */
const PHONE = { width: 412, height: 915 };

/** Scripts the page itself fetched, by file name (the service worker's precache is not counted). */
async function spanishCatalogueFetched(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => /\/assets\/es-[^/]*\.js$/.test(e.name)),
  );
}

/**
 * Opens the side panel with the menu button unless it is open already: on a phone the panel starts
 * closed, off the screen's left edge, its contents drawn when it first opens (its last button is
 * sign-out).
 */
async function openNavigation(page: Page, menuName: string): Promise<void> {
  const signOut = page.getByRole('navigation').getByRole('button').last();
  const onScreen = async () => {
    if ((await signOut.count()) === 0) return false;
    const box = await signOut.boundingBox();
    return box !== null && box.x >= 0;
  };
  if (!(await onScreen())) await page.getByRole('button', { name: menuName }).click();
  await expect.poll(onScreen).toBe(true);
}

/**
 * The language chosen in the side panel on a phone. A Spanish browser's first visit (sign-in
 * included) and the choice on the profile page that outlasts it are spanish.e2e.test.ts's journey.
 */
describe('the interface in Spanish', () => {
  let browser: Browser;
  const baseUrl = e2eBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('switches to Spanish on a phone, shows the signed-in screens in Spanish and stays so after a reload', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await signIn(page, baseUrl, 'rep@demo.local');
    await page.getByRole('region', { name: 'Lead map' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // English users never fetch the Spanish catalogue.
    expect(await spanishCatalogueFetched(page)).toBe(false);

    await openNavigation(page, 'Toggle navigation');
    const languages = page.getByRole('radiogroup', { name: 'Language' });
    await languages.getByText('Español').click();

    await page.getByRole('region', { name: 'Mapa de prospectos' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Idioma' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await spanishCatalogueFetched(page)).toBe(true);
    expect(await page.getByRole('button', { name: 'Cerrar sesión' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

    await openNavigation(page, 'Mostrar u ocultar la navegación');
    await page.getByRole('link', { name: 'Contactos' }).click();
    await page.getByRole('heading', { name: 'Contactos', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar contactos' }).waitFor();
    // The table's column names come from the catalogue too.
    await page.getByRole('columnheader', { name: /^Teléfono/ }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Contactos', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar contactos' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByRole('button', { name: 'Mostrar u ocultar la navegación' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).count()).toBe(0);

    await page.goto(`${baseUrl}/no-such-screen`);
    await page.getByText('Página no encontrada: /no-such-screen').waitFor();
    await context.close();
  });
});
