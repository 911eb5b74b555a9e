import { Loader, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProposalLeads } from '#src/device/hooks/useProposals.ts';
import { useFieldError } from '../hooks/useFieldError.ts';
import type { Guide } from '../hooks/useGuide.ts';

/** Step 1: the lead the proposal is for, among those the user may write proposals for. */
export function LeadStep({ guide }: { guide: Guide }) {
  const { t } = useTranslation('proposals');
  const leads = useProposalLeads();
  const error = useFieldError(guide);
  if (!leads) return <Loader size="sm" aria-label={t('proposals.loading')} />;
  if (!leads.length) return <Text>{t('proposals.noLeads')}</Text>;
  return (
    <Select
      label={t('proposals.lead')}
      placeholder={t('proposals.leadPlaceholder')}
      data={leads}
      value={guide.draft.leadId || null}
      onChange={(value) => guide.change('leadId', value ?? '')}
      searchable
      limit={50}
      error={error('leadId')}
      withAsterisk
    />
  );
}
