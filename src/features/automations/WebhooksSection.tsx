import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { canExportLeads } from '#src/domain/permissions.ts';
import { EndpointCard } from './components/EndpointCard.tsx';
import { NewEndpointForm } from './components/NewEndpointForm.tsx';
import { useWebhooks } from './hooks/useWebhooks.ts';

/**
 * Settings → Webhooks (`/admin/settings/webhooks`): the org's endpoints, online only since the
 * server holds them and their secrets. A new or rotated secret is shown once. Endpoints receive
 * every new lead, so only those who may send leads out of the app manage them.
 */
export function WebhooksSection() {
  const { t } = useTranslation('automations');
  const actor = useActor();
  if (!canExportLeads(actor)) {
    return (
      <Stack maw={900}>
        <Title order={1} size="h2">
          {t('automations.webhooks.title')}
        </Title>
        <Alert color="yellow">{t('automations.webhooks.noAccess')}</Alert>
      </Stack>
    );
  }
  return <WebhookEndpoints />;
}

function WebhookEndpoints() {
  const { t } = useTranslation('automations');
  const hooks = useWebhooks();
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {t('automations.webhooks.title')}
      </Title>
      <Text>{t('automations.webhooks.intro')}</Text>
      {hooks.offline ? (
        <Alert color="yellow">{t('automations.webhooks.offline')}</Alert>
      ) : (
        <>
          <NewEndpointForm onCreate={hooks.create} />
          {hooks.data && !hooks.data.length && <Text>{t('automations.webhooks.empty')}</Text>}
          {hooks.data?.map((endpoint) => (
            <EndpointCard
              key={endpoint._id}
              endpoint={endpoint}
              secret={hooks.shown?.endpointId === endpoint._id ? hooks.shown.secret : undefined}
              onToggle={(enabled) => void hooks.setEnabled(endpoint._id, enabled)}
              onRotate={() => void hooks.rotate(endpoint._id)}
              onRemove={() => void hooks.remove(endpoint._id)}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
