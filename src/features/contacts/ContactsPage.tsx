import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EntityRow } from '../../db/database.ts';
import { DEFAULT_DEAL_STAGES, type DealStage } from '../../domain/dealStages.ts';
import { formatPhone } from '../../domain/phone.ts';
import { localDealStages } from '../../sync/localDealStages.ts';
import { editLead } from '../../sync/outbox.ts';
import { useSync } from '../sync/SyncProvider.tsx';

type StatusData = ReturnType<typeof statusOptions>;

/** The contacts on this device (the full data tables come with their own screen). */
export function ContactsPage() {
  const { t } = useTranslation();
  const { db, afterWrite } = useSync();
  const [query, setQuery] = useState('');
  const stages = useLiveQuery(() => localDealStages(db), [db], DEFAULT_DEAL_STAGES);
  const statusData = useMemo(() => statusOptions(stages), [stages]);
  const queryRuns = useRef(0);
  const result = useLiveQuery(async () => {
    const run = ++queryRuns.current;
    const q = query.trim().toLowerCase();
    const all = db.contacts.orderBy('updated_at').reverse();
    const filtered = q
      ? all.filter((c) => `${c.name ?? ''} ${c.address ?? ''} ${c.phone ?? ''}`.toLowerCase().includes(q))
      : all;
    return { run, rows: await filtered.limit(200).toArray() };
  }, [db, query]);
  // Rows this screen just wrote (and the device committed) show at once, until a query that
  // started after the write brings them itself.
  const [written, setWritten] = useState<{ beforeRun: number; rows: Record<string, EntityRow> }>({
    beforeRun: 0,
    rows: {},
  });
  const rows = useMemo(() => {
    if (!result || result.run > written.beforeRun) return result?.rows;
    return result.rows.map((r) => written.rows[r._id] ?? r);
  }, [result, written]);
  const total = useLiveQuery(() => db.contacts.count(), [db], 0);

  // A status change from the list lands on the device at once and syncs when it can.
  const changeStatus = useCallback(
    async (id: string, status: string) => {
      try {
        const row = await editLead(db, id, { deal_stage_status: status });
        const committedAfterRun = queryRuns.current;
        if (row) {
          setWritten((w) => ({
            beforeRun: committedAfterRun,
            rows: { ...(w.beforeRun === committedAfterRun ? w.rows : {}), [id]: row },
          }));
        }
        afterWrite();
      } catch (err) {
        notifications.show({
          color: 'red',
          title: t('toast.contactError'),
          message: err instanceof Error ? err.message : String(err),
        });
      }
    },
    [db, afterWrite, t],
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('contacts.title')}</Title>
        <Group gap="xs">
          <Button component={Link} to="/contacts/import" variant="default">
            {t('leadImport.open')}
          </Button>
          <Button component={Link} to="/contacts/new">
            {t('contacts.add')}
          </Button>
        </Group>
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
            <ContactRow key={c._id} contact={c} statusData={statusData} onStatus={changeStatus} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

const SHOWN_FIELDS = ['name', 'phone', 'address', 'deal_stage_status', 'pending'] as const;

/**
 * One row. The live query hands back fresh objects after every write, so rows compare what they
 * show: a change re-renders only its own row.
 */
const ContactRow = memo(
  function ContactRow({
    contact: c,
    statusData,
    onStatus,
  }: {
    contact: EntityRow;
    statusData: StatusData;
    onStatus: (id: string, status: string) => void;
  }) {
    const { t } = useTranslation();
    const name = String(c.name || t('lead.unnamed'));
    const status = String(c.deal_stage_status || '');
    return (
      <Table.Tr data-id={c._id}>
        <Table.Td>
          <Link to={`/contacts/${c._id}`}>{name}</Link>
          {c.pending ? (
            <Badge ml="xs" size="xs" variant="light" color="gray">
              {t('sync.notSynced')}
            </Badge>
          ) : null}
        </Table.Td>
        <Table.Td>{formatPhone(String(c.phone ?? ''))}</Table.Td>
        <Table.Td>{String(c.address ?? '')}</Table.Td>
        <Table.Td>
          <NativeSelect
            size="xs"
            aria-label={t('contacts.statusOf', { name })}
            value={status}
            data={withValue(statusData, status)}
            onChange={(e) => onStatus(c._id, e.currentTarget.value)}
          />
        </Table.Td>
      </Table.Tr>
    );
  },
  (a, b) =>
    a.statusData === b.statusData &&
    a.onStatus === b.onStatus &&
    SHOWN_FIELDS.every((key) => a.contact[key] === b.contact[key]),
);

/** Statuses grouped by stage, with an empty choice for leads that have none yet. */
function statusOptions(stages: DealStage[]) {
  return [
    { value: '', label: '—' },
    ...stages.map((stage) => ({
      group: stage.label,
      items: stage.options.map((o) => ({ value: o.value, label: o.label })),
    })),
  ];
}

/** A status no longer in the configuration (e.g. a legacy one) still shows as the current value. */
function withValue(data: StatusData, value: string): StatusData {
  const known = data.some((d) =>
    'items' in d ? d.items.some((o) => o.value === value) : (d as { value: string }).value === value,
  );
  return known ? data : [...data, { value, label: value }];
}
