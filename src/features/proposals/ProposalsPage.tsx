import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useProposalList } from '#src/device/hooks/useProposals.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { ProposalFiltersBar } from './components/ProposalFiltersBar.tsx';
import { ProposalTable } from './components/ProposalTable.tsx';
import { filterProposals, financersOf, type ProposalFilters } from './utils/filters.ts';

/**
 * `/proposals`: the proposals of the leads the user may see, from the device, filtered by status
 * and financer; a name opens the proposal in the lead guide to edit it, and each prints as a PDF.
 */
export function ProposalsPage() {
  const { t } = useTranslation('proposals');
  const items = useProposalList();
  const canAdd = !recordDenial(useActor(), 'proposals', 'create', undefined);
  const [filters, setFilters] = useState<ProposalFilters>({ status: null, financer: null });
  const financers = useMemo(() => financersOf(items ?? []), [items]);
  const shown = useMemo(() => filterProposals(items ?? [], filters), [items, filters]);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('proposals.title')}
        </Title>
        {canAdd ? (
          <Button component={Link} to="/proposal">
            {t('proposals.newProposal')}
          </Button>
        ) : null}
      </Group>
      <ProposalFiltersBar filters={filters} financers={financers} onChange={setFilters} />
      {!items ? (
        <Loader size="sm" aria-label={t('proposals.loading')} />
      ) : !items.length ? (
        <Text>{t('proposals.empty')}</Text>
      ) : shown.length ? (
        <ProposalTable items={shown} />
      ) : (
        <Text>{t('proposals.noMatch')}</Text>
      )}
    </Stack>
  );
}
