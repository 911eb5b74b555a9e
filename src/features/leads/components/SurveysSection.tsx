import { Anchor, Badge, Button, Group, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLeadSurveys, useSurveyTemplates } from '#src/device/hooks/useSurveys.ts';
import { formatDate } from '#src/domain/format.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { answeredCount, surveyFilledAt } from '#src/domain/surveys/index.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { RecordSection } from './RecordSection.tsx';

/**
 * The lead page's surveys: each filled survey with its day, template and revision (opening it
 * read-only), and a template to fill a new one from (offline too).
 */
export function SurveysSection({ leadId, actor }: { leadId: string; actor: Actor }) {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const surveys = useLeadSurveys(leadId);
  const templates = useSurveyTemplates();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const canFill = !recordDenial(actor, 'surveys', 'create', undefined);
  const choices = (templates ?? []).map((tpl) => ({
    value: tpl._id,
    label: tpl.name || t('surveys.unnamedTemplate'),
  }));

  return (
    <RecordSection
      title={t('surveys.section')}
      actions={
        canFill && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              size="xs"
              aria-label={t('surveys.chooseTemplate')}
              placeholder={choices.length ? t('surveys.chooseTemplate') : t('surveys.noTemplates')}
              data={choices}
              value={templateId}
              onChange={setTemplateId}
              disabled={!choices.length}
              w={170}
            />
            <Button
              size="xs"
              disabled={!templateId}
              onClick={() => templateId && navigate(`/contacts/${leadId}/surveys/new?template=${templateId}`)}
            >
              {t('surveys.fill')}
            </Button>
          </Group>
        )
      }
      records={surveys ?? []}
      list={{
        label: t('surveys.list'),
        empty: t('surveys.none'),
        item: (view) => {
          const name = view.templateName || t('surveys.unnamedTemplate');
          const date = formatDate(surveyFilledAt(view.row), shownLanguage());
          const counts = answeredCount(view.questions, view.row.responses ?? {});
          return (
            <Paper component="li" key={view.row._id} withBorder p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/surveys/${view.row._id}`}>
                  {t('surveys.summary', { date, template: name, revision: view.revision ?? '—' })}
                </Anchor>
                {view.row.pending && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('surveys.waiting')}
                  </Badge>
                )}
              </Group>
              {view.questions.length > 0 && (
                <Text size="sm" c="dimmed">
                  {t('surveys.answered', counts)}
                </Text>
              )}
            </Paper>
          );
        },
      }}
    />
  );
}
