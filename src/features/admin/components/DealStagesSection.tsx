import { Alert, Button, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDealStageEditor } from '../hooks/useDealStageEditor.ts';
import { addStage, placeStage } from '../utils/stageEditing.ts';
import { OrphanMover } from './OrphanMover.tsx';
import { SortableList } from './SortableList.tsx';
import { StageCard } from './StageCard.tsx';
import { SuggestionPreview } from './SuggestionPreview.tsx';

/** Settings → deal stages: the org's stages and statuses, edited and saved for every device. */
export function DealStagesSection() {
  const { t } = useTranslation('admin');
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
      {orphans.length > 0 && <OrphanMover orphans={orphans} targets={editor.moveTargets} />}
      {stages ? (
        <Stack
          gap="sm"
          component="ol"
          aria-label={t('admin.stages.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          <SortableList
            ids={stages.map((s) => s.value)}
            labels={new Map(stages.map((s) => [s.value, s.label]))}
            onMove={(from, to) => editor.edit((s) => placeStage(s, from, to))}
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
          </SortableList>
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
      {stages && <SuggestionPreview stages={stages} />}
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
