/**
 * Workflow pins (SPEC section 3): the one-tap dispositions of the knock panel, one per status of
 * the deal-stage configuration, ordered by the suggestion table for the pin's current status.
 */
import type { DealStage } from './dealStages.ts';
import { rankStatuses } from './statusSuggestions.ts';

export interface WorkflowPin {
  id: string;
  name: string;
  /** The stage the status belongs to. */
  category: string;
  color: string;
  value: string;
  /** The lead field the pin sets. */
  property: string;
  icon: WorkflowIcon;
  suggested: boolean;
}

export type WorkflowIcon =
  | 'door'
  | 'x'
  | 'clock'
  | 'calendar'
  | 'trophy'
  | 'ban'
  | 'file'
  | 'home'
  | 'tool'
  | 'dot';

const ICONS: Record<string, WorkflowIcon> = {
  'Not Home 1': 'door',
  'Not Home 2': 'door',
  'Not Home 3': 'door',
  'Not Interested': 'x',
  'No Soliciting': 'ban',
  'Come Back': 'clock',
  'Appointment Set': 'calendar',
  'Needs Rescheduled': 'calendar',
  'Closed Won': 'trophy',
  'Contract Signed': 'file',
  Disqualified: 'ban',
  'DQ Property': 'ban',
};
const STAGE_ICONS: Record<string, WorkflowIcon> = { Customer: 'home', Service: 'tool' };

export function workflowPins(
  config: readonly DealStage[],
  currentStatus: string | null | undefined,
): WorkflowPin[] {
  return rankStatuses(config, currentStatus).map((s) => ({
    id: `${s.stage}:${s.value}`,
    name: s.label,
    category: s.stage,
    color: s.color,
    value: s.value,
    property: s.target_key || 'deal_stage_status',
    icon: ICONS[s.value] ?? STAGE_ICONS[s.stage] ?? 'dot',
    suggested: s.suggested,
  }));
}
