import { Alert, Button, Loader, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '#src/device/hooks/useUsers.ts';
import { formatDateTime } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useDeletedLeads } from './hooks/useDeletedLeads.ts';

/** `/admin/deleted-leads`: the org's deleted leads, newest delete first, each with Restore (admins). */
export function DeletedLeadsPage() {
  const { t } = useTranslation('leads');
  const [query, setQuery] = useState('');
  const deleted = useDeletedLeads(query);
  const users = useUsers();
  const nameOf = (id: string | null) =>
    users.find((user) => user._id === id)?.name ?? t('leadDelete.page.unknownUser');
  const error = deleted.restoreError ?? deleted.error;
  return (
    <Stack maw={1100} gap="md">
      <Title order={1} size="h2">
        {t('leadDelete.page.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('leadDelete.page.intro')}
      </Text>
      <TextInput
        size="xs"
        type="search"
        maw={320}
        label={t('leadDelete.page.search')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {deleted.offline && <Alert color="yellow">{t('leadDelete.page.offline')}</Alert>}
      {error && !deleted.offline && <Alert color="red">{error}</Alert>}
      {deleted.loading && !deleted.data && <Loader size="sm" />}
      {deleted.data?.length === 0 && <Text size="sm">{t('leadDelete.page.none')}</Text>}
      {!!deleted.data?.length && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('leadDelete.page.name')}</Table.Th>
              <Table.Th>{t('leadDelete.page.address')}</Table.Th>
              <Table.Th>{t('leadDelete.page.deletedAt')}</Table.Th>
              <Table.Th>{t('leadDelete.page.deletedBy')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('leadDelete.page.restore')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deleted.data.map((lead) => {
              const name = lead.name || t('lead.unnamed');
              return (
                <Table.Tr key={lead._id}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{lead.address ?? ''}</Table.Td>
                  <Table.Td>{formatDateTime(lead.deleted_at, shownLanguage())}</Table.Td>
                  <Table.Td>{nameOf(lead.deleted_by)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t('leadDelete.page.restoreOne', { name })}
                      loading={deleted.restoring}
                      onClick={() => void deleted.restore(lead._id)}
                    >
                      {t('leadDelete.page.restore')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
