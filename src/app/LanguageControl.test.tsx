// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { provideBrowserFeaturesForMantine } from '../ui/testing/jsdomForMantine.ts';
import { timeAgo } from '../ui/timeAgo.ts';
import i18n from './i18n.ts';
import { LanguageControl } from './LanguageControl.tsx';
import { applyLanguage, browserLanguage, chooseLanguage, startLanguage } from './language.ts';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './languageChoice.ts';

beforeAll(provideBrowserFeaturesForMantine);
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  await applyLanguage('en');
});

function preferBrowserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('the language the interface starts in', () => {
  it('follows the browser: any Spanish means Spanish, the first language the app speaks wins', () => {
    expect(browserLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(browserLanguage(['ES_us'])).toBe('es');
    expect(browserLanguage(['fr-FR', 'es', 'en'])).toBe('es');
    expect(browserLanguage(['en-US', 'es-MX'])).toBe('en');
  });

  it('is English when the browser prefers only languages the app does not speak, or none', () => {
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    // 'est' (Estonian) is not Spanish.
    expect(browserLanguage(['et', 'est'])).toBe('en');
  });

  it('prefers the choice remembered on the device over the browser', () => {
    preferBrowserLanguages(['es-MX']);
    expect(initialLanguage()).toBe('es');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(initialLanguage()).toBe('en');
  });

  it('ignores a remembered value it does not know', () => {
    preferBrowserLanguages(['es-US']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(initialLanguage()).toBe('es');
  });

  it('starts in Spanish with the catalogue loaded and the page marked as Spanish', async () => {
    preferBrowserLanguages(['es-US', 'en']);
    await startLanguage();
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('nav.signOut')).toBe('Cerrar sesión');
    expect(timeAgo(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('hace 5 min');
  });

  it("brings in the new language's words of every feature shown so far", async () => {
    const regions = i18n.getFixedT(null, 'regions');
    expect(regions('regions.title')).toBe('Region');
    await chooseLanguage('es');
    expect(i18n.hasResourceBundle('es', 'regions')).toBe(true);
    expect(regions('regions.title')).toBe('Región');
  });

  it('keeps the choice when the device refuses to store it, for as long as the page lives', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await chooseLanguage('es');
    expect(i18n.language).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});

describe('LanguageControl', () => {
  function renderSignIn() {
    render(
      <MantineProvider>
        <LanguageControl />
        <LoginPage onSignedIn={() => {}} />
      </MantineProvider>,
    );
  }

  it('switches the visible texts to Spanish and back, and remembers the choice', async () => {
    renderSignIn();
    const group = screen.getByRole('radiogroup', { name: 'Language' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Español' }));
    });
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Correo electrónico/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Idioma' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Español' }) as HTMLInputElement).checked).toBe(true);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('names each language in itself, whatever the interface speaks', async () => {
    await applyLanguage('es');
    renderSignIn();
    expect(screen.getByRole('radio', { name: 'English' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Español' })).toBeTruthy();
  });
});
