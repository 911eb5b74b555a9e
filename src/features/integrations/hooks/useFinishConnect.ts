import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useOnline } from '#src/device/hooks/useSyncState.ts';
import type { Connection } from '#src/domain/schemas/integrations.ts';
import { problemText } from '../utils/problemText.ts';
import { providerRefusalKey } from '../utils/providerRefusal.ts';

export type FinishState =
  | { step: 'working' }
  | { step: 'offline' }
  | { step: 'connected'; connection: Connection }
  | { step: 'failed'; message: string };

/**
 * The callback page: the provider's refusal (`error=`) is shown in the page's own words for its code
 * (never the address's text); otherwise the code and state go to the server once (a state works
 * only once, so a second send would fail).
 */
export function useFinishConnect(params: URLSearchParams): FinishState {
  const { t } = useTranslation('integrations');
  const online = useOnline();
  const sent = useRef(false);
  const [state, setState] = useState<FinishState>({ step: 'working' });
  const error = params.get('error');
  const code = params.get('code');
  const oauthState = params.get('state');

  useEffect(() => {
    if (sent.current) return;
    if (error) {
      sent.current = true;
      setState({ step: 'failed', message: t(providerRefusalKey(error)) });
      return;
    }
    if (!code || !oauthState) {
      sent.current = true;
      setState({ step: 'failed', message: t('integrations.callback.missing') });
      return;
    }
    if (!online) {
      setState({ step: 'offline' });
      return;
    }
    sent.current = true;
    setState({ step: 'working' });
    api
      .request<{ data: Connection }>('/api/v2/integrations/callback', {
        method: 'POST',
        body: { code, state: oauthState },
      })
      .then((answer) => setState({ step: 'connected', connection: answer.data }))
      .catch((err: unknown) => setState({ step: 'failed', message: problemText(err, t) }));
  }, [error, code, oauthState, online, t]);

  return state;
}
