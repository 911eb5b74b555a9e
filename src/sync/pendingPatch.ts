/**
 * How a pending mutation changes a row on the device, so the screen shows the change at once and
 * keeps showing it until the server's copy (which includes it) arrives.
 * Invariant: applying the same mutations to the same base always gives the same row, and applies
 * the same shared rules the server applies (phone digits, name split, stage ↔ status).
 */

import type { EntityRow, OutboxEntry } from '../db/database.ts';
import {
  applyStageChange,
  applyStatusChange,
  DEFAULT_DEAL_STAGES,
  type DealStage,
} from '../domain/dealStages.ts';
import { upgradeLegacyStatusFields } from '../domain/legacyStatus.ts';
import { parseName } from '../domain/personName.ts';
import { normalizePhone } from '../domain/phone.ts';
import { type ViewFacts, viewChangeFields } from '../domain/tableViews.ts';

const NOT_FIELDS = new Set(['id', '_id', 'base_versions', 'deleted']);

/** The lead fields a mutation's args set, with the shared rules applied. */
function leadFields(
  args: Record<string, unknown>,
  current: EntityRow | undefined,
  stages: readonly DealStage[],
) {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) if (!NOT_FIELDS.has(key)) fields[key] = value;
  Object.assign(fields, upgradeLegacyStatusFields(fields as { deal_stage_status?: string }));
  if (typeof fields.phone === 'string') fields.phone = normalizePhone(fields.phone);
  if (typeof fields.name === 'string' && fields.first_name === undefined && fields.last_name === undefined) {
    const parsed = parseName(fields.name);
    fields.name = parsed.fullName;
    fields.first_name = parsed.firstName || null;
    fields.last_name = parsed.lastName || null;
  }
  const position = {
    deal_stage: (current?.deal_stage as string | null | undefined) ?? null,
    deal_stage_status: (current?.deal_stage_status as string | undefined) ?? '',
  };
  if (
    typeof fields.deal_stage_status === 'string' &&
    fields.deal_stage_status !== position.deal_stage_status
  ) {
    Object.assign(fields, applyStatusChange(stages, position, fields.deal_stage_status));
  } else if (typeof fields.deal_stage === 'string' && fields.deal_stage !== position.deal_stage) {
    Object.assign(fields, applyStageChange(stages, position, fields.deal_stage));
  }
  if (Array.isArray(fields.coordinates) && fields.coordinates.length === 2) {
    const [lng, lat] = fields.coordinates as [number, number];
    fields.address_obj = {
      ...((current?.address_obj as object) ?? {}),
      coordinates: [lng, lat],
      position: { lat, lng },
    };
  }
  return fields;
}

/** The row after one pending mutation; undefined when the row does not exist (yet, or any more). */
export function applyPending(
  row: EntityRow | undefined,
  entry: OutboxEntry,
  stages: readonly DealStage[] = DEFAULT_DEAL_STAGES,
): EntityRow | undefined {
  switch (entry.name) {
    case 'lead.add.v1': {
      const fields = leadFields(entry.args, undefined, stages);
      return {
        deal_stage_status: '',
        preferred_language: 'english',
        energy_consultants: [],
        ...fields,
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
      return { ...row, ...leadFields(entry.args, row, stages), updated_at: entry.created_at, pending: true };
    }
    case 'profile.save.v1': {
      // The user's own row, when this device holds it (a guest's device may not).
      if (!row) return row;
      const name = parseName(String(entry.args.name ?? ''));
      return {
        ...row,
        name: name.fullName,
        first_name: name.firstName || null,
        last_name: name.lastName || null,
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
  let row = base?.deleted_at ? undefined : base;
  if (base?.deleted_at) return undefined;
  for (const entry of pending) row = applyPending(row, entry, stages);
  return row;
}
