/**
 * The editor's working copy of an automation and the blank trigger or action of each type, so a
 * change of type starts from fields the shared schemas accept.
 */
import type { AutomationRow } from '#src/device/hooks/useAutomations.ts';
import type {
  ActionType,
  AutomationAction,
  Conditions,
  Trigger,
  TriggerType,
} from '#src/domain/automations/schemas.ts';

export interface AutomationDraft {
  name: string;
  description: string;
  enabled: boolean;
  trigger: Trigger;
  conditions: Conditions;
  actions: AutomationAction[];
}

export function blankTrigger(type: TriggerType): Trigger {
  switch (type) {
    case 'status_changed':
      return { type, from: null, to: null };
    case 'field_changed':
      return { type, field: 'deal_stage' };
    case 'days_in_status':
      return { type, status: '', days: 3 };
    case 'date_reached':
      return { type, field: 'install_ready_date' };
    default:
      return { type } as Trigger;
  }
}

export function blankAction(type: ActionType): AutomationAction {
  switch (type) {
    case 'assign_round_robin':
      return { type, role: 'owner', team_id: '' };
    case 'set_field':
      return { type, field: 'utility_notes', value: '' };
    case 'change_status':
      return { type, status: '' };
    case 'create_note':
      return { type, subject: '', body: '' };
    case 'create_activity':
      return { type, message: '' };
    case 'notify':
      return { type, recipients: ['owner'], user_ids: [], title: '', message: '' };
    case 'webhook':
      return { type, endpoint_id: '' };
    case 'wait':
      return { type, minutes: 60 };
  }
}

export function draftOf(row: AutomationRow | undefined): AutomationDraft {
  return {
    name: row?.name ?? '',
    description: row?.description ?? '',
    enabled: row?.enabled ?? true,
    trigger: row?.trigger ?? blankTrigger('status_changed'),
    conditions: row?.conditions ?? { match: 'all', rules: [] },
    actions: row?.actions ?? [blankAction('notify')],
  };
}
