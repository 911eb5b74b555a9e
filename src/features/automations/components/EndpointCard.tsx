import { Button, Code, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '../hooks/useWebhooks.ts';
import { DeliveryLog } from './DeliveryLog.tsx';

/** One endpoint: where it posts and what, its switch, secret rotation, deletion and delivery log. */
export function EndpointCard({
  endpoint,
  secret,
  onToggle,
  onRotate,
  onRemove,
}: {
  endpoint: WebhookEndpoint;
  /** The secret, right after it was made: shown this once. */
  secret: string | undefined;
  onToggle(enabled: boolean): void;
  onRotate(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('automations');
  const [open, setOpen] = useState(false);
  const name = endpoint.name || endpoint.url;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={700}>{name}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            <Text size="sm">{endpoint.event_types.join(', ')}</Text>
          </div>
          <Switch
            label={t('automations.webhooks.enabled', { name })}
            checked={endpoint.enabled}
            onChange={(e) => onToggle(e.currentTarget.checked)}
          />
        </Group>
        {secret && (
          <Stack gap={4}>
            <Text size="sm" id={`secret-${endpoint._id}`}>
              {t('automations.webhooks.secretOnce', { name })}
            </Text>
            <Code block aria-labelledby={`secret-${endpoint._id}`} style={{ overflowWrap: 'anywhere' }}>
              {secret}
            </Code>
          </Stack>
        )}
        <Group gap="xs" wrap="wrap">
          <Button variant="default" size="xs" onClick={() => setOpen((o) => !o)}>
            {open ? t('automations.webhooks.hide') : t('automations.webhooks.deliveries', { name })}
          </Button>
          <Button variant="default" size="xs" onClick={onRotate}>
            {t('automations.webhooks.rotate', { name })}
          </Button>
          <Button variant="light" color="red" size="xs" onClick={onRemove}>
            {t('automations.webhooks.remove', { name })}
          </Button>
        </Group>
        {open && <DeliveryLog endpointId={endpoint._id} name={name} />}
      </Stack>
    </Paper>
  );
}
