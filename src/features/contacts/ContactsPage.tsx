import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPhone } from '../../domain/phone.ts';
import { useSync } from '../sync/SyncProvider.tsx';

/** The contacts on this device (the full data tables come with their own screen). */
export function ContactsPage() {
  const { t } = useTranslation();
  const { db } = useSync();
  const [query, setQuery] = useState('');
  const rows = useLiveQuery(async () => {
    const q = query.trim().toLowerCase();
    const all = db.contacts.orderBy('updated_at').reverse();
    const filtered = q
      ? all.filter((c) => `${c.name ?? ''} ${c.address ?? ''} ${c.phone ?? ''}`.toLowerCase().includes(q))
      : all;
    return filtered.limit(200).toArray();
  }, [db, query]);
  const total = useLiveQuery(() => db.contacts.count(), [db], 0);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('contacts.title')}</Title>
        <Button component={Link} to="/contacts/new">
          {t('contacts.add')}
        </Button>
      </Group>
      <TextInput
        label={t('contacts.search')}
        placeholder={t('common.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <Text size="sm" c="dimmed">
        {t('contacts.count', { shown: rows?.length ?? 0, total })}
      </Text>
      <Table striped highlightOnHover aria-label={t('contacts.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lead.name')}</Table.Th>
            <Table.Th>{t('lead.phone')}</Table.Th>
            <Table.Th>{t('lead.address')}</Table.Th>
            <Table.Th>{t('lead.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rows ?? []).map((c) => (
            <Table.Tr key={c._id}>
              <Table.Td>
                <Link to={`/contacts/${c._id}`}>{String(c.name || t('lead.unnamed'))}</Link>
                {c.pending ? (
                  <Badge ml="xs" size="xs" variant="light" color="gray">
                    {t('sync.notSynced')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{formatPhone(String(c.phone ?? ''))}</Table.Td>
              <Table.Td>{String(c.address ?? '')}</Table.Td>
              <Table.Td>{String(c.deal_stage_status || '')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
