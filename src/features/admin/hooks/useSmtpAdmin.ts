import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, readData } from '#src/api/appClient.ts';
import { useServerAction, useServerData } from '#src/device/hooks/useServerData.ts';
import type { Language } from '#src/domain/language.ts';
import type { ShareEmailFailure } from '#src/domain/proposals/shareEmail.ts';
import type { SmtpSettingsAnswer, SmtpSettingsInput } from '#src/domain/schemas/smtp.ts';
import { showToast } from '#src/ui/toasts.tsx';

const PATH = '/api/v2/settings/email';

/** How a test email went: sent, not sent (why), or the call itself failed (the words to show). */
export type TestOutcome = { sent: true } | { sent: false; failure: ShareEmailFailure } | { error: string };

/**
 * The org's mail server, read and changed on the server only (online): its settings, saving and
 * removing them, and a test email. A change answers the error to show, if any.
 */
export function useSmtpAdmin() {
  const { t } = useTranslation('admin');
  const words = { offline: t('email.needsConnection'), failed: t('email.error') };
  const read = useServerData(PATH, () => readData<SmtpSettingsAnswer>(PATH), { words });
  const action = useServerAction(words);
  const [answered, setAnswered] = useState<SmtpSettingsAnswer>();

  async function change(work: () => Promise<{ data: SmtpSettingsAnswer }>, done: string) {
    const outcome = await action.run(work);
    if (!outcome.ok) return outcome.error;
    setAnswered(outcome.value.data);
    showToast({ message: done });
    return undefined;
  }

  const save = (body: SmtpSettingsInput) =>
    change(() => api.request(PATH, { method: 'PUT', body }), t('email.saved'));
  const remove = () => change(() => api.request(PATH, { method: 'DELETE' }), t('email.removed'));

  async function test(to: string, language: Language): Promise<TestOutcome> {
    const outcome = await action.run(() =>
      api.request<{ data: { sent: boolean; failure?: ShareEmailFailure } }>(`${PATH}/test`, {
        method: 'POST',
        body: { to, language },
      }),
    );
    if (!outcome.ok) return { error: outcome.error };
    const { sent, failure } = outcome.value.data;
    return sent ? { sent: true } : { sent: false, failure: failure ?? 'connection' };
  }

  return {
    current: answered ?? read.data,
    loading: !answered && read.loading,
    offline: read.offline,
    readError: read.error,
    busy: action.busy,
    save,
    remove,
    test,
  };
}
