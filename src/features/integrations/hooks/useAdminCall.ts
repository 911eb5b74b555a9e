import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../utils/problemText.ts';
import type { Notice } from './useConnections.ts';
import { useOnline } from './useOnline.ts';

/**
 * Runs an admin's change on the server: offline it says a connection is needed and the form keeps
 * what was typed; a refusal shows the server's own words.
 */
export function useAdminCall() {
  const { t } = useTranslation();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();

  async function run<T>(work: () => Promise<T>, done?: (result: T) => string): Promise<T | undefined> {
    if (!online) {
      setNotice({ tone: 'error', text: t('integrations.needsConnection') });
      return undefined;
    }
    setBusy(true);
    setNotice(undefined);
    try {
      const result = await work();
      if (done) setNotice({ tone: 'ok', text: done(result) });
      return result;
    } catch (err) {
      setNotice({ tone: 'error', text: problemText(err, t) });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, notice, online };
}
