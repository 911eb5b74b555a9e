import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { ApiError } from '#src/api/client.ts';
import { signOut } from '../utils/session.ts';
import { authFailedAddress } from '../utils/signInParams.ts';

/**
 * The spec's token validation when the app opens with a stored session. A session the server
 * refuses (401: expired, revoked, unknown) sends the person to the sign-in page with
 * `auth_failed=1` and the way back to where they were; in development the page stays and says so.
 * Offline, or any other failure, changes nothing: the device keeps working with what it has.
 */
export function SessionCheck() {
  const { t } = useTranslation();
  const [refusedHere, setRefusedHere] = useState(false);

  // Once per signed-in visit.
  useEffect(() => {
    let live = true;
    api.request('/api/v2/auth/validate', { method: 'POST' }).catch(async (err: unknown) => {
      if (!live || !(err instanceof ApiError) || err.status !== 401) return;
      if (import.meta.env.DEV) return setRefusedHere(true);
      const back = location.pathname + location.search + location.hash;
      await signOut();
      if (!live) return;
      // A real redirect: nothing of the refused session's app stays in memory.
      location.replace(authFailedAddress(back));
    });
    return () => {
      live = false;
    };
  }, []);

  if (!refusedHere) return null;
  return (
    <Alert
      color="red"
      role="alert"
      withCloseButton
      closeButtonLabel={t('signInOptions.dismiss')}
      onClose={() => setRefusedHere(false)}
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 1000 }}
    >
      {t('signInOptions.sessionRefused')}
    </Alert>
  );
}
