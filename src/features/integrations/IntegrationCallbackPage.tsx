import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OfflineNotice } from './components/OfflineNotice.tsx';
import { useFinishConnect } from './hooks/useFinishConnect.ts';

/** `/settings/integrations/callback`: where the provider sends the user back; finishes connecting. */
export function IntegrationCallbackPage() {
  const { t } = useTranslation('integrations');
  const [params] = useSearchParams();
  const state = useFinishConnect(params);
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('integrations.callback.title')}
      </Title>
      {state.step === 'working' ? (
        <Stack gap="xs" align="flex-start">
          <Loader size="sm" aria-label={t('common.loading')} />
          <Text>{t('integrations.callback.working')}</Text>
        </Stack>
      ) : null}
      {state.step === 'offline' ? <OfflineNotice /> : null}
      {state.step === 'connected' ? (
        <Alert color="green" title={t('integrations.callback.done')} role="status">
          {t('integrations.callback.connected', { name: state.connection.name })}
        </Alert>
      ) : null}
      {state.step === 'failed' ? (
        <Alert color="red" title={t('integrations.callback.failed')}>
          {state.message}
        </Alert>
      ) : null}
      <Anchor component={Link} to="/integrations">
        {t('integrations.back')}
      </Anchor>
    </Stack>
  );
}
