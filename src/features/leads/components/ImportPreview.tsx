import { Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sheetRow } from '#src/domain/leadImport.ts';

/** The first rows of the file as they are. */
export function ImportPreview({ headers, rows }: { headers: string[]; rows: string[][] }) {
  const { t } = useTranslation('leads');
  return (
    <>
      <Title order={3}>{t('leadImport.preview.title')}</Title>
      <Table.ScrollContainer minWidth={600}>
        <Table aria-label={t('leadImport.preview.label')} striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('leadImport.notImported.row')}</Table.Th>
              {headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                <Table.Th key={i}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file do not move
              <Table.Tr key={r}>
                <Table.Td>{sheetRow(r)}</Table.Td>
                {headers.map((_, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                  <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
