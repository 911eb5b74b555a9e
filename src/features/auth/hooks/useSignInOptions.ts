import { useEffect, useState } from 'react';
import { api } from '#src/api/appClient.ts';

export interface SignInOptions {
  password: boolean;
  oidc: { label: string } | null;
}

/**
 * The ways of signing in the server offers; none beyond the password while unknown or offline.
 * A read of its own rather than `useServerData`: the sign-in page runs before any session, outside
 * the device (no DeviceProvider, whose online state that hook reads), and its chunk, drawn in
 * advance for a first visit, carries none of the signed-in app's device code.
 */
export function useSignInOptions(): SignInOptions | undefined {
  const [options, setOptions] = useState<SignInOptions>();
  useEffect(() => {
    const controller = new AbortController();
    api
      .request<SignInOptions>('/api/v2/auth/options', { signal: controller.signal })
      .then((answer) => setOptions({ password: answer.password, oidc: answer.oidc ?? null }))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return options;
}
