import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OfflineNotice } from './components/OfflineNotice.tsx';
import { useStartConnect } from './hooks/useStartConnect.ts';

/** `/oauth/connect?provider={key}`: starts connecting and goes on to the provider. */
export function OAuthConnectPage() {
  const { t } = useTranslation('integrations');
  const [params] = useSearchParams();
  const { online, problem } = useStartConnect(params.get('provider') ?? '');
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('integrations.connect.title')}
      </Title>
      {!online ? <OfflineNotice /> : null}
      {problem ? (
        <Alert color="red" title={t('integrations.connect.failed')}>
          {problem}
        </Alert>
      ) : online ? (
        <Stack gap="xs" align="flex-start">
          <Loader size="sm" aria-label={t('common.loading')} />
          <Text>{t('integrations.connect.going')}</Text>
        </Stack>
      ) : null}
      <Anchor component={Link} to="/integrations">
        {t('integrations.back')}
      </Anchor>
    </Stack>
  );
}
