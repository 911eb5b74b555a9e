import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import type { ApiKeyInfo, NewApiKey } from '#src/domain/apiKeys.ts';
import { integrationWords } from '../utils/problemText.ts';
import { useAdminCall } from './useAdminCall.ts';

/** Admins make (the key shown once), list and revoke the org's API keys. */
export function useApiKeys() {
  const { t } = useTranslation('integrations');
  const list = useServerData('/api/v2/api-keys/list', () => readData<ApiKeyInfo[]>('/api/v2/api-keys/list'), {
    words: integrationWords(t),
  });
  const call = useAdminCall();
  const [shown, setShown] = useState<NewApiKey | undefined>();

  const create = (name: string, scopes: string[]) =>
    call.run(
      async () => {
        const answer = await api.request<{ data: NewApiKey }>('/api/v2/api-keys/add', {
          method: 'POST',
          body: { name, scopes },
        });
        setShown(answer.data);
        list.reload();
        return answer.data;
      },
      (k) => t('integrations.apiKeys.created', { name: k.name }),
    );

  const revoke = (key: ApiKeyInfo) =>
    call.run(
      async () => {
        await api.request('/api/v2/api-keys/revoke', { method: 'POST', body: { id: key.id } });
        if (shown?.id === key.id) setShown(undefined);
        list.reload();
        return key;
      },
      (k) => t('integrations.apiKeys.revoked', { name: k.name }),
    );

  return {
    keys: list.data,
    problem: list.error,
    shown,
    create,
    revoke,
    busy: call.busy,
    notice: call.notice,
    online: call.online,
  };
}
