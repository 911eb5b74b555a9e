import { Button, Group, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Actor, can } from '#src/domain/permissions.ts';
import {
  hasRecordPage,
  rowsComeAndGo,
  type TableDefinition,
  tablesForRole,
} from '#src/domain/tables/registry.ts';
import { localizedTable } from '#src/ui/localizedTable.ts';

/** The tabs of the tables the user may list, the screen's title and, on contacts, import and add. */
export function TableHeader({
  table,
  actor,
  label,
}: {
  table: TableDefinition;
  actor: Actor;
  label: string;
}) {
  const { t, i18n } = useTranslation(['tables', 'leads', 'records', 'surveys']);
  const navigate = useNavigate();
  const tabs = tablesForRole(actor).map((x) => localizedTable(x, i18n));
  return (
    <>
      <Tabs
        value={table.key}
        onChange={(key) => key && navigate(tabs.find((x) => x.key === key)?.path ?? '/')}
      >
        <Tabs.List aria-label={t('tables.tabs')}>
          {tabs.map((x) => (
            <Tabs.Tab key={x.key} value={x.key}>
              {x.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {label}
        </Title>
        {hasRecordPage(table.key) &&
          rowsComeAndGo(table.key) &&
          table.canCreate &&
          can(actor, table.canCreate) && (
            <Button component={Link} to={`${table.path}/new`}>
              {table.key === 'survey_templates'
                ? t('surveys:surveys.builder.newTemplate')
                : t('records:records.add')}
            </Button>
          )}
        {table.key === 'contacts' && can(actor, 'contacts.create') && (
          <Group gap="xs">
            <Button component={Link} to="/contacts/import" variant="default">
              {t('leads:leadImport.open')}
            </Button>
            <Button component={Link} to="/contacts/new">
              {t('contacts.add')}
            </Button>
          </Group>
        )}
      </Group>
    </>
  );
}
