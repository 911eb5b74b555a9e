import { Badge, Button, CopyButton, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiKeys } from '../hooks/useApiKeys.ts';
import { formatWhen } from '../utils/formatWhen.ts';
import { ApiKeyForm } from './ApiKeyForm.tsx';
import { IntegrationsAdminFrame, IntegrationsPanel } from './IntegrationsAdminFrame.tsx';

/** Settings → API keys: make a key (shown once), see when each was used, revoke. */
export function ApiKeysSection() {
  const { t } = useTranslation('integrations');
  const admin = useApiKeys();
  return (
    <IntegrationsAdminFrame
      title={t('integrations.apiKeys.title')}
      explain={t('integrations.apiKeys.explain')}
      state={admin}
    >
      {admin.shown ? (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <TextInput
              label={t('integrations.apiKeys.newKey')}
              value={admin.shown.key}
              readOnly
              description={t('integrations.apiKeys.shownOnce')}
            />
            <CopyButton value={admin.shown.key}>
              {({ copied, copy }) => (
                <Button variant="default" w="fit-content" onClick={copy}>
                  {copied ? t('integrations.apiKeys.copied') : t('integrations.apiKeys.copy')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Paper>
      ) : null}
      <IntegrationsPanel title={t('integrations.apiKeys.newTitle')}>
        <ApiKeyForm busy={admin.busy} onCreate={admin.create} />
      </IntegrationsPanel>
      <IntegrationsPanel title={t('integrations.apiKeys.listTitle')}>
        {admin.keys === undefined ? (
          admin.online ? (
            <Loader size="sm" aria-label={t('common.loading')} />
          ) : null
        ) : admin.keys.length === 0 ? (
          <Text size="sm">{t('integrations.apiKeys.none')}</Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {admin.keys.map((k) => (
              <li key={k.id} aria-label={k.name}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{k.name}</Text>
                      {k.revoked_at ? (
                        <Badge color="gray" variant="light">
                          {t('integrations.apiKeys.revokedBadge')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm">{t('integrations.apiKeys.prefix', { prefix: `hs_${k.prefix}_…` })}</Text>
                    <Text size="sm">{t('integrations.scopes', { scopes: k.scopes.join(', ') })}</Text>
                    <Text size="sm">
                      {t('integrations.apiKeys.used', {
                        created: formatWhen(k.created_at),
                        used: k.last_used_at ? formatWhen(k.last_used_at) : t('integrations.apiKeys.never'),
                      })}
                    </Text>
                  </Stack>
                  {k.revoked_at ? null : (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={admin.busy}
                      onClick={() => void admin.revoke(k)}
                    >
                      {t('integrations.apiKeys.revoke', { name: k.name })}
                    </Button>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </IntegrationsPanel>
    </IntegrationsAdminFrame>
  );
}
