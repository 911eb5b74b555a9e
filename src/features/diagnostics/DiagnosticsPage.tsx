import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DatabaseStatusView } from './components/DatabaseStatusView.tsx';
import { OutboxView } from './components/OutboxView.tsx';
import { RoleCheckView } from './components/RoleCheckView.tsx';
import { SyncLogView } from './components/SyncLogView.tsx';
import { DIAGNOSTICS_PAGES, type DiagnosticsView } from './utils/diagnosticsViews.ts';

const VIEWS: Record<DiagnosticsView, () => React.JSX.Element> = {
  dexie: DatabaseStatusView,
  test: OutboxView,
  beta: SyncLogView,
  test_acl: RoleCheckView,
};

/**
 * The developer diagnostics pages (admins only, through the `admin` route middleware): the device
 * database, the outbox, the sync log and the role check, one per route, linked to each other.
 */
export function DiagnosticsPage({ view }: { view: DiagnosticsView }) {
  const { t } = useTranslation('diagnostics');
  const View = VIEWS[view];
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {t('diagnostics.title', { page: t(`diagnostics.pages.${view}`) })}
      </Title>
      <Text size="sm">{t('diagnostics.intro')}</Text>
      <Group component="nav" aria-label={t('diagnostics.nav')} gap="md" wrap="wrap">
        {DIAGNOSTICS_PAGES.map((page) => (
          <Anchor
            key={page.key}
            component={Link}
            to={page.path}
            fw={page.key === view ? 700 : 400}
            aria-current={page.key === view ? 'page' : undefined}
          >
            {t(`diagnostics.pages.${page.key}`)}
          </Anchor>
        ))}
      </Group>
      <View />
    </Stack>
  );
}
