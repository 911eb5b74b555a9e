import { useTranslation } from 'react-i18next';
import type { ContestRow } from '../../../device/hooks/useContests.ts';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';

/** Asks before a contest is deleted for everyone. */
export function DeleteContest(props: {
  row: ContestRow | undefined;
  onConfirm(row: ContestRow): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDelete
      {...props}
      title={t('contests.delete')}
      message={t('contests.confirmDelete', { name: props.row?.name ?? '' })}
      confirmLabel={t('contests.confirm')}
    />
  );
}
