import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { useSyncNow } from '#src/device/hooks/useSyncState.ts';
import type { TurfAssignment, TurfCutInput } from '#src/domain/schemas/turfs.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';

/**
 * Assigning a cut: the server replaces the region's turfs and hands their doors to the reps (it
 * decides which doors are locked with the rows it has, so this needs a connection; offline it says
 * so and the review stays as it is). Success says how many doors changed hands and pulls at once,
 * so this device shows the new turfs.
 */
export function useTurfAssign() {
  const { t } = useTranslation('regions');
  const syncNow = useSyncNow();
  const action = useServerAction({ offline: t('turfs.needsConnection'), failed: t('turfs.assignError') });

  async function assign(body: TurfCutInput): Promise<boolean> {
    const outcome = await action.run(() =>
      api.request<{ data: TurfAssignment }>('/api/v2/turfs/cut', { method: 'POST', body }),
    );
    if (!outcome.ok) {
      toastError(t('turfs.assignError'), outcome.error);
      return false;
    }
    const { assigned, locked, out_of_reach: outOfReach } = outcome.value.data;
    showToast({
      color: 'green',
      title: t('turfs.assigned'),
      message: [
        t('turfs.doorsAssigned', { count: assigned }),
        locked ? t('turfs.doorsLocked', { count: locked }) : '',
        outOfReach ? t('turfs.doorsOutOfReach', { count: outOfReach }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    });
    void syncNow().catch(() => undefined);
    return true;
  }

  return { assign, busy: action.busy, online: action.online };
}
