import { useLiveQuery } from 'dexie-react-hooks';
import { syncedTerms } from '#src/db/queries/terms.ts';
import { termsDue } from '#src/domain/legalDocuments.ts';
import { useDevice } from '../DeviceProvider.tsx';

/**
 * Whether the signed-in user must accept the terms now: `signedIn` is the version the sign-in (or
 * accepting on this device) recorded. Terms an admin publishes while the user is signed in arrive
 * with the pull (the org's record names the version in force), and the answer turns true at once;
 * accepting on another device turns it false again once that pull arrives. With it, the user's
 * own org (whose terms they accept), once their record is read.
 */
export function useTermsDue(signedIn: string | null): { due: boolean; orgId: number | undefined } {
  const { db, userId } = useDevice();
  const synced = useLiveQuery(() => syncedTerms(db, userId), [db, userId]);
  return {
    due: termsDue({ signedIn, synced: synced?.accepted, inForce: synced?.inForce }),
    orgId: synced?.orgId ?? undefined,
  };
}
