import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '../../../db/rows.ts';
import { useCommands } from '../../../device/hooks/useCommands.ts';
import { useLeadNotes } from '../../../device/hooks/useLeadRecords.ts';
import { useUserNames } from '../../../device/hooks/useUsers.ts';
import type { Actor } from '../../../domain/permissions.ts';
import { recordDenial } from '../../../domain/recordRules.ts';
import { RichText } from '../../../ui/RichText.tsx';
import { timeAgo } from '../../../ui/timeAgo.ts';
import { useFeedback } from '../hooks/useFeedback.ts';
import { text } from '../utils/text.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { NoteModal } from './NoteModal.tsx';
import { Section } from './Section.tsx';

/** The lead's notes, newest first, with their sanitised rich text; add, edit and delete. */
export function NotesSection({ leadId, actor }: { leadId: string; actor: Actor }) {
  const { t } = useTranslation();
  const { deleteRecord } = useCommands();
  const feedback = useFeedback();
  const notes = useLeadNotes(leadId);
  const users = useUserNames();
  const [editing, setEditing] = useState<{ note?: EntityRow } | undefined>();
  const [deleting, setDeleting] = useState<EntityRow | undefined>();
  const canAdd = !recordDenial(actor, 'notes', 'create', undefined);

  async function remove(note: EntityRow) {
    try {
      await deleteRecord('notes', note._id);
      feedback.done('leadDetail.notes.deleted');
    } catch (err) {
      feedback.failed('leadDetail.notes.deleteError', err);
    }
  }

  return (
    <Section
      title={t('leadDetail.sections.notes')}
      actions={
        canAdd && (
          <Button size="xs" onClick={() => setEditing({})}>
            {t('leadDetail.notes.add')}
          </Button>
        )
      }
    >
      {notes?.length ? (
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('leadDetail.notes.list')}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {notes.map((note) => {
            const subject = text(note.subject);
            const mayChange = !recordDenial(actor, 'notes', 'edit', {
              created_by: text(note.created_by) || null,
            });
            const author = users?.get(text(note.created_by)) || t('leadDetail.someone');
            const when = text(note.created_at);
            return (
              <Paper
                component="li"
                key={note._id}
                withBorder
                p="sm"
                aria-label={subject || t('leadDetail.notes.body')}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="xs">
                    <Badge variant="light" color={note.type === 'Appointment' ? 'grape' : 'blue'}>
                      {t(`leadDetail.notes.types.${text(note.type) || 'Lead'}`, {
                        defaultValue: text(note.type),
                      })}
                    </Badge>
                    {subject && <Text fw={600}>{subject}</Text>}
                    {note.pending ? (
                      <Badge color="orange" variant="light" size="xs">
                        {t('leadDetail.notSynced')}
                      </Badge>
                    ) : null}
                  </Group>
                  {mayChange && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('leadDetail.notes.editNamed', {
                          subject: subject || t('leadDetail.notes.body'),
                        })}
                        onClick={() => setEditing({ note })}
                      >
                        ✎
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('leadDetail.notes.deleteNamed', {
                          subject: subject || t('leadDetail.notes.body'),
                        })}
                        onClick={() => setDeleting(note)}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
                <RichText
                  html={text(note.body)}
                  data-testid="note-body"
                  fz="sm"
                  mt={4}
                  style={{ overflowWrap: 'anywhere' }}
                />
                <Text size="xs" c="dimmed" mt={4}>
                  {t('leadDetail.notes.by', { who: author, when: when ? timeAgo(when) : '' })}
                </Text>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('leadDetail.notes.none')}
        </Text>
      )}
      <NoteModal
        leadId={leadId}
        userId={actor.user_id}
        note={editing?.note}
        opened={!!editing}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDelete
        opened={!!deleting}
        title={t('leadDetail.notes.delete')}
        question={t('leadDetail.notes.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </Section>
  );
}
