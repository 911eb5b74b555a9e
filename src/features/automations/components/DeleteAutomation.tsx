import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';

/** Asks before an automation is deleted for everyone: shown while `name` is set. */
export function DeleteAutomation({
  name,
  onConfirm,
  onClose,
}: {
  name: string | undefined;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('automations');
  return (
    <ConfirmDialog
      opened={name !== undefined}
      title={t('automations.delete')}
      message={t('automations.deleteConfirm', { name: name ?? '' })}
      confirmLabel={t('automations.delete')}
      onConfirm={() => {
        onConfirm();
      }}
      onClose={onClose}
    />
  );
}
