import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '#src/db/rows.ts';
import { editorHtmlToRichText } from '#src/domain/announcements.ts';
import { ANNOUNCEMENT_CATEGORIES, type AnnouncementCategory } from '#src/domain/schemas/records.ts';
import { useAnnouncementActions } from '../hooks/useAnnouncementActions.ts';
import { announcementChanges, type Draft, draftOf, draftProblems } from '../utils/draft.ts';
import { ContentEditor } from './ContentEditor.tsx';
import { FilesField } from './FilesField.tsx';

/** Creates an announcement (`announcement` undefined) or edits one; admins only. */
export function AnnouncementForm({
  announcement,
  onClose,
}: {
  announcement: AnnouncementRow | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('announcements');
  const actions = useAnnouncementActions();
  const [initial] = useState(() => draftOf(announcement, new Date()));
  const [draft, setDraft] = useState<Draft>(initial);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = checked ? draftProblems(draft) : {};
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(draftProblems(draft)).length) return;
    setSaving(true);
    const content = editorHtmlToRichText(draft.content);
    const kept = await actions.save(
      announcement,
      announcementChanges({ ...draft, content }, initial, announcement, new Date()),
    );
    setSaving(false);
    if (kept) onClose();
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={announcement ? t('announcements.edit') : t('announcements.new')}
    >
      <Stack component="form" onSubmit={submit}>
        <TextInput
          label={t('announcements.titleField')}
          withAsterisk
          maxLength={200}
          value={draft.title}
          error={problems.title && t('announcements.titleRequired')}
          onChange={(e) => set({ title: e.currentTarget.value })}
        />
        <Group grow align="flex-start">
          <Select
            label={t('announcements.category')}
            data={ANNOUNCEMENT_CATEGORIES.map((c) => ({
              value: c,
              label: t(`announcements.categories.${c}`),
            }))}
            value={draft.category}
            allowDeselect={false}
            onChange={(v) => v && set({ category: v as AnnouncementCategory })}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            type="date"
            label={t('announcements.date')}
            value={draft.day}
            onChange={(e) => set({ day: e.currentTarget.value })}
          />
        </Group>
        <ContentEditor initial={initial.content} onChange={(content) => set({ content })} />
        <Group grow align="flex-start">
          <TextInput
            type="url"
            label={t('announcements.linkUrl')}
            description={t('announcements.addressHint')}
            value={draft.linkUrl}
            error={problems.linkUrl && t('announcements.addressInvalid')}
            onChange={(e) => set({ linkUrl: e.currentTarget.value })}
          />
          <TextInput
            label={t('announcements.linkButton')}
            maxLength={80}
            value={draft.linkButton}
            error={problems.linkButton && t('announcements.buttonRequired')}
            onChange={(e) => set({ linkButton: e.currentTarget.value })}
          />
        </Group>
        <TextInput
          type="url"
          label={t('announcements.imageUrl')}
          description={t('announcements.addressHint')}
          value={draft.imageUrl}
          error={problems.imageUrl && t('announcements.addressInvalid')}
          onChange={(e) => set({ imageUrl: e.currentTarget.value })}
        />
        <FilesField files={draft.files} problems={problems.files} onChange={(files) => set({ files })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
