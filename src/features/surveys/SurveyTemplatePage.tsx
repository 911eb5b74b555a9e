import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { can } from '#src/domain/permissions.ts';
import { QuestionEditor } from './components/QuestionEditor.tsx';
import { useTemplateBuilder } from './hooks/useTemplateBuilder.ts';

/**
 * `/survey-templates/:id` (or `new`): the template builder. Questions are added, typed, made
 * required, given options or a range and a condition on an earlier answer, moved and removed;
 * the template saves on the device and syncs, the server making each change of questions a new
 * revision.
 */
export function SurveyTemplatePage() {
  const { t } = useTranslation('surveys');
  const { id = 'new' } = useParams();
  const b = useTemplateBuilder(id);
  const title = b.isNew
    ? t('surveys.builder.newTitle')
    : t('surveys.builder.editTitle', { name: b.template?.name ?? '' });
  const back = (
    <Anchor component={Link} to="/survey-templates">
      {t('surveys.builder.back')}
    </Anchor>
  );
  if (!can(b.actor, 'settings.manage'))
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('surveys.builder.newTitle')}
        </Title>
        <Alert color="yellow">{t('surveys.builder.noAccess')}</Alert>
      </Stack>
    );
  if (b.template === null && !b.isNew)
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('surveys.builder.notFound')}
        </Title>
        {back}
      </Stack>
    );
  const { draft } = b;
  if (!draft) return null;
  return (
    <Stack maw={760} gap="md">
      {back}
      <Title order={1} size="h2">
        {title}
      </Title>
      {!b.isNew && b.template?.revision && (
        <Text size="sm" c="dimmed">
          {t('surveys.builder.revision', { revision: b.template.revision })}
        </Text>
      )}
      <TextInput
        label={t('surveys.builder.name')}
        required
        value={draft.name}
        error={b.problems.name}
        onChange={(e) => b.update({ name: e.currentTarget.value })}
      />
      <Textarea
        label={t('surveys.builder.description')}
        value={draft.description}
        autosize
        minRows={2}
        onChange={(e) => b.update({ description: e.currentTarget.value })}
      />
      <Checkbox
        label={t('surveys.builder.archived')}
        checked={draft.archived}
        onChange={(e) => b.update({ archived: e.currentTarget.checked })}
      />
      <Title order={2} size="h4">
        {t('surveys.builder.questions')}
      </Title>
      {draft.questions.length ? (
        <Stack
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('surveys.builder.questions')}
        >
          {draft.questions.map((q, index) => (
            <QuestionEditor
              key={q.id}
              question={q}
              index={index}
              count={draft.questions.length}
              earlier={draft.questions.slice(0, index)}
              errors={b.problems.byQuestion[index] ?? {}}
              onChange={(next) => b.changeQuestion(index, next)}
              onMove={(by) => b.moveQuestion(index, by)}
              onRemove={() => b.removeQuestion(index)}
            />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{t('surveys.builder.noQuestions')}</Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={b.addQuestion}>
          {t('surveys.builder.addQuestion')}
        </Button>
        <Button onClick={() => void b.save()} loading={b.saving}>
          {t('surveys.builder.save')}
        </Button>
      </Group>
    </Stack>
  );
}
