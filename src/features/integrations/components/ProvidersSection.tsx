import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProviderAdmin } from '../hooks/useProviderAdmin.ts';
import { IntegrationsAdminFrame, IntegrationsPanel } from './IntegrationsAdminFrame.tsx';
import { ProviderForm } from './ProviderForm.tsx';

/** Settings → Integrations: the OAuth 2 providers people of the org may connect to. */
export function ProvidersSection() {
  const { t } = useTranslation('integrations');
  const admin = useProviderAdmin();
  const [editing, setEditing] = useState<string | undefined>();
  return (
    <IntegrationsAdminFrame
      title={t('integrations.providers.title')}
      explain={t('integrations.providers.explain', {
        callback: `${window.location.origin}/settings/integrations/callback`,
      })}
      state={admin}
    >
      <IntegrationsPanel title={t('integrations.providers.listTitle')}>
        {admin.providers === undefined ? (
          admin.online ? (
            <Loader size="sm" aria-label={t('common.loading')} />
          ) : null
        ) : admin.providers.length === 0 ? (
          <Text size="sm">{t('integrations.providers.none')}</Text>
        ) : (
          <Stack component="ul" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {admin.providers.map((p) => (
              <li key={p.id} aria-label={p.name}>
                {editing === p.id ? (
                  <ProviderForm
                    provider={p}
                    busy={admin.busy}
                    onSave={async (draft) => {
                      const saved = await admin.save(draft, p.id);
                      if (saved) setEditing(undefined);
                      return saved;
                    }}
                    onCancel={() => setEditing(undefined)}
                  />
                ) : (
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{p.name}</Text>
                        <Badge variant="light" color={p.enabled ? 'green' : 'gray'}>
                          {p.enabled ? t('integrations.providers.on') : t('integrations.providers.off')}
                        </Badge>
                      </Group>
                      <Text size="sm">
                        {t('integrations.providers.summary', { key: p.key, client: p.client_id })}
                      </Text>
                      <Text size="sm">
                        {p.client_secret_set
                          ? t('integrations.providers.fields.secretSet')
                          : t('integrations.providers.fields.secretNotSet')}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      <Button size="xs" variant="default" onClick={() => setEditing(p.id)}>
                        {t('integrations.providers.edit', { name: p.name })}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={admin.busy}
                        onClick={() => void admin.remove(p)}
                      >
                        {t('integrations.providers.delete', { name: p.name })}
                      </Button>
                    </Group>
                  </Group>
                )}
              </li>
            ))}
          </Stack>
        )}
      </IntegrationsPanel>
      <IntegrationsPanel title={t('integrations.providers.addTitle')}>
        <ProviderForm busy={admin.busy} onSave={(draft) => admin.save(draft)} />
      </IntegrationsPanel>
    </IntegrationsAdminFrame>
  );
}
