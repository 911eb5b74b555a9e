import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NotificationRow } from '#src/db/rows.ts';
import { timeAgo } from '#src/ui/timeAgo.ts';
import { notificationWords } from '../utils/notificationWords.ts';

/** One notification: unread ones carry a dot and bold title; the whole row opens it. */
export function NotificationItem({
  row,
  now,
  onOpen,
}: {
  row: NotificationRow;
  now: number;
  onOpen: (row: NotificationRow) => void;
}) {
  const { t } = useTranslation('notifications');
  const unread = row.is_read !== true;
  const { title, message } = notificationWords(t, row);
  return (
    <UnstyledButton
      onClick={() => onOpen(row)}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
      data-unread={unread || undefined}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          w={8}
          h={8}
          mt={6}
          style={{
            borderRadius: '50%',
            flex: 'none',
            background: unread ? 'var(--mantine-primary-color-filled)' : 'transparent',
          }}
          aria-hidden="true"
        />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={unread ? 700 : 500} truncate>
              {unread && <VisuallyHidden>{t('notificationBell.unread')}: </VisuallyHidden>}
              {title}
            </Text>
            {row.created_at && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {timeAgo(row.created_at, now)}
              </Text>
            )}
          </Group>
          {message && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {message}
            </Text>
          )}
        </Box>
      </Group>
    </UnstyledButton>
  );
}
