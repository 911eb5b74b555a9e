import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutboxStatus } from '#src/device/hooks/useDiagnostics.ts';
import { dateTimeOf, languageOf } from '../utils/diagnosticsViews.ts';

/** `/test`: the changes waiting to be sent (oldest first) and those the server refused. */
export function OutboxView() {
  const { t, i18n } = useTranslation('diagnostics');
  const status = useOutboxStatus();
  const language = languageOf(i18n.language);
  if (!status) return <Loader size="sm" aria-label={t('diagnostics.loading')} />;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('diagnostics.pending', { count: status.pendingCount })}
      </Title>
      {status.pending.length === 0 ? (
        <Text size="sm">{t('diagnostics.pendingNone')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table
            withTableBorder
            striped
            aria-label={t('diagnostics.pending', { count: status.pendingCount })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('diagnostics.number')}</Table.Th>
                <Table.Th scope="col">{t('diagnostics.change')}</Table.Th>
                <Table.Th scope="col">{t('diagnostics.record')}</Table.Th>
                <Table.Th scope="col">{t('diagnostics.made')}</Table.Th>
                <Table.Th scope="col">{t('diagnostics.acked')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {status.pending.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.id}</Table.Td>
                  <Table.Td>{entry.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{`${entry.table} ${entry.row_id}`}</Table.Td>
                  <Table.Td>{dateTimeOf(entry.created_at, language)}</Table.Td>
                  <Table.Td>{t(entry.acked ? 'diagnostics.yes' : 'diagnostics.no')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} size="h4">
        {t('diagnostics.rejected', { count: status.rejected.length })}
      </Title>
      {status.rejected.length === 0 ? (
        <Text size="sm">{t('diagnostics.rejectedNone')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table
            withTableBorder
            striped
            aria-label={t('diagnostics.rejected', { count: status.rejected.length })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('diagnostics.number')}</Table.Th>
                <Table.Th scope="col">{t('diagnostics.change')}</Table.Th>
                <Table.Th scope="col">{t('diagnostics.reason')}</Table.Th>
                <Table.Th scope="col">{t('diagnostics.made')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {status.rejected.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.id}</Table.Td>
                  <Table.Td>{entry.mutation.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.message}</Table.Td>
                  <Table.Td>{dateTimeOf(entry.rejected_at, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
