import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, browserLanguage } from './language.ts';

describe('the language a browser asks for', () => {
  it('reads Accept-Language by weight, then by order', () => {
    expect(acceptLanguageTags('es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['es-MX', 'es', 'en-US', 'en']);
    expect(acceptLanguageTags('en;q=0.5, es-ES')).toEqual(['es-ES', 'en']);
    expect(acceptLanguageTags('fr, de;q=0.9')).toEqual(['fr', 'de']);
  });

  it('drops refused, wildcard and malformed entries', () => {
    expect(acceptLanguageTags('es;q=0, en')).toEqual(['en']);
    expect(acceptLanguageTags('*, es;q=abc, en;q=0.1')).toEqual(['en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags(' , ;;')).toEqual([]);
  });

  it('picks the same language from a header as the device does from navigator.languages', () => {
    expect(browserLanguage(acceptLanguageTags('es-MX,es;q=0.9,en;q=0.8'))).toBe('es');
    expect(browserLanguage(acceptLanguageTags('fr-FR,es;q=0.5'))).toBe('es');
    expect(browserLanguage(acceptLanguageTags('en-US,es;q=0.9'))).toBe('en');
    expect(browserLanguage(acceptLanguageTags(''))).toBe('en');
  });
});
