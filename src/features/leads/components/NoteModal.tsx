import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { NOTE_TYPES } from '#src/domain/schemas/records.ts';
import { toastDone, toastFailed } from '#src/ui/toasts.tsx';

type NoteType = (typeof NOTE_TYPES)[number];

/** Adds a note to a lead, or edits one (`note` given). The body may hold the allowed tags. */
export function NoteModal({
  leadId,
  userId,
  note,
  opened,
  onClose,
}: {
  leadId: string;
  userId: string;
  note: NoteRow | undefined;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('leads');
  const { saveRecord } = useCommands();
  const [type, setType] = useState<NoteType>('Lead');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [missingBody, setMissingBody] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setType(note?.type && NOTE_TYPES.includes(note.type) ? note.type : 'Lead');
    setSubject(note?.subject ?? '');
    setBody(note?.body ?? '');
    setMissingBody(false);
  }, [opened, note]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) {
      setMissingBody(true);
      return;
    }
    const fields = { lead_id: leadId, type, subject: subject.trim(), body };
    try {
      await saveRecord('notes', note?._id, fields, userId);
      toastDone(note ? 'leads:leadDetail.notes.edited' : 'leads:leadDetail.notes.added');
      onClose();
    } catch (err) {
      toastFailed(note ? 'leads:leadDetail.notes.editError' : 'leads:leadDetail.notes.addError', err);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={note ? t('leadDetail.notes.edit') : t('leadDetail.notes.add')}
      centered
    >
      <Stack component="form" onSubmit={submit}>
        <Select
          label={t('leadDetail.notes.type')}
          data={NOTE_TYPES.map((v) => ({ value: v, label: t(`leadDetail.notes.types.${v}`) }))}
          value={type}
          allowDeselect={false}
          onChange={(v) => v && setType(v as NoteType)}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label={t('leadDetail.notes.subject')}
          value={subject}
          maxLength={200}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Textarea
          label={t('leadDetail.notes.body')}
          description={t('leadDetail.notes.bodyHint')}
          autosize
          minRows={4}
          value={body}
          error={missingBody ? t('leadDetail.notes.bodyRequired') : undefined}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
