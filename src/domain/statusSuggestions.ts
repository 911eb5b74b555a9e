/**
 * The suggestion table (SPEC section 4): for a lead's current status, the statuses a rep most
 * likely records next, best first. The spec gives Not Home 1, Appointment Set, CRC, Install Ready
 * and the empty status; the rest follow the same pattern along the pipeline.
 */
import type { DealStage, DealStatusOption } from './dealStages.ts';

export const STATUS_SUGGESTIONS: Readonly<Record<string, readonly string[]>> = {
  '': ['Appointment Set', 'Not Home 1', 'Not Interested', 'Come Back'],
  Prospect: ['Not Home 1', 'Appointment Set', 'Not Interested'],
  'Not Home 1': ['Not Interested', 'Not Home 2', 'Appointment Set', 'Come Back'],
  'Not Home 2': ['Not Interested', 'Not Home 3', 'Appointment Set', 'Come Back'],
  'Not Home 3': ['Not Interested', 'Come Back', 'Appointment Set'],
  'Not Interested': ['Come Back', 'Appointment Set'],
  'No Soliciting': ['Come Back', 'Not Interested'],
  'Come Back': ['Appointment Set', 'Not Interested', 'Not Home 1'],
  Disqualified: ['Come Back'],
  Renter: ['Come Back', 'Not Interested'],
  Moving: ['Come Back', 'Not Interested'],
  'For Sale': ['Come Back', 'Not Interested'],
  'Already Has Solar': ['Older Customer', 'Not Interested'],
  'Older Customer': ['Appointment Set', 'Come Back'],
  'Appointment Set': ['Closed Won', 'Ghosted Appointment', 'Needs Rescheduled', 'Follow Up', 'Closed Lost'],
  'Follow Up': ['Appointment Set', 'Closed Won', 'Closed Lost'],
  'Needs Rescheduled': ['Appointment Set', 'Closed Lost'],
  'Ghosted Appointment': ['Needs Rescheduled', 'Follow Up', 'Closed Lost'],
  'DQ Property': ['Closed Lost'],
  'Failed Credit': ['Follow Up', 'Closed Lost'],
  'Closed Lost': ['Follow Up', 'Come Back'],
  'Closed Won': ['Contract Signed', 'Cancellation'],
  'Contract Signed': ['CRC', 'Cancellation'],
  CRC: ['Permit Sent', 'Cancellation'],
  'Engineering Design Sent': ['Engineering Design Completed', 'Cancellation'],
  'Engineering Design Completed': ['Permit Sent', 'Cancellation'],
  Retention: ['Contract Signed', 'Cancellation'],
  'Permit Sent': ['Permit Ready', 'Permit Received', 'Cancellation'],
  'Permit Ready': ['Permit Received', 'Cancellation'],
  'Permit Received': ['Install Ready', 'Cancellation'],
  'Install Ready': ['Installation Scheduled', 'Cancellation'],
  'Installation Scheduled': ['Installation Completed', 'Cancellation'],
  'Installation Completed': ['Inspection Scheduled'],
  'Inspection Scheduled': ['Inspection Completed'],
  'Inspection Completed': ['Permission To Operate'],
  'Permission To Operate': ['Removal & Re-install'],
  Cancellation: ['Retention'],
  'Removal & Re-install': ['Permission To Operate'],
};

export interface RankedStatus extends DealStatusOption {
  stage: string;
  suggested: boolean;
}

/**
 * Every status of the configuration, the suggested ones for `current` first (in the table's order),
 * then the rest in configuration order. The current status itself is left out.
 */
export function rankStatuses(
  config: readonly DealStage[],
  current: string | null | undefined,
): RankedStatus[] {
  const all: RankedStatus[] = config.flatMap((stage) =>
    stage.options.map((o) => ({ ...o, stage: stage.value, suggested: false })),
  );
  const now = current ?? '';
  const byValue = new Map(all.map((s) => [s.value, s]));
  const suggested = (STATUS_SUGGESTIONS[now] ?? [])
    .map((value) => byValue.get(value))
    .filter((s): s is RankedStatus => !!s && s.value !== now)
    .map((s) => ({ ...s, suggested: true }));
  const picked = new Set(suggested.map((s) => s.value));
  return [...suggested, ...all.filter((s) => !picked.has(s.value) && s.value !== now)];
}
