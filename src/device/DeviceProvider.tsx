/**
 * The device's composition root: the signed-in user's database, the sync engine and its leader
 * lock, set up once per user. Screens reach the data only through the hooks in ./hooks (reads)
 * and the commands in src/sync/commands (writes); the engine notices writes by itself.
 */
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { actingOrgOf } from '../api/actingOrg.ts';
import { api } from '../api/appClient.ts';
import { type CrmDatabase, openUserDatabase } from '../db/database.ts';
import { getMeta, META } from '../db/meta.ts';
import { browserActivity, browserTriggers } from '../sync/browserTriggers.ts';
import { SyncEngine, type SyncStatus } from '../sync/engine.ts';
import { memoryLocks, webLocks } from '../sync/leaderLock.ts';
import { LIVE_PATH, withLiveStream } from '../sync/liveStream.ts';
import { requestPersistentStorage } from '../sync/storage.ts';
import { httpTransport } from '../sync/transport.ts';
import { ActivityLog } from './activityLog.ts';

export interface DeviceContextValue {
  db: CrmDatabase;
  engine: SyncEngine;
  /** The signed-in user this device's database belongs to. */
  userId: string;
  /** The access level their session names, used until their own row is on the device. */
  access?: string;
  /** The other org a super admin acts in (the device then holds that org's data), if any. */
  actingOrg?: number;
  /** The app session and what the user does in it (src/device/activityLog.ts). */
  activity: ActivityLog;
}

const DeviceContext = createContext<DeviceContextValue | undefined>(undefined);

/** Opens the signed-in user's database and runs the sync engine for as long as they stay signed in. */
export function DeviceProvider({
  userId,
  access,
  children,
}: {
  userId: string;
  access?: string;
  children: ReactNode;
}) {
  const value = useMemo<DeviceContextValue>(() => {
    const actingOrg = actingOrgOf(userId);
    const db = openUserDatabase(userId, undefined, actingOrg);
    // Opened now rather than by the first read: the screen's first reads (the map's kept pins,
    // the stages) then find it open instead of queueing behind the sync engine's start. A
    // failure to open shows on those reads.
    db.open().catch(() => undefined);
    const engine = new SyncEngine({
      db,
      transport: httpTransport(api),
      lock: webLocks() ?? memoryLocks(),
      lockName: `hs-sync-${db.name}`,
      triggers: withLiveStream(browserTriggers(), {
        open: (signal) => api.open(LIVE_PATH, { signal }),
        cursor: () => getMeta(db, META.cursor, 0),
        activity: browserActivity(),
      }),
      // Large pages: a first sync of 100,000 contacts is bound by IndexedDB writes, not round trips.
      pullLimit: 5000,
    });
    const activity = new ActivityLog(db, userId, () => engine.flushLogs());
    return { db, engine, userId, access, activity, ...(actingOrg === undefined ? {} : { actingOrg }) };
  }, [userId, access]);

  useEffect(() => {
    value.engine.start();
    void requestPersistentStorage();
    // The app session: registered 500 ms after start, reused through its cookie for a day.
    const stopActivity = value.activity.start();
    const firstSync = value.engine.subscribe(() => {
      if (
        value.engine.getSnapshot().lastSyncedAt &&
        !performance.getEntriesByName('first-sync-done').length
      ) {
        performance.mark('first-sync-done');
      }
    });
    return () => {
      stopActivity();
      firstSync();
      // Closed only when no new run started meanwhile (strict mode stops and restarts at once).
      void value.engine.stop().then(() => {
        if (!value.engine.isStarted()) value.db.close();
      });
    };
  }, [value]);

  return <DeviceContext.Provider value={value}>{children}</DeviceContext.Provider>;
}

/** The device's database and sync engine: for src/device hooks and commands wiring, not screens. */
export function useDevice(): DeviceContextValue {
  const value = useContext(DeviceContext);
  if (!value) throw new Error('useDevice is used outside DeviceProvider');
  return value;
}

export function useSyncStatus(): SyncStatus {
  const { engine } = useDevice();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot);
}

/**
 * One fact of the sync engine's state (`select` answers a plain value): the screen draws again
 * only when that fact changes, not on every push, pull and pending count.
 */
export function useSyncFact<T extends string | number | boolean | undefined>(
  select: (status: SyncStatus) => T,
): T {
  const { engine } = useDevice();
  return useSyncExternalStore(engine.subscribe, () => select(engine.getSnapshot()));
}

/** Syncs now (if this tab leads); resolves when that cycle is over. */
export function useSyncNow(): () => Promise<void> {
  const { engine } = useDevice();
  return engine.syncNow.bind(engine);
}
