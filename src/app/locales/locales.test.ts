import { globSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '#src/domain/address.ts';
import { FEATURE_CATALOGUES, FEATURE_NAMESPACES, loadCatalogue, type Namespace } from './catalogues.ts';

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
 * Messages that read the same in both languages (shared keys as they are, others after their
 * namespace): the product's name, languages named in themselves, symbols, words Spanish shares with
 * English, and messages that are only a placeholder or a file name pattern.
 */
const SAME_IN_BOTH = new Set([
  'app.title',
  'languageNames.en',
  'languageNames.es',
  'common.error',
  'activityFeed.entry.message',
  'activityFeed.entry.about',
  'sales.detail',
  'admin:admin.settings.sections.legal.title',
  'admin:admin.settings.sections.roles.title',
  'admin:admin.legal.title',
  'admin:email.starttls',
  'admin:email.tls',
  'map:map.locationErrorTitle',
  'leads:leadDetail.no',
  'tableViews:tableViews.no',
  'surveys:surveys.no',
  'diagnostics:diagnostics.no',
  'leads:leadDetail.empty',
  'tableViews:tableViews.none',
  'leads:leadDetail.notes.by',
  'leads:leadDetail.appointments.types.Virtual',
  'notifications:serverTexts.values.type.Virtual',
  'notifications:serverTexts.announcement.message',
  'notifications:serverTexts.weeklyRecord.message',
  'tableViews:tableViews.field.setter_closer',
  'tableLabels.columns.setter_closer',
  'tableLabels.titles.contacts',
  'tables:tables.global',
  'tables:tables.op.eq',
  'tables:tables.op.neq',
  'tables:tables.op.lt',
  'tables:tables.op.lte',
  'tables:tables.op.gt',
  'tables:tables.op.gte',
  'offlineAreas:offlineAreas.zoomOption',
  'leads:leadImport.errors.address',
  'leads:leadImport.errors.invalid',
  'tables:csvExport.fileName',
  'proposals:proposals.options.PPA',
  'proposals:proposals.kw',
  'metric.kw',
  'leads:marks.pdf',
  'leads:marks.addressExample',
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

const NAMESPACES: Namespace[] = ['shared', ...FEATURE_NAMESPACES];

/** Each namespace's catalogues, flattened; keys as `t` names them from elsewhere (`ns:key`, shared ones bare). */
const catalogues = await Promise.all(
  NAMESPACES.map(async (namespace) => {
    const qualify = (key: string) => (namespace === 'shared' ? key : `${namespace}:${key}`);
    const [en, es] = await Promise.all([loadCatalogue('en', namespace), loadCatalogue('es', namespace)]);
    const requalify = (messages: Map<string, unknown>) =>
      new Map([...messages].map(([key, value]) => [qualify(key), value]));
    return { namespace, english: requalify(flatten(en)), spanish: requalify(flatten(es)) };
  }),
);
const allEnglish = new Map(catalogues.flatMap((c) => [...c.english]));
const allSpanish = new Map(catalogues.flatMap((c) => [...c.spanish]));

describe('the namespaces', () => {
  it('are one per feature with a catalogue beside it, and the shared one', () => {
    const folders = globSync('src/features/*/locales/en.ts').map((f) => f.split('/')[2]);
    expect([...FEATURE_NAMESPACES].sort()).toEqual(folders.sort());
    expect(Object.keys(FEATURE_CATALOGUES)).toEqual(FEATURE_NAMESPACES);
  });

  it('name each group of keys in one namespace only, so a key says which namespace it is in', async () => {
    const groups = await Promise.all(
      NAMESPACES.map(async (namespace) => Object.keys(await loadCatalogue('en', namespace))),
    );
    const all = groups.flat();
    expect(all.filter((group, i) => all.indexOf(group) !== i)).toEqual([]);
  });
});

describe.each(catalogues)('the Spanish catalogue of $namespace', ({ english, spanish }) => {
  it('has every key of the English one (translate these)', () => {
    expect([...english.keys()].filter((key) => !spanish.has(key))).toEqual([]);
  });

  it('has no key the English one lacks (renamed or removed in en.ts)', () => {
    expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('holds only non-empty strings, as the English one does', () => {
    const empty = (messages: Map<string, unknown>) =>
      [...messages].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(empty(spanish)).toEqual([]);
    expect(empty(english)).toEqual([]);
  });

  it("names no placeholder after one of i18next's options (a `lng` value would pick the language)", () => {
    const reserved = new Set([
      'lng',
      'lngs',
      'ns',
      'defaultValue',
      'returnObjects',
      'keyPrefix',
      'fallbackLng',
    ]);
    const clashing = [...english]
      .filter(([, value]) => placeholders(value).some((name) => reserved.has(name)))
      .map(([key]) => key);
    expect(clashing).toEqual([]);
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
});

describe('the messages that read the same in both languages', () => {
  it('are only messages that really are', () => {
    const stale = [...SAME_IN_BOTH].filter(
      (key) => !allEnglish.has(key) || allSpanish.get(key) !== allEnglish.get(key),
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
      resources: {
        en: { leads: await loadCatalogue('en', 'leads') },
        es: { leads: await loadCatalogue('es', 'leads') },
      },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
    const t = i18next.getFixedT(null, 'leads');
    const inputs = [
      '1 Main St',
      '1 Main St, Phoenix, AZ 850',
      '1 Main St, Phoenix, Narnia 85004',
      ', Phoenix, AZ 85004',
    ];
    const problems = inputs.map((input) => parseAddress(input));
    for (const parsed of problems) {
      if (parsed.ok) throw new Error('expected a problem');
      expect(t(`lead.addressProblem.${parsed.problem}`, { state: parsed.value })).toBe(parsed.error);
    }
    expect(problems.map((p) => !p.ok && p.problem)).toEqual(['shape', 'zip', 'state', 'shape']);
    await i18next.changeLanguage('es');
    expect(t('lead.addressProblem.state', { state: 'Narnia' })).toBe("'Narnia' no es un estado de EE. UU.");
  });
});
