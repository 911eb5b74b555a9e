import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import type { ProposalShare } from '#src/domain/proposals/signatureShare.ts';

/**
 * Makes a link for the homeowner to a signed proposal (online only: the server keeps the link's
 * secret). The link is answered once; it stays on the screen to be copied until the screen goes.
 */
export function useShareLink(proposalId: string) {
  const { t } = useTranslation('proposals');
  const action = useServerAction({
    offline: t('proposals.share.offline'),
    failed: t('proposals.share.failed'),
  });
  const [share, setShare] = useState<ProposalShare>();
  const make = async () => {
    const outcome = await action.run(() =>
      api.request<{ data: ProposalShare }>(`/api/v2/proposals/${proposalId}/share`, {
        method: 'POST',
        body: {},
      }),
    );
    if (outcome.ok) setShare(outcome.value.data);
  };
  return { share, make, busy: action.busy, error: action.error };
}
