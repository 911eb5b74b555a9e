/**
 * How a pending mutation changes a row on the device, so the screen shows the change at once and
 * keeps showing it until the server's copy (which includes it) arrives.
 * Invariant: applying the same mutations to the same base always gives the same row, and a lead
 * goes through the one normalisation the server applies (src/domain/leadNormalization.ts).
 */

import type { EntityRow, OutboxEntry } from '../db/database.ts';
import { DEFAULT_DEAL_STAGES, type DealStage } from '../domain/dealStages.ts';
import { leadRowAfterChange } from '../domain/leadNormalization.ts';
import { nameColumns } from '../domain/personName.ts';
import { normalizePhone } from '../domain/phone.ts';
import { type SignatureArgs, signedProposalChanges } from '../domain/proposals/signature.ts';
import { type ViewFacts, viewChangeFields } from '../domain/tableViews.ts';

/** The row after one pending mutation; undefined when the row does not exist (yet, or any more). */
export function applyPending(
  row: EntityRow | undefined,
  entry: OutboxEntry,
  stages: readonly DealStage[] = DEFAULT_DEAL_STAGES,
): EntityRow | undefined {
  switch (entry.name) {
    case 'lead.add.v1': {
      return {
        ...leadRowAfterChange(undefined, entry.args, { stages, userId: entry.author }),
        _id: entry.row_id,
        id: entry.row_id,
        deleted_at: null,
        // Device time, only so lists sorted by last change show the row; the server's copy replaces it.
        updated_at: entry.created_at,
        pending: true,
      };
    }
    case 'lead.edit.v1': {
      if (!row || row.deleted_at) return row;
      if (entry.args.deleted === true) return undefined;
      return {
        ...row,
        ...leadRowAfterChange(row, entry.args, { stages }),
        updated_at: entry.created_at,
        pending: true,
      };
    }
    case 'profile.save.v1': {
      // The user's own row, when this device holds it (a guest's device may not).
      if (!row) return row;
      return {
        ...row,
        ...nameColumns(String(entry.args.name ?? '')),
        phone: normalizePhone(String(entry.args.phone ?? '')),
        updated_at: entry.created_at,
        pending: true,
      };
    }
    case 'user.edit.v1': {
      if (!row) return row;
      const { id: _id, _id: _key, password: _password, deleted, ...fields } = entry.args;
      if (deleted === true) return { ...row, status: false, active: false, phone: '', pending: true };
      if (typeof fields.phone === 'string') fields.phone = normalizePhone(fields.phone);
      if (typeof fields.name === 'string') Object.assign(fields, nameColumns(fields.name, fields));
      return { ...row, ...fields, updated_at: entry.created_at, pending: true };
    }
    case 'record.save.v1': {
      const fields = entry.args.fields as Record<string, unknown>;
      if (row?.deleted_at) return row;
      if (!row) {
        if (entry.args.create !== true) return row;
        return {
          ...(entry.args.table === 'table_views' ? viewChangeFields(undefined, fields) : fields),
          _id: entry.row_id,
          id: entry.row_id,
          deleted_at: null,
          created_by: entry.author ?? null,
          created_at: entry.created_at,
          updated_at: entry.created_at,
          pending: true,
        };
      }
      const changes =
        entry.args.table === 'table_views' ? viewChangeFields(row as ViewFacts, fields) : fields;
      return { ...row, ...changes, updated_at: entry.created_at, pending: true };
    }
    case 'record.delete.v1':
      return undefined;
    case 'proposal.sign.v1': {
      // The proposal as the server will keep it: signed, and Won when it signs the proposal as it stands.
      if (!row || row.deleted_at) return row;
      const changes = signedProposalChanges(row, entry.args as unknown as SignatureArgs);
      return { ...row, ...changes, updated_at: entry.created_at, pending: true };
    }
    case 'notification.read.v1':
      return row ? { ...row, is_read: true, pending: true } : row;
    case 'user_config.save.v1': {
      // Keyed by the user: a device that has not pulled its configuration yet starts an empty one.
      const empty = {
        _id: entry.row_id,
        user_id: entry.row_id,
        pins: [],
        paths: [],
        map_layouts: [],
        layouts: [],
        filters: [],
      };
      return { ...(row ?? empty), ...entry.args, updated_at: entry.created_at, pending: true };
    }
    case 'availability.save.v1': {
      // Keyed by the person: a device that holds no row of theirs yet starts one from what was sent.
      const fields = entry.args.fields as Record<string, unknown>;
      const start = row ?? { _id: entry.row_id, user_id: entry.row_id, weekly_hours: {}, time_off: [] };
      return { ...start, ...fields, deleted_at: null, updated_at: entry.created_at, pending: true };
    }
    case 'distribution_rule.save.v1': {
      if (entry.args.removed === true) return undefined;
      const { removed: _removed, id: _id, ...fields } = entry.args;
      const start = row ?? { _id: entry.row_id, given: {} };
      return { ...start, ...fields, deleted_at: null, updated_at: entry.created_at, pending: true };
    }
    default:
      // A mutation this app version does not know how to show still travels; the row stays as is.
      return row;
  }
}

/** The view row: the server copy with every still-pending mutation on top, in order. */
export function rebase(
  base: EntityRow | undefined,
  pending: readonly OutboxEntry[],
  stages: readonly DealStage[] = DEFAULT_DEAL_STAGES,
): EntityRow | undefined {
  if (base?.deleted_at && !pending.some(isLeadRestore)) return undefined;
  let row = base?.deleted_at ? undefined : base;
  // What an undone delete brings back: the lead as last shown (or the server's deleted copy).
  let kept = base?.deleted_at ? { ...base, deleted_at: null } : base;
  for (const entry of pending) {
    row =
      !row && kept && isLeadRestore(entry)
        ? { ...kept, updated_at: entry.created_at, pending: true }
        : applyPending(row, entry, stages);
    if (row) kept = row;
  }
  return row;
}

/** A queued undo of a lead's delete (`deleted: false`). */
export function isLeadRestore(entry: OutboxEntry): boolean {
  return entry.name === 'lead.edit.v1' && entry.args.deleted === false;
}
