import { Checkbox, Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type AutomationAction,
  NOTIFY_RECIPIENTS,
  type NotifyRecipient,
} from '#src/domain/automations/schemas.ts';
import { TeamSelector } from '#src/ui/selectors/TeamSelector.tsx';
import { UserSelector } from '#src/ui/selectors/UserSelector.tsx';
import type { WebhookEndpoint } from '../hooks/useWebhooks.ts';

interface Props {
  action: AutomationAction;
  statuses: string[];
  endpoints: WebhookEndpoint[] | undefined;
  onChange(action: AutomationAction): void;
}

/** The fields of one action, by its type. */
export function ActionFields({ action, statuses, endpoints, onChange }: Props) {
  const { t } = useTranslation('automations');
  switch (action.type) {
    case 'assign_round_robin':
      return (
        <Group grow align="flex-start">
          <Select
            label={t('automations.role')}
            data={(['owner', 'energy_consultant'] as const).map((r) => ({
              value: r,
              label: t(`automations.roles.${r}`),
            }))}
            value={action.role}
            allowDeselect={false}
            onChange={(v) => v && onChange({ ...action, role: v as 'owner' | 'energy_consultant' })}
            comboboxProps={{ withinPortal: false }}
          />
          <TeamSelector
            label={t('automations.team')}
            value={action.team_id || null}
            onChange={(v) => onChange({ ...action, team_id: v ?? '' })}
          />
        </Group>
      );
    case 'set_field':
      return (
        <Group grow align="flex-start">
          <TextInput
            label={t('automations.field')}
            value={action.field}
            onChange={(e) => onChange({ ...action, field: e.currentTarget.value })}
          />
          <TextInput
            label={t('automations.value')}
            value={action.value === null ? '' : String(action.value)}
            onChange={(e) => onChange({ ...action, value: e.currentTarget.value })}
          />
        </Group>
      );
    case 'change_status':
      return (
        <Select
          label={t('automations.status')}
          data={statuses}
          value={action.status || null}
          searchable
          onChange={(v) => onChange({ ...action, status: v ?? '' })}
          comboboxProps={{ withinPortal: false }}
        />
      );
    case 'create_note':
      return (
        <Stack gap="xs">
          <TextInput
            label={t('automations.subject')}
            value={action.subject}
            onChange={(e) => onChange({ ...action, subject: e.currentTarget.value })}
          />
          <Textarea
            label={t('automations.body')}
            value={action.body}
            onChange={(e) => onChange({ ...action, body: e.currentTarget.value })}
          />
        </Stack>
      );
    case 'create_activity':
      return (
        <TextInput
          label={t('automations.activityMessage')}
          value={action.message}
          onChange={(e) => onChange({ ...action, message: e.currentTarget.value })}
        />
      );
    case 'notify':
      return (
        <Stack gap="xs">
          <Checkbox.Group
            label={t('automations.recipients')}
            value={action.recipients}
            onChange={(v) => onChange({ ...action, recipients: v as NotifyRecipient[] })}
          >
            <Group mt={4}>
              {NOTIFY_RECIPIENTS.map((r) => (
                <Checkbox key={r} value={r} label={t(`automations.recipientTypes.${r}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <UserSelector
            multiple
            label={t('automations.people')}
            value={action.user_ids}
            onChange={(user_ids) => onChange({ ...action, user_ids })}
          />
          <TextInput
            label={t('automations.notifyTitle')}
            value={action.title}
            onChange={(e) => onChange({ ...action, title: e.currentTarget.value })}
          />
          <TextInput
            label={t('automations.notifyMessage')}
            value={action.message}
            onChange={(e) => onChange({ ...action, message: e.currentTarget.value })}
          />
        </Stack>
      );
    case 'webhook':
      return (
        <Select
          label={t('automations.endpoint')}
          description={endpoints && !endpoints.length ? t('automations.noEndpoints') : undefined}
          data={(endpoints ?? []).map((e) => ({ value: e._id, label: e.name || e.url }))}
          value={action.endpoint_id || null}
          onChange={(v) => onChange({ ...action, endpoint_id: v ?? '' })}
          comboboxProps={{ withinPortal: false }}
        />
      );
    case 'wait':
      return (
        <NumberInput
          label={t('automations.minutes')}
          min={1}
          value={action.minutes}
          onChange={(v) => onChange({ ...action, minutes: Number(v) || 1 })}
        />
      );
  }
}
