import { Button, Group, Notification, Text } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingCount } from '#src/device/hooks/useSyncState.ts';
import type { UpdateStore } from '../utils/updateStore.ts';

/**
 * 'New version available': once the service worker has installed it, it takes over by itself when
 * the outbox is empty (an update never strands queued changes), or at once when the user agrees.
 * A newer build seen only in the build manifest waits for the user (a reload would drop a form).
 */
export function UpdatePrompt({ updates }: { updates: UpdateStore }) {
  const { t } = useTranslation('sync');
  const { waiting, installed } = useSyncExternalStore(updates.subscribe, updates.getSnapshot);
  const pending = usePendingCount();

  useEffect(() => {
    if (waiting && installed && pending === 0) updates.apply();
  }, [waiting, installed, pending, updates]);

  if (!waiting) return null;
  return (
    <Notification
      withCloseButton={false}
      style={{ position: 'fixed', bottom: 16, left: 16, zIndex: 1000, maxWidth: '24rem' }}
    >
      <Text size="sm">{t('update.available')}</Text>
      {pending > 0 && (
        <Text size="xs" c="dimmed">
          {t('update.waitingForSync')}
        </Text>
      )}
      <Group mt="xs">
        <Button size="xs" onClick={() => updates.apply()}>
          {t('update.reload')}
        </Button>
      </Group>
    </Notification>
  );
}
