import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useOnline } from '#src/device/hooks/useSyncState.ts';
import { problemText } from '../utils/problemText.ts';

/**
 * `/oauth/connect?provider=…`: asks the server to start connecting (a state and PKCE verifier it
 * keeps) and sends the browser to the provider's address. Started once per visit.
 */
export function useStartConnect(provider: string) {
  const { t } = useTranslation('integrations');
  const online = useOnline();
  const started = useRef(false);
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    if (!online || started.current) return;
    started.current = true;
    if (!provider) {
      setProblem(t('integrations.connect.noProvider'));
      return;
    }
    api
      .request<{ url: string }>('/api/v2/integrations/connect', { method: 'POST', body: { provider } })
      .then((answer) => window.location.assign(answer.url))
      .catch((err: unknown) => setProblem(problemText(err, t)));
  }, [online, provider, t]);

  return { online, problem };
}
