import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConnectionsList } from './components/ConnectionsList.tsx';
import { NoticeAlert } from './components/NoticeAlert.tsx';
import { OfflineNotice } from './components/OfflineNotice.tsx';
import { ProviderChoices } from './components/ProviderChoices.tsx';
import { useConnections } from './hooks/useConnections.ts';

/**
 * `/integrations`: the user's connections to other services and the providers they may connect
 * to. Online only (OAuth needs the network); offline it says so.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { connections, providers, disconnect, busyId, notice } = useConnections();
  const problem = connections.error ?? providers.error;
  return (
    <Stack maw={820}>
      <Title order={1} size="h2">
        {t('integrations.title')}
      </Title>
      <Text size="sm">{t('integrations.explain')}</Text>
      {connections.offline ? <OfflineNotice /> : null}
      {problem && !connections.offline ? (
        <Alert color="red" title={t('common.error')}>
          {problem}
        </Alert>
      ) : null}
      <NoticeAlert notice={notice} />
      {!connections.offline ? (
        <>
          <ConnectionsList
            connections={connections.data}
            busyId={busyId}
            onDisconnect={(c) => void disconnect(c)}
          />
          <ProviderChoices providers={providers.data} />
        </>
      ) : null}
    </Stack>
  );
}
