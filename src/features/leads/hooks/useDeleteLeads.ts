import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { showToast, toastedWrite, toastFailed } from '#src/ui/toasts.tsx';

/** How long the toast with Undo stays, in milliseconds. */
const UNDO_TOAST_MS = 10_000;

/**
 * Deletes leads on the device (offline too) and says so in a toast whose Undo takes the delete
 * back. Answers whether any lead was deleted.
 */
export function useDeleteLeads(): (ids: readonly string[]) => Promise<boolean> {
  const { t } = useTranslation('leads');
  const { deleteLeads, restoreLeads } = useCommands();
  return useCallback(
    async (ids) => {
      let deleted: string[];
      try {
        deleted = await deleteLeads(ids);
      } catch (err) {
        toastFailed('leads:leadDelete.failed', err);
        return false;
      }
      if (!deleted.length) return false;
      showToast({
        color: 'green',
        message:
          deleted.length === 1
            ? t('leadDelete.deleted')
            : t('leadDelete.deletedMany', { count: deleted.length }),
        autoClose: UNDO_TOAST_MS,
        action: {
          label: t('leadDelete.undo'),
          onClick: () =>
            void toastedWrite(
              () => restoreLeads(deleted),
              deleted.length === 1 ? 'leads:leadDelete.restored' : null,
              'leads:leadDelete.restoreFailed',
            ).then((outcome) => {
              if (outcome.ok && deleted.length > 1)
                showToast({
                  color: 'green',
                  title: t('leadDelete.restoredMany', { count: deleted.length }),
                  message: '',
                });
            }),
        },
      });
      return true;
    },
    [t, deleteLeads, restoreLeads],
  );
}
