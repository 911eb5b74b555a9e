/**
 * The deal pipeline (SPEC section 4): stages with their statuses, in the spec's configuration shape,
 * and the rules for moving between them. Choosing a stage sets its first status; choosing a status
 * of another stage moves the lead to that stage. Statuses are not restricted.
 */

export interface DealStatusOption {
  label: string;
  value: string;
  color: string;
  is_editable: boolean;
  target_key: string;
  group: string;
}

export interface DealStage {
  label: string;
  value: string;
  is_stage: boolean;
  color: string;
  options: DealStatusOption[];
}

const stage = (label: string, color: string, statuses: [string, string][]): DealStage => ({
  label,
  value: label,
  is_stage: true,
  color,
  options: statuses.map(([status, statusColor]) => ({
    label: status,
    value: status,
    color: statusColor,
    is_editable: true,
    target_key: 'deal_stage_status',
    group: label,
  })),
});

/** The built-in stages, used until an org saves its own and whenever loading the saved one fails. */
/** The status that means the system is installed (the 'lead_installed' activity, installs on boards). */
export const INSTALLED_STATUS = 'Installation Completed';

export const DEFAULT_DEAL_STAGES: DealStage[] = [
  stage('Contact', '#868e96', [
    ['Prospect', '#74c0fc'],
    ['Not Home 1', '#ffe066'],
    ['Not Home 2', '#fcc419'],
    ['Not Home 3', '#f59f00'],
    ['Not Interested', '#fa5252'],
    ['No Soliciting', '#c92a2a'],
    ['Come Back', '#845ef7'],
    ['Disqualified', '#495057'],
    ['Renter', '#adb5bd'],
    ['Moving', '#ced4da'],
    ['For Sale', '#e599f7'],
    ['Already Has Solar', '#20c997'],
    ['Older Customer', '#0ca678'],
  ]),
  stage('Lead', '#fd7e14', [
    ['Appointment Set', '#1c7ed6'],
    ['Follow Up', '#4dabf7'],
    ['Needs Rescheduled', '#ffa94d'],
    ['Ghosted Appointment', '#e8590c'],
    ['DQ Property', '#5c940d'],
    ['Failed Credit', '#d6336c'],
    ['Closed Lost', '#e03131'],
    ['Closed Won', '#2f9e44'],
  ]),
  stage('Customer', '#2b8a3e', [
    ['Contract Signed', '#37b24d'],
    ['CRC', '#40c057'],
    ['Engineering Design Sent', '#69db7c'],
    ['Engineering Design Completed', '#8ce99a'],
    ['Retention', '#f783ac'],
    ['Permit Sent', '#3bc9db'],
    ['Permit Ready', '#22b8cf'],
    ['Permit Received', '#15aabf'],
    ['Install Ready', '#1098ad'],
    ['Installation Scheduled', '#0b7285'],
    ['Installation Completed', '#087f5b'],
    ['Inspection Scheduled', '#66a80f'],
    ['Inspection Completed', '#5c940d'],
    ['Permission To Operate', '#2b8a3e'],
    ['Cancellation', '#a61e4d'],
  ]),
  stage('Service', '#5f3dc4', [['Removal & Re-install', '#7048e8']]),
];

/** A structural check for a configuration that was validated when it was saved (e.g. pulled). */
export function isDealStageList(value: unknown): value is DealStage[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (s) =>
        s &&
        typeof s === 'object' &&
        typeof (s as DealStage).value === 'string' &&
        Array.isArray((s as DealStage).options) &&
        (s as DealStage).options.every((o) => o && typeof o.value === 'string'),
    )
  );
}

export interface DealPosition {
  deal_stage: string | null;
  deal_stage_status: string;
}

export function stageOfStatus(config: readonly DealStage[], status: string): DealStage | undefined {
  return config.find((s) => s.options.some((o) => o.value === status));
}

export function firstStatusOfStage(config: readonly DealStage[], stageValue: string): string {
  return config.find((s) => s.value === stageValue)?.options[0]?.value ?? '';
}

/** Choosing a stage sets the status to that stage's first option. */
export function applyStageChange(
  config: readonly DealStage[],
  current: DealPosition,
  newStage: string,
): DealPosition {
  if (current.deal_stage === newStage) return current;
  return { deal_stage: newStage, deal_stage_status: firstStatusOfStage(config, newStage) };
}

/** Choosing a status that belongs to another stage moves the lead to that stage. */
export function applyStatusChange(
  config: readonly DealStage[],
  current: DealPosition,
  newStatus: string,
): DealPosition {
  const owner = stageOfStatus(config, newStatus);
  return { deal_stage: owner ? owner.value : current.deal_stage, deal_stage_status: newStatus };
}

const FALLBACK_COLOR = '#868e96';

export function statusColor(config: readonly DealStage[], status: string | null | undefined): string {
  if (!status) return FALLBACK_COLOR;
  for (const s of config) {
    const option = s.options.find((o) => o.value === status);
    if (option) return option.color;
  }
  return FALLBACK_COLOR;
}
