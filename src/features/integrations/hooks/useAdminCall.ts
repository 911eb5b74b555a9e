import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { integrationWords } from '../utils/problemText.ts';
import type { Notice } from './useConnections.ts';

/**
 * Runs an admin's change on the server (useServerAction): offline it says a connection is needed
 * and the form keeps what was typed; a refusal shows the server's own words; a success its `done`.
 */
export function useAdminCall() {
  const { t } = useTranslation('integrations');
  const action = useServerAction(integrationWords(t));
  const [done, setDone] = useState<string | undefined>();

  async function run<T>(work: () => Promise<T>, said?: (result: T) => string): Promise<T | undefined> {
    setDone(undefined);
    const outcome = await action.run(work);
    if (!outcome.ok) return undefined;
    if (said) setDone(said(outcome.value));
    return outcome.value;
  }

  const notice: Notice | undefined = action.error
    ? { tone: 'error', text: action.error }
    : done
      ? { tone: 'ok', text: done }
      : undefined;
  return { run, busy: action.busy, notice, online: action.online };
}
