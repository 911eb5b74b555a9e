import { Accordion, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AnnouncementRow } from '#src/db/rows.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { ANNOUNCEMENT_CATEGORIES, type AnnouncementCategory } from '#src/domain/schemas/records.ts';
import { AnnouncementItem } from './components/AnnouncementItem.tsx';
import { DeleteAnnouncement } from './components/DeleteAnnouncement.tsx';
import { useAnnouncementActions } from './hooks/useAnnouncementActions.ts';
import { useAnnouncementFeed } from './hooks/useAnnouncementFeed.ts';

// The editor is for admins only: its code loads when the form first opens.
const AnnouncementForm = lazy(() =>
  import('./components/AnnouncementForm.tsx').then((m) => ({ default: m.AnnouncementForm })),
);

/**
 * `/update`: the org's announcements newest first, by category; unread ones marked until opened
 * (kept on this device for this user). Admins create, edit and delete them through the record
 * commands, so it all works offline and syncs.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const actor = useActor();
  const actions = useAnnouncementActions();
  const [category, setCategory] = useState<AnnouncementCategory | null>(null);
  const [opened, setOpened] = useState<string[]>([]);
  const [editing, setEditing] = useState<AnnouncementRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementRow>();
  const feed = useAnnouncementFeed(category);
  const canManage = !recordDenial(actor, 'announcements', 'create', undefined);

  function open(values: string[]) {
    setOpened(values);
    void feed.markRead(values.filter((id) => !opened.includes(id)));
  }

  // A notification opens its announcement: `/update?open={id}` shows it opened, read and in view.
  const [params] = useSearchParams();
  const target = params.get('open');
  const targetShown = !!target && feed.shown.some((row) => row._id === target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per announcement asked for
  useEffect(() => {
    if (!target || !targetShown) return;
    if (!opened.includes(target)) open([...opened, target]);
    document.getElementById(`announcement-${target}`)?.scrollIntoView({ block: 'start' });
  }, [target, targetShown]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('announcements.title')}
        </Title>
        {canManage && <Button onClick={() => setEditing('new')}>{t('announcements.new')}</Button>}
      </Group>
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('announcements.category')}
          data={[
            { value: '', label: t('announcements.allCategories') },
            ...ANNOUNCEMENT_CATEGORIES.map((c) => ({ value: c, label: t(`announcements.categories.${c}`) })),
          ]}
          value={category ?? ''}
          allowDeselect={false}
          onChange={(v) => setCategory((v || null) as AnnouncementCategory | null)}
          w={220}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {feed.unread ? t('announcements.unreadCount', { count: feed.unread }) : t('announcements.allRead')}
        </Text>
      </Group>
      {feed.loading ? (
        <Group>
          <Loader size="sm" />
          <Text>{t('announcements.loading')}</Text>
        </Group>
      ) : feed.shown.length ? (
        <Accordion
          multiple
          value={opened}
          onChange={open}
          variant="separated"
          order={2}
          aria-label={t('announcements.list')}
        >
          {feed.shown.map((row) => (
            <AnnouncementItem
              key={row._id}
              row={row}
              unread={feed.isUnread(row._id)}
              author={feed.authorOf(row.author_id ?? row.created_by) || t('announcements.someone')}
              manage={
                canManage ? { onEdit: () => setEditing(row), onDelete: () => setDeleting(row) } : undefined
              }
            />
          ))}
        </Accordion>
      ) : (
        <Text c="dimmed">{feed.any ? t('announcements.emptyCategory') : t('announcements.empty')}</Text>
      )}
      {editing && (
        <Suspense fallback={<Loader size="sm" aria-label={t('announcements.editorLoading')} />}>
          <AnnouncementForm
            key={editing === 'new' ? 'new' : editing._id}
            announcement={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <DeleteAnnouncement
        row={deleting}
        onClose={() => setDeleting(undefined)}
        onConfirm={(row) => void actions.remove(row)}
      />
    </Stack>
  );
}
