/**
 * The server's message keys (src/domain/serverTexts.ts) against the catalogues: every key has its
 * words in English and Spanish, each parameter shows in them (an enumerated one in the reader's
 * words), and the catalogues hold no words for keys the server does not have.
 */
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { activityLine } from '#src/domain/activityEntry.ts';
import type { Language } from '#src/domain/language.ts';
import {
  ENUMERATED_PARAMS,
  SERVER_TEXT_KEYS,
  SERVER_TEXTS,
  type ServerTextKey,
} from '#src/domain/serverTexts.ts';
import { runWords } from '#src/features/automations/utils/runWords.ts';
import { notificationWords } from '#src/features/notifications/utils/notificationWords.ts';
import { loadCatalogue } from './catalogues.ts';

const LANGUAGES: Language[] = ['en', 'es'];
const NAMESPACES = ['shared', 'notifications', 'automations'] as const;

const i18n = createInstance();
await i18n.init({
  resources: Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [
        language,
        Object.fromEntries(
          await Promise.all(NAMESPACES.map(async (ns) => [ns, await loadCatalogue(language, ns)])),
        ),
      ]),
    ),
  ),
  defaultNS: 'shared',
  fallbackNS: 'shared',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
const tOf = (language: Language, ns: (typeof NAMESPACES)[number]) => i18n.getFixedT(language, ns);

/** A value of each enumerated parameter the server writes as free text (an appointment's type). */
const ENUMERATED_SAMPLES: Record<string, string> = { type: 'Phone' };

/** Sample parameters of a key: a distinct name for each text, a number, an enumerated value. */
function sampleParams(key: ServerTextKey): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [param, schema] of Object.entries(SERVER_TEXTS[key].shape as Record<string, z.ZodType>)) {
    if (schema instanceof z.ZodEnum) params[param] = schema.options[0];
    else if (ENUMERATED_SAMPLES[param]) params[param] = ENUMERATED_SAMPLES[param];
    else if (schema instanceof z.ZodNumber) params[param] = 7;
    else params[param] = `«${param}»`;
  }
  return params;
}

/** How a reader of the language sees a key with those parameters, through the device's own code. */
function rendered(language: Language, key: ServerTextKey, params: Record<string, unknown>): string {
  const [kind] = key.split('.');
  const stored = { text_key: key, text_params: params };
  if (kind === 'notification') {
    const words = notificationWords(tOf(language, 'notifications') as TFunction<'notifications'>, {
      _id: 'n',
      title: 'Stored title',
      message: 'Stored message',
      ...stored,
    });
    return `${words.title} | ${words.message}`;
  }
  if (kind === 'automation')
    return runWords(tOf(language, 'automations') as TFunction<'automations'>, key, params, 'Stored');
  const team = key.includes('Team') || key.includes('Region');
  const line = activityLine(
    {
      ...(team
        ? { type: key.includes('Region') ? 'team_to_region' : 'added_to_team', team_id: 'team-1' }
        : { type: 'custom', lead_refs: ['lead-1'] }),
      message: 'stored message',
      ...stored,
    },
    () => undefined,
  );
  return tOf(language, 'shared')(`activityFeed.entry.${line.phrase}`, { who: 'Avery', ...line.values });
}

/** The word an enumerated value is shown as, in the catalogue of its key's kind. */
function enumeratedWord(language: Language, key: ServerTextKey, param: string, value: string) {
  const path = key.startsWith('notification.')
    ? `notifications:serverTexts.values.${param}.${value}`
    : `automations:automations.results.values.${param}.${value}`;
  return i18n.exists(path, { lng: language })
    ? String(i18n.getResource(language, path.split(':')[0] ?? '', path.split(':')[1] ?? ''))
    : undefined;
}

describe.each(LANGUAGES)('server texts in %s', (language) => {
  it.each(SERVER_TEXT_KEYS)('%s has its words, each parameter shown', (key) => {
    const params = sampleParams(key);
    const text = rendered(language, key, params);
    expect(text).not.toMatch(/Stored|stored message|\{\{|serverTexts\.|results\.|entry\./);
    for (const [param, value] of Object.entries(params)) {
      if (ENUMERATED_PARAMS.has(param)) {
        const word = enumeratedWord(language, key, param, String(value));
        expect(word, `${param}: ${String(value)}`).toBeTruthy();
        expect(text).toContain(word);
      } else expect(text).toContain(String(value));
    }
  });

  it('every enumerated value of a key has its word', () => {
    for (const key of SERVER_TEXT_KEYS)
      for (const [param, schema] of Object.entries(SERVER_TEXTS[key].shape as Record<string, z.ZodType>))
        if (schema instanceof z.ZodEnum)
          for (const value of schema.options)
            expect(enumeratedWord(language, key, param, String(value)), `${key} ${param}`).toBeTruthy();
  });
});

/** The names a catalogue group holds words for, its plural forms as one and its helpers aside. */
function wordNames(tree: object): string[] {
  const names = Object.keys(tree)
    .filter((name) => name !== 'values' && name !== 'empty')
    .map((name) => name.replace(/_(zero|one|two|few|many|other)$/, ''));
  return [...new Set(names)].sort();
}

describe('the catalogues have words for no key the server lacks', () => {
  const names = (kind: string) =>
    SERVER_TEXT_KEYS.filter((key) => key.startsWith(`${kind}.`))
      .map((key) => key.slice(kind.length + 1))
      .sort();

  it.each(LANGUAGES)('notifications (%s)', async (language) => {
    const catalogue = (await loadCatalogue(language, 'notifications')) as { serverTexts: object };
    expect(wordNames(catalogue.serverTexts)).toEqual(names('notification'));
  });

  it.each(LANGUAGES)('automations (%s)', async (language) => {
    const catalogue = (await loadCatalogue(language, 'automations')) as {
      automations: { results: object };
    };
    expect(wordNames(catalogue.automations.results)).toEqual(names('automation'));
  });
});
