import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#src/domain/format.ts';
import type { UserActivity } from '#src/domain/schemas/userProfile.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { UserFigures as Figures } from '../hooks/useUserPage.ts';

function Figure({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text fz={typeof value === 'string' ? 'sm' : 24} fw={700}>
        {value === undefined ? '…' : typeof value === 'number' ? formatNumber(value, shownLanguage()) : value}
      </Text>
    </Paper>
  );
}

/** The person's pipeline (from the device) and their live sessions (from the server, online). */
export function UserFigures({
  figures,
  activity,
  online,
}: {
  figures: Figures | undefined;
  activity: UserActivity | undefined;
  online: boolean;
}) {
  const { t } = useTranslation('users');
  const sessions = activity?.active_sessions ?? (online ? undefined : t('userManager.figures.offline'));
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }}>
      <Figure label={t('userPage.leads')} value={figures?.leads} />
      <Figure label={t('userPage.activeDeals')} value={figures?.activeDeals} />
      <Figure label={t('userManager.figures.monthlySales')} value={figures?.monthlySales} />
      <Figure label={t('userManager.figures.totalSales')} value={figures?.sales} />
      <Figure label={t('userManager.figures.activeSessions')} value={sessions} />
    </SimpleGrid>
  );
}
