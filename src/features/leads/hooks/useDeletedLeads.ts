import { useTranslation } from 'react-i18next';
import { api, readData } from '#src/api/appClient.ts';
import { useServerAction, useServerData } from '#src/device/hooks/useServerData.ts';
import { toastDone } from '#src/ui/toasts.tsx';

export const DELETED_LEADS_PATH = '/api/v2/leads/deleted';

/** A deleted lead as the server lists it (GET /api/v2/leads/deleted). */
export interface DeletedLead {
  _id: string;
  name: string;
  address: string | null;
  phone: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

/**
 * The org's deleted leads, which only the server keeps (admins), searched by `query`, and restoring
 * one: online only; the restored lead comes back to every device with the next pull.
 */
export function useDeletedLeads(query: string) {
  const { t } = useTranslation('leads');
  const words = { offline: t('leadDelete.page.offline'), failed: t('leadDelete.page.failed') };
  const q = query.trim();
  const read = useServerData(
    `deleted-leads:${q}`,
    () => readData<DeletedLead[]>(DELETED_LEADS_PATH, q ? { q } : undefined),
    { words },
  );
  const action = useServerAction(words);

  async function restore(id: string): Promise<void> {
    const outcome = await action.run(() =>
      api.request('/api/v2/leads/edit', { method: 'POST', body: { _id: id, deleted: false } }),
    );
    if (!outcome.ok) return;
    toastDone('leads:leadDelete.restored');
    read.reload();
  }

  return { ...read, restore, restoring: action.busy, restoreError: action.error };
}
