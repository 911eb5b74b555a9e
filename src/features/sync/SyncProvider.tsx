import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { api } from '../../api/appClient.ts';
import { type CrmDatabase, openUserDatabase } from '../../db/database.ts';
import { browserTriggers, requestBackgroundSync } from '../../sync/browserTriggers.ts';
import { SyncEngine, type SyncStatus } from '../../sync/engine.ts';
import { memoryLocks, webLocks } from '../../sync/leaderLock.ts';
import { startSession } from '../../sync/logs.ts';
import { requestPersistentStorage } from '../../sync/storage.ts';
import { httpTransport } from '../../sync/transport.ts';

interface SyncContextValue {
  db: CrmDatabase;
  engine: SyncEngine;
  /** Call after every local write: pushes soon and asks the service worker to wake us if offline. */
  afterWrite(): void;
}

const SyncContext = createContext<SyncContextValue | undefined>(undefined);

/** Opens the signed-in user's database and runs the sync engine for as long as they stay signed in. */
export function SyncProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const value = useMemo<SyncContextValue>(() => {
    const db = openUserDatabase(userId);
    const engine = new SyncEngine({
      db,
      transport: httpTransport(api),
      lock: webLocks() ?? memoryLocks(),
      lockName: `hs-sync-${userId}`,
      triggers: browserTriggers(),
      // Large pages: a first sync of 100,000 contacts is bound by IndexedDB writes, not round trips.
      pullLimit: 5000,
    });
    return {
      db,
      engine,
      afterWrite() {
        engine.notifyLocalWrite();
        void requestBackgroundSync();
      },
    };
  }, [userId]);

  useEffect(() => {
    value.engine.start();
    void requestPersistentStorage();
    // Spec: the session is registered 500 ms after start.
    const register = setTimeout(
      () => void startSession(value.db, deviceFingerprint(), deviceKind(), navigator.userAgent),
      500,
    );
    const firstSync = value.engine.subscribe(() => {
      if (
        value.engine.getSnapshot().lastSyncedAt &&
        !performance.getEntriesByName('first-sync-done').length
      ) {
        performance.mark('first-sync-done');
      }
    });
    return () => {
      clearTimeout(register);
      firstSync();
      // Closed only when no new run started meanwhile (strict mode stops and restarts at once).
      void value.engine.stop().then(() => {
        if (!value.engine.isStarted()) value.db.close();
      });
    };
  }, [value]);

  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}

export function useSync(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('useSync is used outside SyncProvider');
  return value;
}

export function useSyncStatus(): SyncStatus {
  const { engine } = useSync();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot);
}

/** A stable id for this browser, kept in local storage. */
function deviceFingerprint(): string {
  const key = 'hs.fingerprint';
  let value = localStorage.getItem(key);
  if (!value) {
    value = crypto.randomUUID();
    localStorage.setItem(key, value);
  }
  return value;
}

function deviceKind(): string {
  return /Mobi|Android|iPhone|iPad/.test(navigator.userAgent) ? 'mobile' : 'desktop';
}
