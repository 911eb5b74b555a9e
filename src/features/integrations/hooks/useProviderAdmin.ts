import { useTranslation } from 'react-i18next';
import { api, readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import type { Provider } from '#src/domain/schemas/integrations.ts';
import { integrationWords } from '../utils/problemText.ts';
import { useAdminCall } from './useAdminCall.ts';

/** What the provider form sends: the secret only when typed (empty keeps the one set). */
export interface ProviderDraft {
  key: string;
  name: string;
  client_id: string;
  client_secret: string;
  authorize_url: string;
  token_url: string;
  revoke_url: string;
  scopes: string;
  enabled: boolean;
}

function bodyOf(draft: ProviderDraft, id?: string) {
  return {
    ...(id ? { id } : {}),
    key: draft.key.trim(),
    name: draft.name,
    client_id: draft.client_id,
    ...(draft.client_secret ? { client_secret: draft.client_secret } : {}),
    authorize_url: draft.authorize_url.trim(),
    token_url: draft.token_url.trim(),
    revoke_url: draft.revoke_url.trim() || null,
    scopes: draft.scopes.split(/[\s,]+/).filter(Boolean),
    enabled: draft.enabled,
  };
}

/** Admins list, add, change and delete the org's OAuth providers. */
export function useProviderAdmin() {
  const { t } = useTranslation('integrations');
  const list = useServerData(
    '/api/v2/integrations/providers',
    () => readData<Provider[]>('/api/v2/integrations/providers'),
    {
      words: integrationWords(t),
    },
  );
  const call = useAdminCall();

  const save = (draft: ProviderDraft, id?: string) =>
    call.run(
      async () => {
        const answer = await api.request<{ data: Provider }>(
          id ? '/api/v2/integrations/providers/edit' : '/api/v2/integrations/providers/add',
          { method: 'POST', body: bodyOf(draft, id) },
        );
        list.reload();
        return answer.data;
      },
      (p) => t(id ? 'integrations.providers.saved' : 'integrations.providers.added', { name: p.name }),
    );

  const remove = (provider: Provider) =>
    call.run(
      async () => {
        await api.request('/api/v2/integrations/providers/delete', {
          method: 'POST',
          body: { id: provider.id },
        });
        list.reload();
        return provider;
      },
      (p) => t('integrations.providers.deleted', { name: p.name }),
    );

  return {
    providers: list.data,
    problem: list.error,
    save,
    remove,
    busy: call.busy,
    notice: call.notice,
    online: call.online,
  };
}
