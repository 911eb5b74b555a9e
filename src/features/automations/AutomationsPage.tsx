import { Alert, Anchor, Button, Group, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readData } from '#src/api/appClient.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useAutomationList } from '#src/device/hooks/useAutomations.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import { dateFormat } from '#src/domain/format.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { RunsAs } from './components/RunsAs.tsx';
import { useAutomationActions } from './hooks/useAutomationActions.ts';

interface LastRun {
  automation_id: string;
  status: string;
  started_at: string;
}

/**
 * `/automations` (and Settings → Automations): the org's automations with their switch and last
 * run; admins open one to edit it and read its run log, or make a new one.
 */
export function AutomationsPage() {
  const { t } = useTranslation('automations');
  const actor = useActor();
  const rows = useAutomationList();
  const actions = useAutomationActions();
  const allowed = !recordDenial(actor, 'automations', 'create', undefined);
  const lastRuns = useServerData(
    'automation-runs',
    () => readData<LastRun[]>('/api/v2/automations/runs/latest'),
    {
      enabled: allowed,
    },
  ).data;
  const lastOf = new Map((lastRuns ?? []).map((r) => [r.automation_id, r]));
  const when = dateFormat(shownLanguage(), { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('automations.title')}
        </Title>
        {allowed && (
          <Button component={Link} to="/automations/create">
            {t('automations.new')}
          </Button>
        )}
      </Group>
      {!allowed ? (
        <Alert color="yellow">{t('automations.noAccess')}</Alert>
      ) : !rows ? (
        <Group>
          <Loader size="sm" />
          <Text>{t('automations.loading')}</Text>
        </Group>
      ) : !rows.length ? (
        <Text>{t('automations.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('automations.name')}</Table.Th>
                <Table.Th>{t('automations.enabled')}</Table.Th>
                <Table.Th>{t('automations.lastRun')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const last = lastOf.get(row._id);
                const name = row.name ?? '';
                return (
                  <Table.Tr key={row._id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/settings/automations/${row._id}`}>
                        {name}
                      </Anchor>
                      {row.trigger && <Text size="sm">{t(`automations.triggers.${row.trigger.type}`)}</Text>}
                      <RunsAs userId={row.created_by} />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('automations.enabledFor', { name })}
                        checked={row.enabled !== false}
                        onChange={(e) => void actions.toggle(row._id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {last ? (
                        <Group gap="xs">
                          <Text span fw={700} size="sm">
                            {t(`automations.runStatuses.${last.status}`, { defaultValue: last.status })}
                          </Text>
                          <Text size="sm">{when.format(new Date(last.started_at))}</Text>
                        </Group>
                      ) : (
                        <Text size="sm">{t('automations.never')}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
