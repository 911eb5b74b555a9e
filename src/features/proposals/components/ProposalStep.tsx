import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeadSurveys } from '#src/device/hooks/useProposals.ts';
import { formatNumber } from '#src/domain/format.ts';
import { PROPOSAL_STATUSES } from '#src/domain/proposals/index.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import { useFieldError } from '../hooks/useFieldError.ts';
import type { Guide } from '../hooks/useGuide.ts';
import { sizeOf } from '../utils/draft.ts';

/** Step 6: the proposal itself (name, date, status) with a summary of the earlier steps. */
export function ProposalStep({ guide }: { guide: Guide }) {
  const { t } = useTranslation('proposals');
  const { draft, change } = guide;
  const error = useFieldError(guide);
  const size = sizeOf(draft);
  const survey = useLeadSurveys(draft.leadId)?.find((s) => s.id === draft.surveyId);
  const summary = [
    size ? `${t('proposals.panels')}: ${size.panels}` : '',
    size
      ? `${t('proposals.systemKw')}: ${t('proposals.kw', { value: formatNumber(size.systemKw, shownLanguage()) })}`
      : '',
    draft.financer ? `${t('proposals.financer')}: ${draft.financer}` : '',
    draft.option
      ? `${t('proposals.option')}: ${t(`proposals.options.${draft.option}` as MessageKey<'proposals'>)}`
      : '',
    draft.amount ? `${t('proposals.amount')}: ${draft.amount}` : '',
    survey
      ? `${t('proposals.steps.survey')}: ${t('proposals.surveyLabel', {
          template: survey.templateName || t('proposals.steps.survey'),
          date: survey.date,
          count: survey.answers.length,
        })}`
      : '',
  ].filter(Boolean);
  return (
    <Stack>
      <TextInput
        label={t('proposals.name')}
        value={draft.name}
        onChange={(e) => change('name', e.currentTarget.value)}
        error={error('name')}
        withAsterisk
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label={t('proposals.date')}
          value={draft.date}
          onChange={(e) => change('date', e.currentTarget.value)}
          error={error('date')}
          withAsterisk
          miw={160}
        />
        <Select
          label={t('proposals.status')}
          data={PROPOSAL_STATUSES.map((s) => ({ value: s, label: t(`proposals.statuses.${s}`) }))}
          value={draft.status || null}
          onChange={(value) => change('status', value ?? '')}
          error={error('status')}
          allowDeselect={false}
          withAsterisk
          miw={160}
        />
      </Group>
      {draft.status === 'Won' && <Text size="sm">{t('proposals.wonNote')}</Text>}
      {summary.length > 0 && (
        <section aria-label={t('proposals.summary')}>
          <Text fw={600}>{t('proposals.summary')}</Text>
          <Text size="sm">{summary.join(' · ')}</Text>
        </section>
      )}
    </Stack>
  );
}
