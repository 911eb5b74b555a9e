import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '../../../device/hooks/useActor.ts';
import { can } from '../../../domain/permissions.ts';
import { useProviderAdmin } from '../hooks/useProviderAdmin.ts';
import { NoticeAlert } from './NoticeAlert.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { ProviderForm } from './ProviderForm.tsx';

/** Settings → Integrations: the OAuth 2 providers people of the org may connect to. */
export function ProvidersSection() {
  const { t } = useTranslation();
  const actor = useActor();
  const admin = useProviderAdmin();
  const [editing, setEditing] = useState<string | undefined>();
  const title = (
    <Title order={1} size="h2">
      {t('integrations.providers.title')}
    </Title>
  );
  if (!can(actor, 'integrations.manage'))
    return (
      <Stack>
        {title}
        <Text>{t('admin.noAccess')}</Text>
      </Stack>
    );
  return (
    <Stack maw={900}>
      {title}
      <Text size="sm">
        {t('integrations.providers.explain', {
          callback: `${window.location.origin}/settings/integrations/callback`,
        })}
      </Text>
      {!admin.online ? <OfflineNotice /> : null}
      {admin.problem ? (
        <Alert color="red" title={t('common.error')}>
          {admin.problem}
        </Alert>
      ) : null}
      <NoticeAlert notice={admin.notice} />
      <Paper withBorder p="md" component="section" aria-labelledby="providers-list-title">
        <Title order={2} size="h4" mb="sm" id="providers-list-title">
          {t('integrations.providers.listTitle')}
        </Title>
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
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="providers-add-title">
        <Title order={2} size="h4" mb="sm" id="providers-add-title">
          {t('integrations.providers.addTitle')}
        </Title>
        <ProviderForm busy={admin.busy} onSave={(draft) => admin.save(draft)} />
      </Paper>
    </Stack>
  );
}
