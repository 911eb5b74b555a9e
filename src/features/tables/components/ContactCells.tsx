import { Badge, NativeSelect } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DealStage } from '#src/domain/dealStages.ts';

export type StatusData = ReturnType<typeof statusOptions>;

/** A lead's name as a link to its detail, marked while its changes are not synced. */
export const ContactNameCell = memo(function ContactNameCell({
  id,
  name,
  pending,
}: {
  id: string;
  name: string;
  pending: boolean;
}) {
  const { t } = useTranslation(['tables', 'leads', 'sync']);
  return (
    <>
      <Link to={`/contacts/${id}`}>{name || t('leads:lead.unnamed')}</Link>
      {pending ? (
        <Badge ml="xs" size="xs" variant="light" color="gray">
          {t('sync:sync.notSynced')}
        </Badge>
      ) : null}
    </>
  );
});

/** The status of a lead, changed in place (lands on the device at once and syncs when it can). */
export const ContactStatusCell = memo(function ContactStatusCell({
  id,
  name,
  status,
  statusData,
  disabled,
  onStatus,
}: {
  id: string;
  name: string;
  status: string;
  statusData: StatusData;
  disabled: boolean;
  onStatus(id: string, status: string): void;
}) {
  const { t } = useTranslation(['tables', 'leads', 'sync']);
  return (
    <NativeSelect
      size="xs"
      aria-label={t('contacts.statusOf', { name: name || t('leads:lead.unnamed') })}
      value={status}
      disabled={disabled}
      data={withValue(statusData, status)}
      onChange={(e) => onStatus(id, e.currentTarget.value)}
    />
  );
});

/** Statuses grouped by stage, with an empty choice for leads that have none yet. */
export function statusOptions(stages: DealStage[]) {
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
