import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROPOSAL_STATUSES } from '#src/domain/proposals/index.ts';
import type { ProposalFilters } from '../utils/filters.ts';

/** Status and financer filters of the proposals list. */
export function ProposalFiltersBar({
  filters,
  financers,
  onChange,
}: {
  filters: ProposalFilters;
  financers: string[];
  onChange(filters: ProposalFilters): void;
}) {
  const { t } = useTranslation('proposals');
  return (
    <Group role="group" aria-label={t('proposals.filters')} align="flex-end" wrap="wrap">
      <Select
        label={t('proposals.filterStatus')}
        placeholder={t('proposals.any')}
        data={PROPOSAL_STATUSES.map((s) => ({ value: s, label: t(`proposals.statuses.${s}`) }))}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
        clearable
        miw={180}
      />
      <Select
        label={t('proposals.filterFinancer')}
        placeholder={t('proposals.any')}
        data={financers}
        value={filters.financer}
        onChange={(financer) => onChange({ ...filters, financer })}
        clearable
        searchable
        miw={180}
      />
    </Group>
  );
}
