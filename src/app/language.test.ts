// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from './i18n.ts';
import { chooseLanguage, currentLanguage, startLanguage } from './language.ts';
import { LANGUAGE_STORAGE_KEY } from './languageChoice.ts';

// The Spanish catalogue cannot be fetched here, as on a device offline before it was ever cached.
vi.mock('./locales/es.ts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a language whose catalogue cannot be loaded', () => {
  it('starts the app in English rather than not at all', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX']);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await startLanguage();
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.signOut')).toBe('Sign out');
    expect(logged).toHaveBeenCalled();
  });

  it('is not remembered when chosen, and the interface stays as it was', async () => {
    await expect(chooseLanguage('es')).rejects.toThrow();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(currentLanguage()).toBe('en');
  });
});
