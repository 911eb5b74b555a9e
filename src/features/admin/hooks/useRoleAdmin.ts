import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { useSyncNow } from '#src/device/hooks/useSyncState.ts';
import { showToast } from '#src/ui/toasts.tsx';

/** A role as the editor holds it while it is being changed. */
export interface RoleDraft {
  id?: number | undefined;
  name: string;
  permissions: string[];
}

/** A role as the server answers it. */
export interface SavedRole {
  id: number;
  name: string;
  permissions: string[];
}

/**
 * Adding, editing and deleting the org's named roles on the server: they change what other people
 * may do, so they need a connection (offline it says so and the editor keeps what was typed). A
 * refusal shows the server's own words. Each success pulls at once, so this device shows the change.
 */
export function useRoleAdmin() {
  const { t } = useTranslation('admin');
  const syncNow = useSyncNow();
  const action = useServerAction({ offline: t('roles.needsConnection'), failed: t('roles.editError') });

  async function run<T>(work: () => Promise<T>, fallback: string): Promise<T | { error: string }> {
    const outcome = await action.run(work, fallback);
    if (!outcome.ok) return { error: outcome.error };
    void syncNow().catch(() => undefined);
    return outcome.value;
  }

  function save(draft: RoleDraft): Promise<SavedRole | { error: string }> {
    const adding = draft.id === undefined;
    return run(
      async () => {
        const answer = await api.request<{ data: SavedRole }>(
          adding ? '/api/v2/roles/add' : '/api/v2/roles/edit',
          {
            method: 'POST',
            body: {
              ...(adding ? {} : { id: draft.id }),
              name: draft.name.trim(),
              permissions: draft.permissions,
            },
          },
        );
        showToast({
          title: adding ? t('roles.added') : t('roles.edited'),
          message: answer.data.name,
        });
        return answer.data;
      },
      adding ? t('roles.addError') : t('roles.editError'),
    );
  }

  function remove(role: SavedRole): Promise<{ id: number } | { error: string }> {
    return run(async () => {
      await api.request('/api/v2/roles/delete', { method: 'POST', body: { id: role.id } });
      showToast({ title: t('roles.deleted'), message: role.name });
      return { id: role.id };
    }, t('roles.deleteError'));
  }

  return { save, remove, busy: action.busy };
}
