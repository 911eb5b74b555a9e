import { useMemo } from 'react';
import type { RecordTable, TableKey } from '../../domain/schemas/records.ts';
import type { UserConfigFields } from '../../domain/schemas/userConfig.ts';
import {
  addLead,
  addMedia,
  deleteMedia,
  deleteRecord,
  discardRejected,
  editLead,
  editUser,
  markAnnouncementsRead,
  markNotificationsRead,
  moveLeadsToStatus,
  queueAddressLookup,
  type ReverseGeocoder,
  resolveQueuedAddresses,
  retryRejected,
  saveMapLayout,
  saveProfile,
  saveRecord,
  saveUserConfig,
  writeRow,
} from '../../sync/commands/index.ts';
import { useDevice } from '../DeviceProvider.tsx';

type Input = Record<string, unknown>;

/**
 * The write commands (src/sync/commands) bound to this device's database. Each writes the row and
 * its queued mutation in one transaction; the sync engine notices and pushes by itself.
 */
export function useCommands() {
  const { db, userId } = useDevice();
  return useMemo(
    () => ({
      addLead: (input: Input) => addLead(db, input),
      editLead: (id: string, changes: Input) => editLead(db, id, changes),
      moveLeadsToStatus: (from: string, to: string) => moveLeadsToStatus(db, from, to),
      editUser: (id: string, changes: Input) => editUser(db, id, changes),
      saveProfile: (userId: string, input: Input) => saveProfile(db, userId, input),
      saveRecord: (table: RecordTable, id: string | undefined, fields: Input, author?: string) =>
        saveRecord(db, table, id, fields, author),
      deleteRecord: (table: RecordTable, id: string) => deleteRecord(db, table, id),
      markAnnouncementsRead: (ids: readonly string[]) => markAnnouncementsRead(db, ids),
      addMedia: (input: Parameters<typeof addMedia>[1], author?: string) => addMedia(db, input, author),
      deleteMedia: (id: string) => deleteMedia(db, id),
      retryRejected: (id: number, args?: Input) => retryRejected(db, id, args),
      discardRejected: (id: number) => discardRejected(db, id),
      queueAddressLookup: (leadId: string) => queueAddressLookup(db, leadId),
      resolveQueuedAddresses: (geocoder: ReverseGeocoder) => resolveQueuedAddresses(db, geocoder),
      writeRow: (table: TableKey, id: string, changes: Input) => writeRow(db, table, id, changes),
      markNotificationsRead: (ids?: readonly string[]) => markNotificationsRead(db, ids),
      saveUserConfig: (fields: UserConfigFields) => saveUserConfig(db, userId, fields),
      saveMapLayout: (change: Parameters<typeof saveMapLayout>[2]) => saveMapLayout(db, userId, change),
    }),
    [db, userId],
  );
}

export type Commands = ReturnType<typeof useCommands>;
