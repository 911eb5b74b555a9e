import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TableKey } from '#src/domain/schemas/records.ts';
import { rowsComeAndGo, TABLES } from '#src/domain/tables/registry.ts';
import { useLocalizedTable } from '#src/ui/localizedTable.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import { useRecordsSection } from '../hooks/useRecordsSection.ts';
import type { RecordGroup } from '../utils/recordGroups.ts';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';

function GroupList({ group, path }: { group: RecordGroup; path: string }) {
  const { t } = useTranslation(['admin', 'records']);
  return (
    <Paper withBorder p="md">
      {group.group !== null && (
        <Title order={2} size="h4" mb="xs">
          {t('admin.settings.productGroup', { group: group.group })}
        </Title>
      )}
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {group.records.map((record) => (
          <Group component="li" key={record.id} gap="xs">
            <Anchor component={Link} to={`${path}/${record.id}`}>
              {record.name}
            </Anchor>
            {record.isDefault && (
              <Badge variant="light" color="teal">
                {t('admin.settings.defaultProduct')}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * A settings section of one registry table (teams, regions, products, sales channels,
 * organisations): its records, each opening its page, products in their groups.
 */
export function RecordsSection({ table: key }: { table: TableKey }) {
  const { t } = useTranslation(['admin', 'records']);
  const table = useLocalizedTable(TABLES[key]);
  const groups = useRecordsSection(key);
  return (
    <SettingsSectionFrame
      title={table.label}
      actions={
        rowsComeAndGo(key) && (
          <Button component={Link} to={`${table.path}/new`}>
            {t('admin.settings.add', {
              noun: t(`records:records.noun.${key}` as MessageKey<['admin', 'records']>),
            })}
          </Button>
        )
      }
    >
      {groups === undefined ? (
        <Loader size="sm" aria-label={t('records:records.loading')} />
      ) : groups.length === 0 ? (
        <Text>{t('admin.settings.empty')}</Text>
      ) : (
        groups.map((group) => <GroupList key={group.group ?? ''} group={group} path={table.path} />)
      )}
      <Anchor component={Link} to={table.path} size="sm">
        {t('admin.settings.openList', { list: table.label })}
      </Anchor>
    </SettingsSectionFrame>
  );
}
