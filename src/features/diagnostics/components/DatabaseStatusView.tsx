import { Loader, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDatabaseStatus, useStorageEstimate } from '#src/device/hooks/useDiagnostics.ts';
import { formatFileSize } from '#src/domain/format.ts';
import { languageOf } from '../utils/diagnosticsViews.ts';
import { Facts } from './Facts.tsx';

/** `/dexie`: the device database's version, each table's rows, and the browser's storage estimate. */
export function DatabaseStatusView() {
  const { t, i18n } = useTranslation('diagnostics');
  const status = useDatabaseStatus();
  const storage = useStorageEstimate();
  const language = languageOf(i18n.language);
  if (!status) return <Loader size="sm" aria-label={t('diagnostics.loading')} />;
  const size = (bytes: number | undefined) => (bytes === undefined ? '—' : formatFileSize(bytes, language));
  return (
    <Stack gap="md">
      <Facts
        caption={t('diagnostics.database')}
        rows={[
          [t('diagnostics.databaseName'), status.name],
          [t('diagnostics.version'), String(status.version)],
          [
            t('diagnostics.storage'),
            storage === undefined
              ? t('diagnostics.loading')
              : storage === null
                ? t('diagnostics.storageUnknown')
                : t('diagnostics.storageUsed', { used: size(storage.usage), quota: size(storage.quota) }),
          ],
          [
            t('diagnostics.persisted'),
            storage?.persisted === undefined
              ? '—'
              : t(storage.persisted ? 'diagnostics.yes' : 'diagnostics.no'),
          ],
        ]}
      />
      <Table.ScrollContainer minWidth={280}>
        <Table captionSide="top" withTableBorder striped>
          <Table.Caption>{t('diagnostics.tablesCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('diagnostics.table')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('diagnostics.rows')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status.tables.map((table) => (
              <Table.Tr key={table.name}>
                <Table.Td>{table.name}</Table.Td>
                <Table.Td ta="end">{table.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
