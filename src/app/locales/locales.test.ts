import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../domain/address.ts';
import { en } from './en.ts';
import { es } from './es.ts';

/** Every message of a catalogue by its dotted key, as i18next looks it up. */
function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

function placeholders(message: unknown): string[] {
  return [...String(message).matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/**
 * Messages that read the same in both languages: the product's name, languages named in themselves,
 * symbols, words Spanish shares with English, and messages that are only a placeholder or a file
 * name pattern.
 */
const SAME_IN_BOTH = new Set([
  'app.title',
  'languageNames.en',
  'languageNames.es',
  'common.error',
  'admin.settings.sections.legal.title',
  'admin.settings.sections.roles.title',
  'admin.legal.title',
  'map.locationErrorTitle',
  'leadDetail.no',
  'tableViews.no',
  'surveys.no',
  'diagnostics.no',
  'leadDetail.empty',
  'tableViews.none',
  'leadDetail.notes.by',
  'leadDetail.appointments.types.Virtual',
  'tableViews.field.setter_closer',
  'tableLabels.columns.setter_closer',
  'tableLabels.titles.contacts',
  'tables.global',
  'tables.op.eq',
  'tables.op.neq',
  'tables.op.lt',
  'tables.op.lte',
  'tables.op.gt',
  'tables.op.gte',
  'offlineAreas.zoomOption',
  'leadImport.errors.address',
  'leadImport.errors.invalid',
  'csvExport.fileName',
  'proposals.options.PPA',
  'proposals.kw',
  'marks.pdf',
  'marks.addressExample',
]);

/** Common English words that are not Spanish words: one of them in a Spanish message is a half translation. */
const ENGLISH_ONLY_WORDS = new Set(
  (
    'the and with your you this that is are was were have will from for not could should which ' +
    'when there what been into its it of to be by or an please yet here than then their they them ' +
    'these those only any each every must would after before while'
  ).split(' '),
);

/** The English-only words of a message, its placeholders left out. */
function englishWordsIn(message: string): string[] {
  return message
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => ENGLISH_ONLY_WORDS.has(word));
}

const english = flatten(en);
const spanish = flatten(es);

describe('the Spanish catalogue', () => {
  it('has every key of the English one (translate these)', () => {
    expect([...english.keys()].filter((key) => !spanish.has(key))).toEqual([]);
  });

  it('has no key the English one lacks (renamed or removed in en.ts)', () => {
    expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('holds only non-empty strings', () => {
    expect([...spanish].filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });

  it('keeps the placeholders of each English message', () => {
    const differing = [...english]
      .filter(([key]) => spanish.has(key))
      .filter(([key, value]) => placeholders(value).join() !== placeholders(spanish.get(key)).join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('translates every message but the ones that read the same in both languages', () => {
    const untranslated = [...english]
      .filter(([key, value]) => spanish.get(key) === value && !SAME_IN_BOTH.has(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('has no English words left inside a Spanish message', () => {
    const mixed = [...spanish]
      .filter(([key]) => !SAME_IN_BOTH.has(key))
      .filter(([, value]) => englishWordsIn(String(value)).length > 0)
      .map(([key, value]) => `${key}: ${englishWordsIn(String(value)).join(', ')} in "${value}"`);
    expect(mixed).toEqual([]);
  });

  it('lists as the same in both languages only messages that really are', () => {
    const stale = [...SAME_IN_BOTH].filter(
      (key) => !english.has(key) || spanish.get(key) !== english.get(key),
    );
    expect(stale).toEqual([]);
  });
});

describe('English words in a Spanish message', () => {
  it('are found whole, outside placeholders, and Spanish words are not taken for them', () => {
    expect(englishWordsIn('Guardar the file')).toEqual(['the']);
    expect(englishWordsIn('Quedarían contactos en {{the}} estado; no es un error')).toEqual([]);
  });
});

describe('placeholders', () => {
  it('finds each placeholder of a message, with or without a format', () => {
    expect(placeholders('{{done}} of {{total}} · {{ size, number }}')).toEqual(['done', 'size', 'total']);
    expect(placeholders('No placeholder')).toEqual([]);
  });
});

describe('address problems', () => {
  it('read in English as the domain says them, and in Spanish with the value kept', async () => {
    const i18next = createInstance();
    await i18next.init({
      resources: { en: { translation: en }, es: { translation: es } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
    const inputs = [
      '1 Main St',
      '1 Main St, Phoenix, AZ 850',
      '1 Main St, Phoenix, Narnia 85004',
      ', Phoenix, AZ 85004',
    ];
    const problems = inputs.map((input) => parseAddress(input));
    for (const parsed of problems) {
      if (parsed.ok) throw new Error('expected a problem');
      expect(i18next.t(`lead.addressProblem.${parsed.problem}`, { state: parsed.value })).toBe(parsed.error);
    }
    expect(problems.map((p) => !p.ok && p.problem)).toEqual(['shape', 'zip', 'state', 'shape']);
    await i18next.changeLanguage('es');
    expect(i18next.t('lead.addressProblem.state', { state: 'Narnia' })).toBe(
      "'Narnia' no es un estado de EE. UU.",
    );
  });
});
