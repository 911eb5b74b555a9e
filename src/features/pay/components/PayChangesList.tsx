import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fromCents } from '#src/domain/deal.ts';
import { formatCurrency, formatDate } from '#src/domain/format.ts';
import type { PayChange } from '#src/domain/pay.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

/** The month's changes, each with the status event that caused it. */
export function PayChangesList({
  changes,
  clawbackDays,
}: {
  changes: readonly PayChange[];
  clawbackDays: number;
}) {
  const { t } = useTranslation('pay');
  const language = shownLanguage();
  if (!changes.length) return <Text c="dimmed">{t('pay.noChanges')}</Text>;
  return (
    <List spacing="xs">
      {changes.map((change) => {
        const amount = formatCurrency(fromCents(Math.abs(change.cents)), language);
        const words = t(`pay.change.${change.kind}`, { status: change.status, amount, days: clawbackDays });
        const day = change.date ? `${formatDate(`${change.date}T12:00:00`, language)} · ` : '';
        return (
          <List.Item key={`${change.dealId}-${change.status}-${change.date}-${change.kind}-${change.cents}`}>
            {day}
            {change.dealName}: {words}
          </List.Item>
        );
      })}
    </List>
  );
}
