import { Anchor, Badge, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DEFAULT_PRODUCT_ID } from '#src/domain/roles.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { useDisplay } from '../tables/index.ts';
import { RecordForm } from './components/RecordForm.tsx';
import { TeamSections } from './components/TeamSections.tsx';
import { useRecordPage } from './hooks/useRecordPage.ts';
import type { RecordPageTable } from './utils/recordForm.ts';

/**
 * `/teams/{id}`, `/products/{id}`, `/sales-channels/{id}`, `/orgs/{id}` (and `…/new`): one record,
 * its fields and changes; a team's page also shows its people and pipeline.
 */
export function RecordPage({ table: tableKey }: { table: RecordPageTable }) {
  const { t } = useTranslation(['records', 'admin', 'tables']);
  const { id = 'new' } = useParams();
  const page = useRecordPage(tableKey, id);
  const display = useDisplay();
  const [deleting, setDeleting] = useState(false);
  const { table, row, creating } = page;

  if (!creating && row === undefined) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {table.label}
        </Title>
        <Loader size="sm" aria-label={t('records.loading')} />
        <Anchor component={Link} to={table.path}>
          {t('records.backTo', { list: table.label })}
        </Anchor>
      </Stack>
    );
  }
  const title = creating
    ? t('records.new', { noun: page.noun })
    : String(row?.[table.titleField] || t('tables:tables.untitled'));

  return (
    <Stack>
      <Anchor component={Link} to={table.path} size="sm">
        {t('records.backTo', { list: table.label })}
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      {tableKey === 'products' && row?.legacy_id === DEFAULT_PRODUCT_ID && (
        <Badge variant="light" color="teal" w="fit-content">
          {t('admin:admin.settings.defaultProduct')}
        </Badge>
      )}
      {page.mayChange && (!creating || page.mayAddOrDelete) ? (
        <RecordForm
          key={row ? String(row._id) : 'new'}
          columns={page.columns}
          initial={page.before}
          label={t('records.formOf', { noun: page.noun })}
          onSave={page.save}
          choices={page.choices}
          extra={
            !creating &&
            page.mayAddOrDelete && (
              <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
                {t('records.delete', { noun: page.noun })}
              </Button>
            )
          }
        />
      ) : (
        creating && <Text>{t('records.cannotAdd', { noun: page.noun })}</Text>
      )}
      {row && (
        <Table aria-label={t('tables:tables.details')} maw={720}>
          <Table.Tbody>
            {table.columns.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Th scope="row" w="40%">
                  {c.label}
                </Table.Th>
                <Table.Td>{display(c, row[c.key]) || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {tableKey === 'teams' && row && <TeamSections teamId={String(row._id)} />}
      <ConfirmDialog
        opened={deleting}
        title={t('records.deleteTitle', { title })}
        message={t('records.deleteExplained')}
        confirmLabel={t('records.confirmDelete')}
        onClose={() => setDeleting(false)}
        onConfirm={() => void page.remove()}
      />
    </Stack>
  );
}
