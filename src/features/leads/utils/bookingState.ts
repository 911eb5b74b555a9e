import { type BookingNote, bookingNoteOf } from '#src/domain/bookingLease.ts';

/**
 * What an appointment's booking shows its setter (src/domain/bookingLease.ts): held for its closer
 * until it syncs (a lease the server confirms), moved to another closer, or back without a closer
 * because the slot was taken. Nothing once confirmed, or for a Cancelled appointment.
 */
export type BookingState =
  | { kind: 'held'; closer: string }
  | { kind: 'reassigned'; asked: string; to: string }
  | { kind: 'returned'; asked: string };

export function bookingStateOf(appointment: {
  pending?: unknown;
  user_id?: unknown;
  status?: unknown;
  booking?: unknown;
}): BookingState | undefined {
  if (String(appointment.status ?? '').toLowerCase() === 'cancelled') return undefined;
  const closer = typeof appointment.user_id === 'string' ? appointment.user_id : null;
  if (appointment.pending && closer) return { kind: 'held', closer };
  const note: BookingNote | undefined = bookingNoteOf(appointment.booking);
  if (!note) return undefined;
  if (note.outcome === 'reassigned' && closer)
    return { kind: 'reassigned', asked: note.asked_user_id, to: closer };
  if (note.outcome === 'returned' && !closer) return { kind: 'returned', asked: note.asked_user_id };
  return undefined;
}
