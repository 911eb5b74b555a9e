import { Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LeaderboardSelection, useKnockQuality } from '#src/device/hooks/useLeaderboard.ts';
import { numberFormat } from '#src/domain/format.ts';
import type { KnockQualityEntry } from '#src/domain/leaderboard.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useFieldTimes } from '../hooks/useFieldTimes.ts';

type Selection = Omit<LeaderboardSelection, 'metric' | 'verifiedOnly'>;

/**
 * Each person's knock quality in the period: knocks, how many were verified at the pin (and what
 * share), their average distance from the pin, and their time in the field from path tracking:
 * the server's (every device's paths) for the people the user may see, else this device's own.
 */
export function KnockQuality({ selection, periodLabel }: { selection: Selection; periodLabel: string }) {
  const { t } = useTranslation('leaderboard');
  const entries = useKnockQuality(selection);
  const serverTimes = useFieldTimes(selection.start, selection.end);
  const language = shownLanguage();
  const whole = numberFormat(language, { maximumFractionDigits: 0 });
  const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const unit = (u: string) => numberFormat(language, { style: 'unit', unit: u, maximumFractionDigits: 0 });
  const [metres, hours, minutes] = [unit('meter'), unit('hour'), unit('minute')];

  function duration(ms: number): string {
    const total = Math.round(ms / 60_000);
    if (total < 60) return minutes.format(total);
    return `${hours.format(Math.floor(total / 60))} ${minutes.format(total % 60)}`;
  }

  function fieldTime(e: KnockQualityEntry): string {
    const known = serverTimes?.get(e.user_id);
    // This device may hold paths the server has not received yet.
    if (known !== undefined) return duration(e.field_known ? Math.max(known, e.time_in_field_ms) : known);
    return e.field_known ? duration(e.time_in_field_ms) : t('leaderboard.quality.unavailable');
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="knock-quality-title">
      <Title order={2} size="h3" id="knock-quality-title">
        {t('leaderboard.quality.title')}
      </Title>
      <Text size="sm">{t('leaderboard.quality.intro')}</Text>
      {!entries ? (
        <Loader size="sm" aria-label={t('leaderboard.quality.loading')} />
      ) : !entries.some((e) => e.knocks > 0 || e.time_in_field_ms > 0) ? (
        <Text>{t('leaderboard.quality.empty')}</Text>
      ) : (
        // No scroll container: fixed columns wrap their headings and values to fit a phone's width.
        <Table
          verticalSpacing="xs"
          horizontalSpacing={6}
          fz="sm"
          style={{ tableLayout: 'fixed', overflowWrap: 'anywhere', hyphens: 'auto' }}
        >
          <Table.Caption>{t('leaderboard.quality.caption', { period: periodLabel })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('leaderboard.person')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('leaderboard.quality.knocks')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('leaderboard.quality.verified')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('leaderboard.quality.averageDistance')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('leaderboard.quality.timeInField')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.user_id} aria-current={e.me ? 'true' : undefined}>
                <Table.Th scope="row" fw={e.me ? 700 : 400}>
                  {e.name || t('leaderboard.unnamed')}
                  {e.me && (
                    <Badge size="xs" ml="xs">
                      {t('leaderboard.you')}
                    </Badge>
                  )}
                </Table.Th>
                <Table.Td ta="right">{whole.format(e.knocks)}</Table.Td>
                <Table.Td ta="right">
                  {whole.format(e.verified)}
                  {e.verified_share !== null && ` (${percent.format(e.verified_share)})`}
                </Table.Td>
                <Table.Td ta="right">
                  {e.average_distance_m === null ? '—' : metres.format(e.average_distance_m)}
                </Table.Td>
                <Table.Td ta="right">{fieldTime(e)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
