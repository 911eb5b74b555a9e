import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '../../../db/rows.ts';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';

/** Asks before an announcement is deleted for everyone. */
export function DeleteAnnouncement(props: {
  row: AnnouncementRow | undefined;
  onConfirm(row: AnnouncementRow): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDelete
      {...props}
      title={t('announcements.delete')}
      message={t('announcements.confirmDelete', { title: props.row?.title ?? '' })}
      confirmLabel={t('announcements.confirm')}
    />
  );
}
