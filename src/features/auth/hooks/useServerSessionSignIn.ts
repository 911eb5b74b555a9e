import { useEffect, useState } from 'react';
import { type SignedInUser, signInWithServerSession } from '../utils/session.ts';

/**
 * Finishes a sign-in the server already made (the third-party sign-in's session cookie, or the
 * development key) when `wanted`; says whether it is still working and what failed.
 */
export function useServerSessionSignIn(
  wanted: boolean,
  onSignedIn: (user: SignedInUser) => void,
): { busy: boolean; error: string | undefined } {
  const [busy, setBusy] = useState(wanted);
  const [error, setError] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the page opens
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    signInWithServerSession()
      .then((user) => live && onSignedIn(user))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, []);
  return { busy, error };
}
