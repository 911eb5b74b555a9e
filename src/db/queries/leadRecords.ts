/** What hangs off one lead: notes, appointments, files, proposals, its activity. */
import type { CrmDatabase } from '../database.ts';
import type { ActivityRow, AppointmentRow, MediaRow, NoteRow, ProposalRow } from '../rows.ts';
import { describeActivities, type FeedEntry } from './activityFeed.ts';
import { text } from './text.ts';

/** A lead's notes, newest first. */
export async function notesOfLead(db: CrmDatabase, leadId: string): Promise<NoteRow[]> {
  const rows = (await db.notes.where('lead_id').equals(leadId).toArray()) as NoteRow[];
  return rows.sort((a, b) => text(b.created_at).localeCompare(text(a.created_at)));
}

/** A lead's appointments, by start time. */
export async function appointmentsOfLead(db: CrmDatabase, leadId: string): Promise<AppointmentRow[]> {
  const rows = (await db.appointments.where('lead_id').equals(leadId).toArray()) as AppointmentRow[];
  return rows.sort((a, b) => text(a.start_time).localeCompare(text(b.start_time)));
}

/** A lead's files, newest first. */
export async function mediaOfLead(db: CrmDatabase, leadId: string): Promise<MediaRow[]> {
  const rows = (await db.media.where('lead_id').equals(leadId).toArray()) as MediaRow[];
  return rows.sort((a, b) => text(b.created_at).localeCompare(text(a.created_at)));
}

/** The first uploaded photo of each of these leads, by lead id. */
export async function photosOfLeads(
  db: CrmDatabase,
  leadIds: readonly string[],
): Promise<Map<string, string>> {
  const byLead = new Map<string, string>();
  if (!leadIds.length) return byLead;
  const media = (await db.media
    .where('lead_id')
    .anyOf([...leadIds])
    .toArray()) as MediaRow[];
  for (const m of media) {
    if (typeof m.url === 'string' && String(m.mimetype ?? '').startsWith('image/') && !m.deleted_at)
      byLead.set(String(m.lead_id), m.url);
  }
  return byLead;
}

/** A lead's proposals, newest first. */
export async function proposalsOfLead(db: CrmDatabase, leadId: string): Promise<ProposalRow[]> {
  const rows = (await db.proposals.where('lead_id').equals(leadId).toArray()) as ProposalRow[];
  return rows.filter((p) => !p.deleted_at).sort((a, b) => text(b.date).localeCompare(text(a.date)));
}

/** A lead's latest activity entries, newest first, each with who did it. */
export async function activityOfLead(db: CrmDatabase, leadId: string, limit: number): Promise<FeedEntry[]> {
  const rows = (await db.activities
    .orderBy('date')
    .reverse()
    .filter((a) => Array.isArray(a.lead_refs) && (a.lead_refs as string[]).includes(leadId) && !a.deleted_at)
    .limit(limit)
    .toArray()) as ActivityRow[];
  return describeActivities(db, rows);
}
