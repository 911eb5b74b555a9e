import { Drawer, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import type { DisplayValue } from '../hooks/useDisplay.ts';

/** A row of a table without its own detail screen, every field read-only. */
export function RowDrawer({
  table,
  row,
  display,
  onClose,
}: {
  table: TableDefinition;
  row: TableRow | undefined;
  display: DisplayValue;
  onClose(): void;
}) {
  const { t } = useTranslation('tables');
  return (
    <Drawer
      opened={!!row}
      onClose={onClose}
      position="right"
      size="md"
      title={row ? String(row[table.titleField] || t('tables.untitled')) : ''}
    >
      {row && (
        <Table aria-label={t('tables.details')}>
          <Table.Tbody>
            {table.columns.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Th scope="row" w="40%">
                  {c.label}
                </Table.Th>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {display(c, row[c.key]) || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
