import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '../../../db/rows.ts';

/** Asks before an announcement is deleted for everyone. */
export function DeleteAnnouncement({
  row,
  onConfirm,
  onClose,
}: {
  row: AnnouncementRow | undefined;
  onConfirm(row: AnnouncementRow): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={!!row} onClose={onClose} title={t('announcements.delete')} centered>
      <Text mb="md">{t('announcements.confirmDelete', { title: row?.title ?? '' })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            if (row) onConfirm(row);
            onClose();
          }}
        >
          {t('announcements.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
