import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#src/domain/format.ts';
import type { ShareEmail } from '#src/domain/proposals/shareEmail.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

/** The proposal's latest emails to its homeowner: 'Sent to …', 'Sending to …' or why one was not sent. */
export function ShareEmailList({ emails }: { emails: ShareEmail[] }) {
  const { t } = useTranslation('proposals');
  if (!emails.length) return null;
  const language = shownLanguage();
  return (
    <List size="sm" spacing={4} aria-label={t('proposals.shareEmail.listLabel')} role="list">
      {emails.map((email) => (
        <List.Item key={email.id}>
          <Text size="sm" c={email.status === 'failed' ? 'red' : undefined}>
            {email.status === 'sent'
              ? t('proposals.shareEmail.sent', {
                  to: email.to,
                  date: formatDateTime(email.sent_at, language),
                })
              : email.status === 'failed'
                ? t('proposals.shareEmail.notSent', {
                    to: email.to,
                    reason: t(`proposals.shareEmail.failures.${email.failure ?? 'connection'}`),
                  })
                : t('proposals.shareEmail.sending', { to: email.to })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
