import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSurvey } from '#src/device/hooks/useSurveys.ts';
import { formatDate } from '#src/domain/format.ts';
import { mediaContentPath } from '#src/domain/media.ts';
import { answeredCount, surveyFilledAt, visibleQuestions } from '#src/domain/surveys/index.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { answerText } from './utils/answerText.ts';

/**
 * `/surveys/:id`: a filled survey, read-only, with the questions of the revision it answered (the
 * copy the server keeps on the survey), whatever the template became since.
 */
export function SurveyPage() {
  const { t } = useTranslation('surveys');
  const { id = '' } = useParams();
  const view = useSurvey(id);
  if (view === undefined) return null;
  if (view === null)
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('surveys.notOnDevice')}
        </Title>
        <Anchor component={Link} to="/surveys">
          {t('tableLabels.titles.surveys')}
        </Anchor>
      </Stack>
    );
  const { row, questions } = view;
  const answers = row.responses ?? {};
  const counts = answeredCount(questions, answers);
  return (
    <Stack maw={760} gap="md">
      {row.lead_id && (
        <Anchor component={Link} to={`/contacts/${row.lead_id}`}>
          {t('surveys.backToLead')}
        </Anchor>
      )}
      <Title order={1} size="h2">
        {t('surveys.viewTitle', { name: view.templateName || t('surveys.unnamedTemplate') })}
      </Title>
      <Group gap="xs">
        {view.revision !== undefined && (
          <Badge variant="light">{t('surveys.revision', { revision: view.revision })}</Badge>
        )}
        {row.status === 'draft' && (
          <Badge color="gray" variant="light">
            {t('surveys.draft')}
          </Badge>
        )}
        {row.pending && (
          <Badge color="orange" variant="light">
            {t('surveys.waiting')}
          </Badge>
        )}
        <Text size="sm">
          {t('surveys.completedAt', { date: formatDate(surveyFilledAt(row), shownLanguage()) })}
        </Text>
        {questions.length > 0 && <Text size="sm">{t('surveys.answered', counts)}</Text>}
      </Group>
      <Title order={2} size="h4">
        {t('surveys.answers')}
      </Title>
      {questions.length === 0 && <Text c="dimmed">{t('surveys.questionsLater')}</Text>}
      <Stack component="dl" gap="xs" m={0}>
        {visibleQuestions(questions, answers).map((q) => {
          const value = answers[q.id];
          return (
            <Paper key={q.id} withBorder p="sm">
              <Text component="dt" fw={600}>
                {q.label}
              </Text>
              <Text component="dd" m={0}>
                {q.type === 'photo' && Array.isArray(value) && value.length ? (
                  <Group component="span" gap="xs">
                    {value.map((mediaId, i) => (
                      <Anchor
                        key={String(mediaId)}
                        href={mediaContentPath(String(mediaId))}
                        target="_blank"
                        rel="noopener"
                      >
                        {t('surveys.photoLink', { n: i + 1 })}
                      </Anchor>
                    ))}
                  </Group>
                ) : (
                  answerText(q, value, t)
                )}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
