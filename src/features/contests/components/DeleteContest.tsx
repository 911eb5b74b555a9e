import { useTranslation } from 'react-i18next';
import type { ContestRow } from '#src/device/hooks/useContests.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';

/** Asks before a contest is deleted for everyone: shown while `row` is set. */
export function DeleteContest({
  row,
  onConfirm,
  onClose,
}: {
  row: ContestRow | undefined;
  onConfirm(row: ContestRow): void;
  onClose(): void;
}) {
  const { t } = useTranslation('contests');
  return (
    <ConfirmDialog
      opened={!!row}
      title={t('contests.delete')}
      message={t('contests.confirmDelete', { name: row?.name ?? '' })}
      confirmLabel={t('contests.confirm')}
      onConfirm={() => {
        if (row) onConfirm(row);
      }}
      onClose={onClose}
    />
  );
}
