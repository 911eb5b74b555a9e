import { Button, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLeadSurveys } from '#src/device/hooks/useProposals.ts';
import type { Guide } from '../hooks/useGuide.ts';

/** Step 5: attach one of the lead's surveys, or go and fill one (it brings the user back here). */
export function SurveyStep({ guide }: { guide: Guide }) {
  const { t } = useTranslation('proposals');
  const { draft, change } = guide;
  const surveys = useLeadSurveys(draft.leadId) ?? [];
  const back = `/proposal?lead=${draft.leadId}`;
  return (
    <Stack>
      {surveys.length ? (
        <Radio.Group
          label={t('proposals.surveyChoice')}
          value={draft.surveyId}
          onChange={(value) => change('surveyId', value)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="" label={t('proposals.noSurvey')} />
            {surveys.map((s) => (
              <Radio
                key={s.id}
                value={s.id}
                label={t('proposals.surveyLabel', {
                  template: s.templateName || t('proposals.steps.survey'),
                  date: s.date,
                  count: s.answers.length,
                })}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text>{t('proposals.noSurveys')}</Text>
      )}
      <div>
        <Button
          component={Link}
          variant="light"
          to={`/contacts/${draft.leadId}/surveys/new?return=${encodeURIComponent(back)}`}
        >
          {t('proposals.fillSurvey')}
        </Button>
      </div>
    </Stack>
  );
}
