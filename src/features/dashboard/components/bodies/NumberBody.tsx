import { Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardResult } from '#src/domain/dashboard/cards.ts';
import { useMetricFormat } from '#src/ui/metricFormat.ts';

/**
 * A number card: the value in compact form (12.3K; $12.3K for revenue, 8.4 kW for kW sold), the
 * exact value on hover and for screen readers.
 */
export function NumberBody({
  result,
  counted,
  metric,
}: {
  result: Extract<CardResult, { kind: 'number' }>;
  /** A count says how many rows it is already; a sum or an average tells of how many rows. */
  counted: boolean;
  /** The shared metric the card shows, if it shows one. */
  metric?: string | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const format = useMetricFormat(metric);
  const exact = format.full(result.value);
  return (
    <Center h="100%">
      <Stack gap={0} align="center">
        <Text fz={36} fw={700} lh={1.1} title={exact} data-testid="card-number" aria-label={exact}>
          {format.compact(result.value)}
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
