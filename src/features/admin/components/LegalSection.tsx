import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#src/ui/RichText.tsx';
import { type TermsDraft, useTermsEditor } from '../hooks/useTermsEditor.ts';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';

/** Settings → legal: the terms in force, and publishing a new version everyone then accepts. */
export function LegalSection() {
  const { t } = useTranslation('admin');
  const editor = useTermsEditor();
  const [draft, setDraft] = useState<TermsDraft>({ version: '', title: '', content: '' });
  const [error, setError] = useState<string>();
  const set = (patch: Partial<TermsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const { current } = editor;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reason = await editor.publish(draft);
    setError(reason);
    if (!reason) setDraft({ version: '', title: '', content: '' });
  }

  return (
    <SettingsSectionFrame title={t('admin.legal.title')}>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('admin.legal.inForce')}
        </Title>
        {current === undefined ? (
          <Loader size="sm" aria-label={t('admin.legal.loading')} />
        ) : current === null ? (
          <Text>{t('admin.legal.none')}</Text>
        ) : (
          <Stack gap="xs">
            <Text fw={600}>
              {current.title} · {t('admin.legal.version', { version: current.version })}
            </Text>
            <RichText html={current.content} mah={240} style={{ overflowY: 'auto' }} />
          </Stack>
        )}
      </Paper>
      <form onSubmit={(e) => void submit(e)} aria-label={t('admin.legal.publishTitle')}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('admin.legal.publishTitle')}
          </Title>
          <Text size="sm">{t('admin.legal.explained')}</Text>
          {error && (
            <Alert color="red" role="alert" title={t('admin.legal.notPublished')}>
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin.legal.versionLabel')}
            required
            value={draft.version}
            onChange={(e) => set({ version: e.currentTarget.value })}
          />
          <TextInput
            label={t('admin.legal.titleLabel')}
            required
            value={draft.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
          />
          <Textarea
            label={t('admin.legal.contentLabel')}
            description={t('admin.legal.contentHelp')}
            required
            autosize
            minRows={6}
            value={draft.content}
            onChange={(e) => set({ content: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={editor.saving}>
              {t('admin.legal.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSectionFrame>
  );
}
