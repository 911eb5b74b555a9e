import { Badge, NativeSelect, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ColumnMapping, IMPORT_FIELD_KEYS, type ImportFieldKey } from '#src/domain/leadImport.ts';
import { fieldLabel } from '../utils/importMessages.ts';

/** Which lead field each column fills; any column's choice can be changed. */
export function ImportMapping({
  headers,
  mapping,
  sample,
  onChange,
}: {
  headers: string[];
  mapping: ColumnMapping;
  sample: string[] | undefined;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const { t } = useTranslation('leads');
  const options = [
    { value: '', label: t('leadImport.mapping.none') },
    ...IMPORT_FIELD_KEYS.map((key) => ({ value: key, label: fieldLabel(t, key) })),
  ];
  return (
    <>
      <Title order={3}>{t('leadImport.mapping.title')}</Title>
      <Table aria-label={t('leadImport.mapping.title')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('leadImport.mapping.column')}</Table.Th>
            <Table.Th>{t('leadImport.mapping.sample')}</Table.Th>
            <Table.Th>{t('leadImport.mapping.field')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {headers.map((header, column) => (
            // Columns are positional: the same name may appear twice.
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
            <Table.Tr key={column}>
              <Table.Td>
                {header}
                {mapping[column] ? null : (
                  <Badge ml="xs" size="xs" color="yellow" variant="light">
                    {t('leadImport.mapping.unrecognised')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{sample?.[column] ?? ''}</Table.Td>
              <Table.Td>
                <NativeSelect
                  size="xs"
                  aria-label={t('leadImport.mapping.fieldFor', { column: header || column + 1 })}
                  value={mapping[column] ?? ''}
                  data={options}
                  onChange={(e) => {
                    const next = [...mapping];
                    next[column] = (e.currentTarget.value || null) as ImportFieldKey | null;
                    onChange(next);
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
