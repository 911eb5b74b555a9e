import { Alert, Button, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDealStageEditor } from '../hooks/useDealStageEditor.ts';
import { addStage } from '../utils/stageEditing.ts';
import { StageCard } from './StageCard.tsx';

/** Settings → deal stages: the org's stages and statuses, edited and saved for every device. */
export function DealStagesSection() {
  const { t } = useTranslation();
  const editor = useDealStageEditor();
  const { stages, problems, orphans } = editor;
  const [newStage, setNewStage] = useState('');

  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {t('admin.stages.title')}
      </Title>
      <Text size="sm">{t('admin.stages.explained')}</Text>
      {editor.error && (
        <Alert color="red" role="alert" title={t('admin.stages.notSaved')}>
          {editor.error}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="red" title={t('admin.stages.problems')}>
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {orphans.length > 0 && (
        <Alert color="red" title={t('admin.stages.orphansTitle')}>
          <List size="sm">
            {orphans.map((o) => (
              <List.Item key={o.status}>
                {t('admin.stages.orphan', { status: o.status, count: o.contacts })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {stages ? (
        <Stack
          gap="sm"
          component="ol"
          aria-label={t('admin.stages.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {stages.map((stage, i) => (
            <StageCard
              key={stage.value}
              stages={stages}
              index={i}
              contactsOn={editor.contactsOn}
              edit={editor.edit}
            />
          ))}
        </Stack>
      ) : (
        <Loader size="sm" aria-label={t('admin.loading')} />
      )}
      <form
        aria-label={t('admin.stages.addStage')}
        onSubmit={(e) => {
          e.preventDefault();
          if (!newStage.trim()) return;
          editor.edit((s) => addStage(s, newStage));
          setNewStage('');
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t('admin.stages.newStage')}
            value={newStage}
            onChange={(e) => setNewStage(e.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            {t('admin.stages.addStage')}
          </Button>
        </Group>
      </form>
      <Group justify="flex-end">
        <Button variant="default" onClick={editor.reset} disabled={!editor.changed}>
          {t('admin.stages.discard')}
        </Button>
        <Button
          onClick={() => void editor.save()}
          loading={editor.saving}
          disabled={!editor.changed || problems.length > 0 || orphans.length > 0}
        >
          {t('admin.stages.save')}
        </Button>
      </Group>
    </Stack>
  );
}
