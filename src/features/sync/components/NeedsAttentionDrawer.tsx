import { Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useRejectedChanges } from '#src/device/hooks/useSyncState.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { RejectedChangeCard } from './RejectedChangeCard.tsx';

/** Changes the server refused: for each, the record, the reason and the change; retry (fixed or not) or discard. */
export function NeedsAttentionDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('sync');
  const { discardRejected, retryRejected } = useCommands();
  const rejected = useRejectedChanges();

  async function retry(id: number, corrected: Record<string, string> | undefined) {
    try {
      await retryRejected(id, corrected);
    } catch (err) {
      showToast({
        color: 'red',
        title: t('common.error'),
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  return (
    <Drawer opened={opened} onClose={onClose} title={t('sync.needsAttentionTitle')} position="right">
      <Stack>
        {rejected.length === 0 && <Text c="dimmed">{t('sync.nothingNeedsAttention')}</Text>}
        {rejected.map((change) => (
          <RejectedChangeCard
            key={change.entry.id}
            change={change}
            onRetry={(corrected) => void retry(change.entry.id, corrected)}
            onDiscard={() => void discardRejected(change.entry.id)}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
