import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { formatDateTime } from '#src/domain/format.ts';
import type { AuditEvent } from '#src/domain/proposals/signature.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { positionText } from '../utils/signing.ts';

/** A signature's audit trail: viewed, signed, synced — who, when, where. */
export function SignatureAudit({ audit }: { audit: AuditEvent[] }) {
  const { t } = useTranslation('proposals');
  const names = useUserNames();
  const language = shownLanguage();
  if (!audit.length) return null;
  return (
    <>
      <Text size="sm" fw={600} id="signature-audit">
        {t('proposals.signature.audit')}
      </Text>
      <List size="sm" aria-labelledby="signature-audit">
        {audit.map((e) => (
          <List.Item key={`${e.event}-${e.at}`}>
            {t('proposals.signature.auditLine', {
              event: t(`proposals.signature.events.${e.event}`),
              who: names?.get(e.by) ?? e.by,
              when: formatDateTime(e.at, language),
              where: positionText(e.position, t, language),
            })}
          </List.Item>
        ))}
      </List>
    </>
  );
}
