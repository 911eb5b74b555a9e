import { Anchor, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { formatNumber } from '#src/domain/format.ts';
import { can } from '#src/domain/permissions.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { StageCountList } from '#src/ui/StageCountList.tsx';
import { useAdminOverview } from './hooks/useAdminOverview.ts';

function Figure({ label, value, to, link }: { label: string; value: number; to: string; link: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm">{label}</Text>
      <Text fz={28} fw={700}>
        {formatNumber(value, shownLanguage())}
      </Text>
      <Anchor component={Link} to={to} size="sm">
        {link}
      </Anchor>
    </Paper>
  );
}

/** `/admin`: the organisation at a glance, with the way into each part of it. */
export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  const actor = useActor();
  const overview = useAdminOverview();

  if (!can(actor, 'settings.manage')) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('admin.title')}
        </Title>
        <Text>{t('admin.noAccess')}</Text>
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('admin.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure
          label={t('admin.users.count')}
          value={overview.users}
          to="/admin/users"
          link={t('admin.users.title')}
        />
        <Figure
          label={t('admin.teams')}
          value={overview.teams}
          to="/teams"
          link={t('admin.open', { what: t('admin.teams') })}
        />
        <Figure
          label={t('admin.regions')}
          value={overview.regions}
          to="/regions"
          link={t('admin.open', { what: t('admin.regions') })}
        />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('admin.contactsByStage')}
        </Title>
        {overview.stages ? (
          <StageCountList counts={overview.stages} noStage={t('admin.noStage')} />
        ) : (
          <Loader size="sm" aria-label={t('admin.loading')} />
        )}
        <Anchor component={Link} to="/contacts" size="sm" mt="sm" display="inline-block">
          {t('admin.open', { what: t('nav.contacts') })}
        </Anchor>
      </Paper>
    </Stack>
  );
}
