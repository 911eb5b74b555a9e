/**
 * A rep whose browser speaks Spanish works a street in Spanish: signs in, drops a lead on the map
 * and knocks it, opens it from the contacts list, writes a note and reads the calendar — every
 * control found by its Spanish name, dates written the Spanish way, and no message of the English
 * catalogue on any screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_NAMESPACES, loadCatalogue, type Namespace } from '#src/app/locales/catalogues.ts';
import { MISSING_MESSAGE_PREFIX } from '#src/app/missingMessages.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { e2eBaseUrl } from './server.ts';
import { acceptTerms, waitForMark } from './session.ts';

/** Every message of a catalogue, placeholders and all. */
function messages(tree: object): string[] {
  return Object.values(tree).flatMap((v) => (v && typeof v === 'object' ? messages(v) : [String(v)]));
}

/**
 * The org's deal stages and statuses are its data, shown as the org named them ('Permit Received'
 * is a status of the demo org and also an English field name).
 */
const DATA_NAMES = new Set(DEFAULT_DEAL_STAGES.flatMap((s) => [s.label, ...s.options.map((o) => o.label)]));

/** Every message of every namespace of a language's catalogue. */
const NAMESPACES: Namespace[] = ['shared', ...FEATURE_NAMESPACES];
const messagesIn = async (language: 'en' | 'es') =>
  (await Promise.all(NAMESPACES.map((namespace) => loadCatalogue(language, namespace)))).flatMap(messages);
const [english, spanish] = await Promise.all([messagesIn('en'), messagesIn('es')]);

/**
 * English messages a Spanish screen must not show: whole messages without placeholders whose words
 * Spanish does not share (a product name, 'Error', 'No' read the same in both).
 */
const spanishMessages = new Set(spanish);
const ENGLISH_ONLY = new Set(
  english.filter(
    (m) => !m.includes('{{') && /\p{L}{2}/u.test(m) && !spanishMessages.has(m) && !DATA_NAMES.has(m),
  ),
);

/** The lines of text on the screen that are English messages of the catalogue. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => ENGLISH_ONLY.has(line));
}

/** Checks a screen: no English message shown, no serious accessibility violation. */
async function checkScreen(page: Page, label: string): Promise<void> {
  expect(await englishOnScreen(page), `${label}: English on a Spanish screen`).toEqual([]);
  await expectNoSeriousA11yViolations(page, label);
}

const SPANISH_DAY = /\b\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic) \d{4}\b/;
const ENGLISH_DAY = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/;

describe('the app in Spanish', () => {
  let browser: Browser;
  let context: BrowserContext;
  const baseUrl = e2eBaseUrl();
  // A spot of its own each run, so no other lead stands at the door.
  const here = { latitude: 33.52 + Math.random() * 0.02, longitude: -112.2 + Math.random() * 0.02 };
  const name = `Sofía Prueba ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      locale: 'es-ES',
      viewport: { width: 1366, height: 900 },
      geolocation: here,
      permissions: ['geolocation'],
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('knocks a lead from the map, opens it, adds a note and reads dates, all in Spanish', async () => {
    const page = await context.newPage();
    const missing: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith(MISSING_MESSAGE_PREFIX)) missing.push(m.text());
    });

    await acceptTerms(baseUrl, 'rep@demo.local');
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await checkScreen(page, 'sign-in, Spanish');
    await page.getByLabel('Correo electrónico').fill('rep@demo.local');
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    // The map.
    await page.getByRole('region', { name: 'Mapa de prospectos' }).waitFor();
    await waitForMark(page, 'pins-drawn', 30_000);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByRole('button', { name: 'Cerrar sesión' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await checkScreen(page, 'map, Spanish');

    // A new lead at the rep's position, then a knock on it.
    await page.getByRole('button', { name: 'Agregar en mi ubicación' }).click();
    const maker = page.getByRole('dialog', { name: 'Nuevo prospecto' });
    await maker.getByLabel('Nombre').fill(name);
    await maker.getByLabel('Teléfono').fill('602-555-0188');
    await checkScreen(page, 'new lead on the map, Spanish');
    await maker.getByRole('button', { name: 'Agregar prospecto' }).click();
    const panel = page.getByRole('dialog', { name });
    await panel.getByText('Registrar una visita').waitFor();
    await checkScreen(page, "map's lead panel, Spanish");
    await panel.getByRole('button', { name: 'Not Home 1' }).click();
    await page.getByText('Estatus cambiado a Not Home 1').waitFor();
    await panel.getByText(/^Última actividad justo ahora por ti$/).waitFor();
    await panel.getByRole('button', { name: 'Cerrar', exact: true }).click();

    // The lead, opened from the contacts list.
    await page.getByRole('link', { name: 'Contactos', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contactos' }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar contactos' }).fill(name);
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: 'Notas' }).waitFor();
    await checkScreen(page, 'lead page, Spanish');

    await page.getByRole('button', { name: 'Agregar nota' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar nota' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Primero escribe la nota.').waitFor();
    await checkScreen(page, 'add note with an error, Spanish');
    await dialog.getByLabel('Asunto').fill('En la puerta');
    await dialog.getByLabel('Nota', { exact: true }).fill('Volver el sábado por la mañana.');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Nota agregada').waitFor();
    const note = page
      .getByRole('list', { name: 'Notas de este prospecto' })
      .getByRole('listitem', { name: 'En la puerta' });
    // When it was written, said the Spanish way.
    await note.getByText(/justo ahora/).waitFor();
    // The activity the server wrote for the note comes back to the device and reads in Spanish, in
    // the lead's activity and in who worked it.
    await page
      .getByRole('main')
      .getByText(`Riley Carter añadió una nota a ${name}`, { exact: true })
      .waitFor({ timeout: 30_000 });
    await page
      .getByRole('main')
      .getByText(`Lo último: Riley Carter añadió una nota a ${name} justo ahora`, { exact: true })
      .waitFor();
    await checkScreen(page, 'lead page with a note, Spanish');
    expect(await page.getByRole('button', { name: 'Add note' }).count()).toBe(0);
    expect(await page.getByText('just now').count()).toBe(0);

    // The calendar names its days the Spanish way.
    await page.getByRole('link', { name: 'Citas', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Citas' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Vista del calendario' }).waitFor();
    const calendar = (await page.locator('main').innerText()) ?? '';
    expect(calendar).toMatch(SPANISH_DAY);
    expect(calendar).not.toMatch(ENGLISH_DAY);
    await checkScreen(page, 'calendar, Spanish');
    expect(missing, 'messages the catalogue lacks').toEqual([]);
  }, 360_000);

  it('switches the language on the profile page, and keeps the choice after a reload', async () => {
    // Signed in already: the context keeps the session of the journey above.
    const page = await context.newPage();
    await page.goto(`${baseUrl}/profile/edit`);
    await page.getByRole('heading', { level: 1, name: 'Tu perfil' }).waitFor();
    await checkScreen(page, 'profile, Spanish');
    await page.getByRole('main').getByRole('radiogroup', { name: 'Idioma' }).getByText('English').click();
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('main').getByRole('radiogroup', { name: 'Language' }).getByText('Español').click();
    await page.getByRole('heading', { level: 1, name: 'Tu perfil' }).waitFor();
    await page.close();
  }, 120_000);
});
