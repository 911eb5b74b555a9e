import { useLiveQuery } from 'dexie-react-hooks';
import type { FeedEntry } from '#src/db/queries/activityFeed.ts';
import {
  activityOfLead,
  appointmentsOfLead,
  mediaOfLead,
  notesOfLead,
  photosOfLeads,
  proposalsOfLead,
} from '#src/db/queries/leadRecords.ts';
import { blobsOfMedia, type KeptFile } from '#src/db/queries/media.ts';
import type { AppointmentRow, MediaRow, NoteRow, ProposalRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** A lead's notes, newest first (undefined while reading). */
export function useLeadNotes(leadId: string): NoteRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => notesOfLead(db, leadId), [db, leadId]);
}

/** A lead's appointments, by start time (undefined while reading). */
export function useLeadAppointments(leadId: string): AppointmentRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => appointmentsOfLead(db, leadId), [db, leadId]);
}

/** A lead's files, newest first (undefined while reading). */
export function useLeadMedia(leadId: string): MediaRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => mediaOfLead(db, leadId), [db, leadId]);
}

/** A lead's proposals, newest first (undefined while reading). */
export function useLeadProposals(leadId: string): ProposalRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => proposalsOfLead(db, leadId), [db, leadId]);
}

/** A lead's latest activity, newest first, with who did it (undefined while reading). */
export function useLeadActivity(leadId: string, limit: number): FeedEntry[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => activityOfLead(db, leadId, limit), [db, leadId, limit]);
}

const NO_PHOTOS = new Map<string, string>();

/** The first uploaded photo of each of these leads, by lead id. */
export function useLeadPhotos(leadIds: readonly string[], enabled = true): Map<string, string> {
  const { db } = useDevice();
  return useLiveQuery(
    () => (enabled ? photosOfLeads(db, leadIds) : NO_PHOTOS),
    [db, leadIds, enabled],
    NO_PHOTOS,
  );
}

/** The bytes of a file (and its thumbnail) kept on the device, if any. */
export function useMediaBlobs(
  mediaId: string,
): { file: KeptFile | undefined; thumb: KeptFile | undefined } | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => blobsOfMedia(db, mediaId), [db, mediaId]);
}
