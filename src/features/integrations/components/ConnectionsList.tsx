import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Connection } from '#src/domain/schemas/integrations.ts';
import { formatWhen } from '../utils/formatWhen.ts';

interface Props {
  connections: Connection[] | undefined;
  busyId: string | undefined;
  onDisconnect(connection: Connection): void;
}

/** The user's connections: provider, status, since when, scopes, token expiry; disconnect or reconnect. */
export function ConnectionsList({ connections, busyId, onDisconnect }: Props) {
  const { t } = useTranslation('integrations');
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="connections-title">
      <Title order={2} size="h4" id="connections-title" mb="sm">
        {t('integrations.yours')}
      </Title>
      {connections === undefined ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : connections.length === 0 ? (
        <Text size="sm">{t('integrations.noneYet')}</Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {connections.map((c) => (
            <li key={c.id} aria-label={c.name}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{c.name}</Text>
                  <Badge color={c.status === 'connected' ? 'green' : 'red'} variant="light">
                    {c.status === 'connected'
                      ? t('integrations.status.connected')
                      : t('integrations.status.needsReconnect')}
                  </Badge>
                </Group>
                <Text size="sm">{t('integrations.connectedAt', { when: formatWhen(c.connected_at) })}</Text>
                <Text size="sm">
                  {t('integrations.scopes', {
                    scopes: c.scopes.length ? c.scopes.join(', ') : t('integrations.noScopes'),
                  })}
                </Text>
                {c.token_expires_at ? (
                  <Text size="sm">{t('integrations.expires', { when: formatWhen(c.token_expires_at) })}</Text>
                ) : null}
                {c.last_error ? (
                  <Alert color="red" p="xs">
                    {c.last_error}
                  </Alert>
                ) : null}
                <Group gap="xs">
                  {c.status !== 'connected' && c.provider_key ? (
                    <Button
                      size="xs"
                      component={Link}
                      to={`/oauth/connect?provider=${encodeURIComponent(c.provider_key)}`}
                    >
                      {t('integrations.reconnect', { name: c.name })}
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    loading={busyId === c.id}
                    onClick={() => onDisconnect(c)}
                  >
                    {t('integrations.disconnect', { name: c.name })}
                  </Button>
                </Group>
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
