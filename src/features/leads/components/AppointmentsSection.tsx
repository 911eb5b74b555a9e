import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '../../../db/rows.ts';
import { useCommands } from '../../../device/hooks/useCommands.ts';
import { useLeadAppointments } from '../../../device/hooks/useLeadRecords.ts';
import { useUserNames } from '../../../device/hooks/useUsers.ts';
import type { Actor } from '../../../domain/permissions.ts';
import { recordDenial } from '../../../domain/recordRules.ts';
import { useFeedback } from '../hooks/useFeedback.ts';
import { text } from '../utils/text.ts';
import { AppointmentModal } from './AppointmentModal.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { Section } from './Section.tsx';

const when = (iso: unknown) =>
  typeof iso === 'string' && !Number.isNaN(Date.parse(iso))
    ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : '';

/** The lead's appointments, soonest first; add, edit and delete. */
export function AppointmentsSection({ leadId, actor }: { leadId: string; actor: Actor }) {
  const { t } = useTranslation();
  const { deleteRecord } = useCommands();
  const feedback = useFeedback();
  const appointments = useLeadAppointments(leadId);
  const users = useUserNames();
  const [editing, setEditing] = useState<{ appointment?: EntityRow } | undefined>();
  const [deleting, setDeleting] = useState<EntityRow | undefined>();
  const canAdd = !recordDenial(actor, 'appointments', 'create', undefined);

  async function remove(appointment: EntityRow) {
    try {
      await deleteRecord('appointments', appointment._id);
      feedback.done('leadDetail.appointments.deleted');
    } catch (err) {
      feedback.failed('leadDetail.appointments.deleteError', err);
    }
  }

  return (
    <Section
      title={t('leadDetail.sections.appointments')}
      actions={
        canAdd && (
          <Button size="xs" onClick={() => setEditing({})}>
            {t('leadDetail.appointments.add')}
          </Button>
        )
      }
    >
      {appointments?.length ? (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('leadDetail.appointments.list')}
        >
          {appointments.map((a) => {
            const start = when(a.start_time);
            const end = when(a.end_time);
            const mayChange = !recordDenial(actor, 'appointments', 'edit', {
              created_by: text(a.created_by) || null,
            });
            return (
              <Paper component="li" key={a._id} withBorder p="sm" aria-label={start}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{end ? `${start} – ${end}` : start}</Text>
                      <Badge variant="light">{text(a.appointment_type)}</Badge>
                      {a.status ? <Badge variant="outline">{text(a.status)}</Badge> : null}
                      {a.pending ? (
                        <Badge color="orange" variant="light" size="xs">
                          {t('leadDetail.notSynced')}
                        </Badge>
                      ) : null}
                    </Group>
                    {a.user_id ? (
                      <Text size="sm" c="dimmed">
                        {t('leadDetail.appointments.assigned')}:{' '}
                        {users?.get(text(a.user_id)) || t('leadDetail.someone')}
                      </Text>
                    ) : null}
                    {a.notes ? <Text size="sm">{text(a.notes)}</Text> : null}
                  </Stack>
                  {mayChange && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('leadDetail.appointments.editNamed', { when: start })}
                        onClick={() => setEditing({ appointment: a })}
                      >
                        ✎
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('leadDetail.appointments.delete')}
                        onClick={() => setDeleting(a)}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('leadDetail.appointments.none')}
        </Text>
      )}
      <AppointmentModal
        leadId={leadId}
        userId={actor.user_id}
        appointment={editing?.appointment}
        opened={!!editing}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDelete
        opened={!!deleting}
        title={t('leadDetail.appointments.delete')}
        question={t('leadDetail.appointments.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </Section>
  );
}
