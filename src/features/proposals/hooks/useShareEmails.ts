import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api, readData } from '#src/api/appClient.ts';
import { useServerAction, useServerData } from '#src/device/hooks/useServerData.ts';
import type { Language } from '#src/domain/language.ts';
import { emailPending, type ShareEmail, type ShareEmailList } from '#src/domain/proposals/shareEmail.ts';

/** How often the list is read again while an email is still on its way. */
const PENDING_POLL_MS = 2000;

/**
 * A signed proposal's emails to its homeowner (online only: the server sends them): whether email
 * is set up, the latest emails and how each went (read again every 2 s while one is on its way),
 * and sending a new one. `send` answers the error to show, if any.
 */
export function useShareEmails(proposalId: string) {
  const { t } = useTranslation('proposals');
  const words = { offline: t('proposals.shareEmail.offline'), failed: t('proposals.shareEmail.failed') };
  const path = `/api/v2/proposals/${proposalId}/share/emails`;
  const list = useServerData(path, () => readData<ShareEmailList>(path), { words });
  const action = useServerAction(words);
  const pending = !!list.data?.emails.some(emailPending);
  const { reload } = list;

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);

  async function send(to: string, language: Language): Promise<string | undefined> {
    const outcome = await action.run(() =>
      api.request<{ data: ShareEmail }>(`/api/v2/proposals/${proposalId}/share/email`, {
        method: 'POST',
        body: { to, language },
      }),
    );
    if (!outcome.ok) return outcome.error;
    reload();
    return undefined;
  }

  return {
    ready: list.data?.email_ready,
    emails: list.data?.emails,
    loading: list.loading,
    offline: list.offline,
    readError: list.error,
    busy: action.busy,
    send,
  };
}
