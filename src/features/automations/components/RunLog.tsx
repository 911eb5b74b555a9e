import { Alert, Anchor, Button, Group, List, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import { dateFormat } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { runWords } from '../utils/runWords.ts';

interface RunStep {
  index: number;
  type: string;
  status: string;
  result?: string;
  text_key?: string;
  text_params?: unknown;
  error?: string;
  attempts?: number;
}

interface AutomationRun {
  _id: string;
  status: string;
  record_table: string | null;
  record_id: string | null;
  record_name?: string | null;
  steps: RunStep[];
  error: string | null;
  error_key?: string | null;
  error_params?: unknown;
  started_at: string;
}

/** An automation's runs, newest first, read from the server: when, which record, each action's result. */
export function RunLog({ automationId }: { automationId: string }) {
  const { t } = useTranslation('automations');
  const read = useServerData(automationId, () =>
    readData<AutomationRun[]>(`/api/v2/automations/${automationId}/runs`),
  );
  const when = dateFormat(shownLanguage(), { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <section aria-labelledby="run-log-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="run-log-title">
          {t('automations.runLog')}
        </Title>
        {!read.offline && (
          <Button variant="default" size="xs" onClick={read.reload}>
            {t('automations.refresh')}
          </Button>
        )}
      </Group>
      {read.offline ? (
        <Alert color="yellow">{t('automations.runLogOffline')}</Alert>
      ) : read.error !== undefined ? (
        <Alert color="red">{t('automations.runLogError')}</Alert>
      ) : !read.data ? null : !read.data.length ? (
        <Text>{t('automations.runLogEmpty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('automations.runWhen')}</Table.Th>
                <Table.Th>{t('automations.runRecord')}</Table.Th>
                <Table.Th>{t('automations.runStatus')}</Table.Th>
                <Table.Th>{t('automations.runSteps')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {read.data.map((run) => (
                <Table.Tr key={run._id}>
                  <Table.Td>{when.format(new Date(run.started_at))}</Table.Td>
                  <Table.Td>
                    {run.record_table === 'contacts' && run.record_id ? (
                      <Anchor component={Link} to={`/contacts/${run.record_id}`}>
                        {run.record_name || run.record_id.slice(0, 8)}
                      </Anchor>
                    ) : (
                      (run.record_id?.slice(0, 8) ?? '')
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text span fw={700} size="sm">
                      {t(`automations.runStatuses.${run.status}`, { defaultValue: run.status })}
                    </Text>
                    {run.error && (
                      <Text size="sm">
                        {t('automations.runError')}: {runWords(t, run.error_key, run.error_params, run.error)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <List size="sm">
                      {run.steps.map((step) => (
                        <List.Item key={step.index}>
                          {t(`automations.actionTypes.${step.type}`, { defaultValue: step.type })}:{' '}
                          {step.status === 'ok'
                            ? runWords(t, step.text_key, step.text_params, step.result ?? '')
                            : (step.error ?? step.status)}
                        </List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
