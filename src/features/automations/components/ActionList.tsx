import { ActionIcon, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { ACTION_TYPES, type ActionType, type AutomationAction } from '#src/domain/automations/schemas.ts';
import { canExportLeads } from '#src/domain/permissions.ts';
import type { WebhookEndpoint } from '../hooks/useWebhooks.ts';
import { blankAction } from '../utils/draft.ts';
import { ActionFields } from './ActionFields.tsx';

/**
 * The actions, run in this order: each with its type and fields; add and remove. Calling a webhook
 * is offered only to those who may send leads out of the app.
 */
export function ActionList({
  actions,
  statuses,
  endpoints,
  onChange,
}: {
  actions: AutomationAction[];
  statuses: string[];
  endpoints: WebhookEndpoint[] | undefined;
  onChange(actions: AutomationAction[]): void;
}) {
  const { t } = useTranslation('automations');
  const mayExport = canExportLeads(useActor());
  const set = (i: number, action: AutomationAction) =>
    onChange(actions.map((a, j) => (j === i ? action : a)));
  return (
    <Stack gap="sm">
      {actions.map((action, i) => {
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; their place is their order.
          <Paper withBorder p="sm" key={i}>
            <Stack gap="xs">
              <Group align="flex-end" justify="space-between" wrap="nowrap">
                <Select
                  style={{ flex: 1 }}
                  label={t('automations.actionType', { n })}
                  data={ACTION_TYPES.filter(
                    (type) => type !== 'webhook' || mayExport || action.type === 'webhook',
                  ).map((type) => ({
                    value: type,
                    label: t(`automations.actionTypes.${type}`),
                  }))}
                  value={action.type}
                  allowDeselect={false}
                  onChange={(v) => v && set(i, blankAction(v as ActionType))}
                  comboboxProps={{ withinPortal: false }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('automations.removeAction', { n })}
                  onClick={() => onChange(actions.filter((_, j) => j !== i))}
                >
                  ×
                </ActionIcon>
              </Group>
              <ActionFields
                action={action}
                statuses={statuses}
                endpoints={endpoints}
                onChange={(a) => set(i, a)}
              />
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button variant="light" onClick={() => onChange([...actions, blankAction('notify')])}>
          {t('automations.addAction')}
        </Button>
      </Group>
    </Stack>
  );
}
