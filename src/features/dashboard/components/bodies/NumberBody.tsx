import { Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardResult } from '#src/domain/dashboard/cards.ts';
import { formatNumber } from '#src/domain/format.ts';
import { compactNumber } from '#src/domain/leaderboard.ts';
import { intlLocale, shownLanguage } from '#src/ui/intlLocale.ts';

/** A number card: the value in compact form (12.3K), the exact value on hover and for screen readers. */
export function NumberBody({
  result,
  counted,
}: {
  result: Extract<CardResult, { kind: 'number' }>;
  /** A count says how many rows it is already; a sum or an average tells of how many rows. */
  counted: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const locale = intlLocale();
  const exact = formatNumber(result.value, shownLanguage(), { maximumFractionDigits: 2 });
  return (
    <Center h="100%">
      <Stack gap={0} align="center">
        <Text fz={36} fw={700} lh={1.1} title={exact} data-testid="card-number" aria-label={exact}>
          {compactNumber(result.value, locale)}
        </Text>
        {!counted && (
          <Text size="xs" c="dimmed">
            {t('dashboard.card.rows', { count: result.rows })}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
