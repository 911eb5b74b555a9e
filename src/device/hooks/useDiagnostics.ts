import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import {
  type DatabaseStatus,
  databaseStatus,
  type OutboxStatus,
  outboxStatus,
  type SyncLogStatus,
  syncLogStatus,
} from '#src/db/queries/diagnostics.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { DatabaseStatus, OutboxStatus, SyncLogStatus } from '#src/db/queries/diagnostics.ts';

/** The device database's name, version and row count per table; undefined until read. */
export function useDatabaseStatus(): DatabaseStatus | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => databaseStatus(db), [db]);
}

/** The changes waiting to be sent and those the server refused; undefined until read. */
export function useOutboxStatus(): OutboxStatus | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => outboxStatus(db), [db]);
}

/** The pull cursor, device id, last sync and unsent logs; undefined until read. */
export function useSyncLogStatus(): SyncLogStatus | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => syncLogStatus(db), [db]);
}

export interface StorageStatus {
  usage?: number;
  quota?: number;
  persisted?: boolean;
}

/** What the browser says about this site's storage; null when it does not say, undefined until asked. */
export function useStorageEstimate(): StorageStatus | null | undefined {
  const [status, setStatus] = useState<StorageStatus | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) {
      setStatus(null);
      return;
    }
    void Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(undefined)])
      .then(([estimate, persisted]) => {
        if (live) setStatus({ usage: estimate.usage, quota: estimate.quota, persisted });
      })
      .catch(() => {
        if (live) setStatus(null);
      });
    return () => {
      live = false;
    };
  }, []);
  return status;
}
