import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnswerField } from './components/AnswerField.tsx';
import { TemplateChoice } from './components/TemplateChoice.tsx';
import { useSurveyFill } from './hooks/useSurveyFill.ts';

/**
 * `/contacts/:leadId/surveys/new?template={id}&return={path}`: fills a survey on a lead, offline
 * too. Conditional questions come and go as answers change; the answers are checked by the shared
 * rules before the survey is kept and queued, each problem shown by its question. After saving it
 * goes to `return` (a path in the app), else back to the lead.
 */
export function SurveyFillPage() {
  const { t } = useTranslation('surveys');
  const f = useSurveyFill();
  if (f.lead === undefined || f.template === undefined) return null;
  if (!f.templateId && f.mayFill && f.lead && !f.lead.deleted_at)
    return (
      <TemplateChoice
        leadName={String(f.lead.name ?? '')}
        returnTo={f.returnTo}
        onChoose={f.chooseTemplate}
      />
    );
  const missing = !f.mayFill
    ? t('surveys.noPermission')
    : !f.lead || f.lead.deleted_at
      ? t('surveys.leadMissing')
      : !f.template
        ? t('surveys.templateMissing')
        : '';
  if (missing || !f.lead || !f.template)
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('surveys.fill')}
        </Title>
        <Alert color="yellow">{missing}</Alert>
        <Anchor component={Link} to={f.returnTo}>
          {t('surveys.backToLead')}
        </Anchor>
      </Stack>
    );
  const hasProblems = Object.keys(f.problems).length > 0;
  return (
    <Stack maw={640} gap="md">
      <Title order={1} size="h2">
        {f.template.name || t('surveys.unnamedTemplate')}
      </Title>
      <Text c="dimmed">{t('surveys.lead', { name: String(f.lead.name ?? '') })}</Text>
      {f.template.description ? <Text>{f.template.description}</Text> : null}
      {hasProblems && (
        <Alert color="red" role="alert">
          {t('surveys.fixAnswers')}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void f.save();
        }}
      >
        <Stack gap="md">
          {f.shown.map((q) => (
            <AnswerField
              key={q.id}
              question={q}
              value={f.answers[q.id]}
              error={f.errorOf(q.id)}
              leadId={f.leadId}
              onChange={(value) => f.answer(q.id, value)}
            />
          ))}
          <Group justify="flex-end">
            <Button component={Link} to={f.returnTo} variant="default">
              {t('surveys.cancel')}
            </Button>
            <Button type="submit" loading={f.saving}>
              {t('surveys.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
