import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '#src/db/rows.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';

/** Asks before an announcement is deleted for everyone: shown while `row` is set. */
export function DeleteAnnouncement({
  row,
  onConfirm,
  onClose,
}: {
  row: AnnouncementRow | undefined;
  onConfirm(row: AnnouncementRow): void;
  onClose(): void;
}) {
  const { t } = useTranslation('announcements');
  return (
    <ConfirmDialog
      opened={!!row}
      title={t('announcements.delete')}
      message={t('announcements.confirmDelete', { title: row?.title ?? '' })}
      confirmLabel={t('announcements.confirm')}
      onConfirm={() => {
        if (row) onConfirm(row);
      }}
      onClose={onClose}
    />
  );
}
