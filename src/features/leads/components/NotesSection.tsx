import { Badge, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NoteRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useLeadNotes } from '#src/device/hooks/useLeadRecords.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { RichText } from '#src/ui/RichText.tsx';
import { timeAgo, useTimeAgoNow } from '#src/ui/timeAgo.ts';
import { useRecordSection } from '../hooks/useRecordSection.ts';
import { NoteModal } from './NoteModal.tsx';
import { PendingBadge, RecordActions, RecordSection } from './RecordSection.tsx';

/** The lead's notes, newest first, with their sanitised rich text; add, edit and delete. */
export function NotesSection({ leadId, actor }: { leadId: string; actor: Actor }) {
  const { t } = useTranslation('leads');
  const now = useTimeAgoNow();
  const { deleteRecord } = useCommands();
  const flow = useRecordSection<NoteRow>();
  const notes = useLeadNotes(leadId);
  const users = useUserNames();
  const canAdd = !recordDenial(actor, 'notes', 'create', undefined);

  function item(note: NoteRow) {
    const subject = note.subject ?? '';
    const mayChange = !recordDenial(actor, 'notes', 'edit', { created_by: note.created_by || null });
    const author = users?.get(note.created_by ?? '') || t('leadDetail.someone');
    const when = note.created_at ?? '';
    const named = subject || t('leadDetail.notes.body');
    return (
      <Paper component="li" key={note._id} withBorder p="sm" aria-label={named}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Badge variant="light" color={note.type === 'Appointment' ? 'grape' : 'blue'}>
              {t(`leadDetail.notes.types.${note.type || 'Lead'}`, { defaultValue: note.type ?? '' })}
            </Badge>
            {subject && <Text fw={600}>{subject}</Text>}
            <PendingBadge pending={note.pending} />
          </Group>
          {mayChange && (
            <RecordActions
              editLabel={t('leadDetail.notes.editNamed', { subject: named })}
              onEdit={() => flow.edit(note)}
              deleteLabel={t('leadDetail.notes.deleteNamed', { subject: named })}
              onDelete={() => flow.askDelete(note)}
            />
          )}
        </Group>
        <RichText
          html={note.body ?? ''}
          data-testid="note-body"
          fz="sm"
          mt={4}
          style={{ overflowWrap: 'anywhere' }}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t('leadDetail.notes.by', { who: author, when: when ? timeAgo(when, now) : '' })}
        </Text>
      </Paper>
    );
  }

  return (
    <RecordSection
      title={t('leadDetail.sections.notes')}
      action={canAdd && { label: t('leadDetail.notes.add'), onClick: flow.add }}
      records={notes ?? []}
      list={{ label: t('leadDetail.notes.list'), empty: t('leadDetail.notes.none'), item }}
      confirm={{
        title: t('leadDetail.notes.delete'),
        question: t('leadDetail.notes.confirmDelete'),
        record: flow.deleting,
        onClose: flow.closeDelete,
        onConfirm: (note) =>
          void flow.run(
            () => deleteRecord('notes', note._id),
            'leads:leadDetail.notes.deleted',
            'leads:leadDetail.notes.deleteError',
          ),
      }}
    >
      <NoteModal
        leadId={leadId}
        userId={actor.user_id}
        note={flow.editing?.record}
        opened={!!flow.editing}
        onClose={flow.closeEditor}
      />
    </RecordSection>
  );
}
