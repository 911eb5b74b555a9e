/** The appointments calendar: the appointments the device holds that start within a range, with their lead. */
import type { CrmDatabase } from '../database.ts';
import { positionOf } from '../pinIndex.ts';
import type { AppointmentRow, LeadRow } from '../rows.ts';
import { text } from './text.ts';

export interface CalendarEntry {
  appointment: AppointmentRow;
  leadName: string;
  leadAddress: string;
  /** Where the lead stands (its pin), null when it has none or is not on the device. */
  leadPosition: { lat: number; lng: number } | null;
}

/**
 * Appointments starting in [from, to), by start time, each with its lead's name, address and pin. The
 * device holds only the appointments its user may see (their own, their team's for a manager, the
 * org's for an admin: the pull's rule), so this is the calendar's whole visibility rule.
 */
export async function appointmentsBetween(db: CrmDatabase, from: Date, to: Date): Promise<CalendarEntry[]> {
  const start = from.getTime();
  const end = to.getTime();
  const rows = (await db.appointments
    .filter((a) => {
      if (a.deleted_at) return false;
      const at = Date.parse(text(a.start_time));
      return at >= start && at < end;
    })
    .toArray()) as AppointmentRow[];
  rows.sort((a, b) => Date.parse(text(a.start_time)) - Date.parse(text(b.start_time)));
  const leadIds = [...new Set(rows.map((r) => text(r.lead_id)).filter(Boolean))];
  const leads = (await db.contacts.bulkGet(leadIds)) as (LeadRow | undefined)[];
  const byId = new Map(leadIds.map((id, i) => [id, leads[i]]));
  return rows.map((appointment) => {
    const lead = byId.get(text(appointment.lead_id));
    const position = lead ? positionOf(lead) : null;
    return {
      appointment,
      leadName: text(lead?.name),
      leadAddress: text(lead?.address),
      leadPosition: position ? { lat: position[1], lng: position[0] } : null,
    };
  });
}
