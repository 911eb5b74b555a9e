import type { TFunction } from 'i18next';
import { readServerText, serverTextName, serverTextValues } from '#src/domain/serverTexts.ts';
import type { MessageKey } from '#src/ui/messages.ts';

/**
 * What a run's step did, or why the run stopped, in the reader's language: from the key and
 * parameters the server stored (src/domain/serverTexts.ts), else the English words it stored.
 */
export function runWords(t: TFunction<'automations'>, key: unknown, params: unknown, stored: string): string {
  const text = readServerText(key, params);
  const name = serverTextName(text, 'automation');
  if (!text || !name) return stored;
  const values = serverTextValues(text, 'automations.results', (word, fallback) =>
    t(word as MessageKey<'automations'>, { defaultValue: fallback }),
  );
  return t(`automations.results.${name}`, values);
}
