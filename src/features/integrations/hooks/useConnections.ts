import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import type { Connection, DisconnectAnswer, ProviderChoice } from '#src/domain/schemas/integrations.ts';
import { integrationWords, problemText } from '../utils/problemText.ts';

export interface Notice {
  tone: 'ok' | 'warn' | 'error';
  text: string;
}

/** The user's connections and the providers they may connect to; disconnecting one. */
export function useConnections() {
  const { t } = useTranslation('integrations');
  const connections = useServerData(
    '/api/v2/integrations/list',
    () => readData<Connection[]>('/api/v2/integrations/list'),
    {
      words: integrationWords(t),
    },
  );
  const providers = useServerData(
    '/api/v2/integrations/providers',
    () => readData<ProviderChoice[]>('/api/v2/integrations/providers'),
    {
      words: integrationWords(t),
    },
  );
  const [busyId, setBusyId] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();

  async function disconnect(connection: Connection): Promise<void> {
    setBusyId(connection.id);
    setNotice(undefined);
    try {
      const answer = await api.request<DisconnectAnswer>('/api/v2/integrations/disconnect', {
        method: 'POST',
        body: { id: connection.id },
      });
      setNotice(
        answer.revoke_error
          ? {
              tone: 'warn',
              text: t('integrations.disconnectedLocally', {
                name: connection.name,
                reason: answer.revoke_error,
              }),
            }
          : { tone: 'ok', text: t('integrations.disconnected', { name: connection.name }) },
      );
      connections.reload();
    } catch (err) {
      setNotice({ tone: 'error', text: problemText(err, t) });
    } finally {
      setBusyId(undefined);
    }
  }

  return { connections, providers, disconnect, busyId, notice };
}
