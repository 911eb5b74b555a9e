import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { showToast } from '#src/ui/toasts.tsx';

/**
 * Saves a proposal through the proposal command (kept on the device at once, synced later) with
 * a toast; answers the proposal's id, or undefined when it was not kept (the guide keeps what
 * was typed).
 */
export function useProposalActions() {
  const { t } = useTranslation('proposals');
  const { saveProposal } = useCommands();
  const actor = useActor();
  return {
    save: async (id: string | undefined, fields: Record<string, unknown>) => {
      try {
        const saved = await saveProposal(id, fields, actor.user_id);
        showToast({ color: 'green', title: t('proposals.saved'), message: '' });
        return saved;
      } catch (err) {
        showToast({
          color: 'red',
          title: t('proposals.saveError'),
          message: err instanceof Error ? err.message : String(err),
        });
        return undefined;
      }
    },
  };
}
