/**
 * The device's write commands, one module per entity. Each validates with the shared schemas and
 * writes the row and its queued mutation in one transaction (enqueue.ts); the sync engine notices
 * the write by itself, so a caller only awaits the command.
 */
import type { CrmDatabase } from '#src/db/database.ts';

export { discardRejected, retryRejected } from '../needsAttention.ts';
export {
  queueAddressLookup,
  type ReverseGeocoder,
  resolveQueuedAddresses,
} from './addressQueue.ts';
export { markAnnouncementsRead } from './announcements.ts';
export {
  addCard,
  addLayout,
  type CardFields,
  deleteLayout,
  editCard,
  placeCards,
  removeCard,
  renameLayout,
  setLayoutGlobal,
} from './dashboard.ts';
export { InvalidChangeError } from './enqueue.ts';
export {
  addLead,
  addLeads,
  addLeadsTo,
  assignLeads,
  deleteLeads,
  editLead,
  moveLeadsToStatus,
  restoreLeads,
} from './leads.ts';
export { addMedia, deleteMedia } from './media.ts';
export { markNotificationsRead } from './notifications.ts';
export { deleteRecord, saveRecord } from './records.ts';
export { writeRow } from './rows.ts';
export { saveMapLayout, saveUserConfig } from './userConfig.ts';
export { editUser, saveProfile } from './users.ts';

/** How many changes wait to reach the server. */
export function pendingCount(db: CrmDatabase): Promise<number> {
  return db.outbox.count();
}
