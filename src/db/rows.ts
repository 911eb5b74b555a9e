/**
 * Typed shapes of the local rows the screens read (snake_case, as the server sends them). Only the
 * fields the device relies on are named; the rest stay open, as the server may send more.
 */
import type { EntityRow } from './database.ts';

export interface UserRow extends EntityRow {
  name?: string;
  email?: string;
  access_level?: string | null;
  roles?: number[] | null;
  org_id?: number | null;
}

export interface TeamRow extends EntityRow {
  name?: string;
  region_id?: string | null;
  leader_id?: string | null;
}

export interface TeamMemberRow extends EntityRow {
  team_id: string;
  user_id: string;
  role?: string | null;
}

export interface RegionRow extends EntityRow {
  name?: string;
}

/** A lead: the `contacts` table. */
export interface LeadRow extends EntityRow {
  owner_id?: string | null;
  team_id?: string | null;
  deal_stage_status?: string | null;
}

/** A record that belongs to one lead (note, appointment, file, proposal). */
export interface LeadRecordRow extends EntityRow {
  lead_id?: string | null;
}

export type NoteRow = LeadRecordRow;
export type AppointmentRow = LeadRecordRow;
export type ProposalRow = LeadRecordRow;

export interface MediaRow extends LeadRecordRow {
  url?: string | null;
  mimetype?: string | null;
}

export interface ActivityRow extends EntityRow {
  actor_id?: string | null;
  lead_refs?: string[] | null;
}

export interface TableViewRow extends EntityRow {
  table_name?: string;
  name?: string;
}

export type { EntityRow, LogRecord, MediaBlob, RejectedEntry } from './database.ts';
