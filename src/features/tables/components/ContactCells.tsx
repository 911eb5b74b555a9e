import { Badge } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DealStage } from '#src/domain/dealStages.ts';
import { cellSelectStyle } from '../utils/dataTableParts.ts';

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

/**
 * The status of a lead, changed in place (lands on the device at once and syncs when it can).
 * Until the select is first touched or focused it holds only the current status: a screen of
 * rows would otherwise build every status of every row, most of the grid's elements. The rest
 * are in before the select opens (a pointer press or focus comes first).
 */
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
  const [touched, setTouched] = useState(false);
  const touch = () => setTouched(true);
  return (
    <select
      style={disabled ? { ...cellSelectStyle, opacity: 0.6, cursor: 'not-allowed' } : cellSelectStyle}
      aria-label={t('contacts.statusOf', { name: name || t('leads:lead.unnamed') })}
      value={status}
      disabled={disabled}
      onPointerDown={touch}
      onFocus={touch}
      onChange={(e) => onStatus(id, e.currentTarget.value)}
    >
      {(touched ? withValue(statusData, status) : [currentChoice(statusData, status)]).map((choice) =>
        'items' in choice ? (
          <optgroup key={`group:${choice.group}`} label={choice.group}>
            {choice.items.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ) : (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ),
      )}
    </select>
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

/** The configured choice of a status, if any. */
function configuredChoice(data: StatusData, value: string): { value: string; label: string } | undefined {
  for (const d of data) {
    const found = 'items' in d ? d.items.find((o) => o.value === value) : d.value === value ? d : undefined;
    if (found) return found;
  }
  return undefined;
}

/** A status no longer in the configuration (e.g. a legacy one) still shows as the current value. */
function withValue(data: StatusData, value: string): StatusData {
  return configuredChoice(data, value) ? data : [...data, { value, label: value }];
}

/** The choice showing a status (its label), or the status itself when it is not configured. */
function currentChoice(data: StatusData, value: string): { value: string; label: string } {
  return configuredChoice(data, value) ?? { value, label: value };
}
