import type { TFunction } from 'i18next';
import type { NotificationRow } from '#src/db/rows.ts';
import { readServerText, serverTextName, serverTextValues } from '#src/domain/serverTexts.ts';
import type { MessageKey } from '#src/ui/messages.ts';

/**
 * A notification's title and message in the reader's language, from the key and parameters the
 * server stored with it (src/domain/serverTexts.ts); a notification without a key this device
 * knows (an older one, or words a person wrote) shows its stored text.
 */
export function notificationWords(
  t: TFunction<'notifications'>,
  row: NotificationRow,
): { title: string; message: string } {
  const text = readServerText(row.text_key, row.text_params);
  const name = serverTextName(text, 'notification');
  if (!text || !name) return { title: row.title ?? '', message: row.message ?? '' };
  const values = serverTextValues(text, 'serverTexts', (key, fallback) =>
    t(key as MessageKey<'notifications'>, { defaultValue: fallback }),
  );
  return {
    title: t(`serverTexts.${name}.title`, values),
    message: t(`serverTexts.${name}.message`, values),
  };
}
