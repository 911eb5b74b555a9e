import { Alert, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#src/domain/format.ts';
import type { ErrorLogWire, SessionWire } from '#src/domain/schemas/logging.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useRepSessions } from '../hooks/useRepSessions.ts';

const when = (iso: string | null) => (iso ? formatDateTime(iso, shownLanguage()) : '—');

/** What an error log says, in one line: its message when it has one. */
function errorText(log: unknown): string {
  if (log && typeof log === 'object' && 'message' in log)
    return String((log as { message: unknown }).message);
  return log === null || log === undefined ? '' : JSON.stringify(log).slice(0, 200);
}

/** On the user page: the person's app sessions and the errors their devices reported (online only). */
export function UserSessionsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const state = useRepSessions(userId);
  if (state.kind === 'hidden') return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-sessions-title">
      <Title order={2} size="h4" mb="sm" id="user-sessions-title">
        {t('sessionLog.title')}
      </Title>
      {state.kind === 'offline' && <Text size="sm">{t('sessionLog.offline')}</Text>}
      {state.kind === 'loading' && <Loader size="sm" aria-label={t('sessionLog.loading')} />}
      {state.kind === 'failed' && (
        <Alert color="red" title={t('sessionLog.failed')}>
          {state.message}
        </Alert>
      )}
      {state.kind === 'ready' && <SessionLists sessions={state.sessions} errors={state.errors} />}
    </Paper>
  );
}

function SessionLists({ sessions, errors }: { sessions: SessionWire[]; errors: ErrorLogWire[] }) {
  const { t } = useTranslation('users');
  return (
    <Stack gap="md">
      {sessions.length ? (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('sessionLog.sessions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('sessionLog.started')}</Table.Th>
                <Table.Th scope="col">{t('sessionLog.lastSeen')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.map((s) => (
                <Table.Tr key={s._id}>
                  <Table.Td>{when(s.start_time)}</Table.Td>
                  <Table.Td>{when(s.end_time)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">{t('sessionLog.noSessions')}</Text>
      )}
      <Title order={3} size="h5">
        {t('sessionLog.errors')}
      </Title>
      {errors.length ? (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('sessionLog.errors')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('sessionLog.reported')}</Table.Th>
                <Table.Th scope="col">{t('sessionLog.event')}</Table.Th>
                <Table.Th scope="col">{t('sessionLog.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map((e) => (
                <Table.Tr key={e._id}>
                  <Table.Td>{when(e.received_at)}</Table.Td>
                  <Table.Td>{e.code ? `${e.event} (${e.code})` : e.event}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{errorText(e.log)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">{t('sessionLog.noErrors')}</Text>
      )}
    </Stack>
  );
}
