import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useLeadAppointments } from '#src/device/hooks/useLeadRecords.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { formatDateTime } from '#src/domain/format.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useRecordSection } from '../hooks/useRecordSection.ts';
import { bookingStateOf } from '../utils/bookingState.ts';
import { AppointmentModal } from './AppointmentModal.tsx';
import { PendingBadge, RecordActions, RecordSection } from './RecordSection.tsx';

const when = (iso: unknown) => (typeof iso === 'string' ? formatDateTime(iso, shownLanguage()) : '');

/** The lead's appointments, soonest first; add, edit and delete. */
export function AppointmentsSection({ leadId, actor }: { leadId: string; actor: Actor }) {
  const { t } = useTranslation('leads');
  const { deleteRecord } = useCommands();
  const flow = useRecordSection<AppointmentRow>();
  const appointments = useLeadAppointments(leadId);
  const users = useUserNames();
  const canAdd = !recordDenial(actor, 'appointments', 'create', undefined);

  function item(a: AppointmentRow) {
    const start = when(a.start_time);
    const end = when(a.end_time);
    const mayChange = !recordDenial(actor, 'appointments', 'edit', {
      created_by: a.created_by || null,
    });
    return (
      <Paper component="li" key={a._id} withBorder p="sm" aria-label={start}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{end ? `${start} – ${end}` : start}</Text>
              <Badge variant="light">{a.appointment_type ?? ''}</Badge>
              {a.status ? <Badge variant="outline">{a.status}</Badge> : null}
              <PendingBadge pending={a.pending} />
            </Group>
            {a.user_id ? (
              <Text size="sm" c="dimmed">
                {t('leadDetail.appointments.assigned')}:{' '}
                {users?.get(a.user_id ?? '') || t('leadDetail.someone')}
              </Text>
            ) : null}
            <BookingLine appointment={a} names={users} />
            {a.notes ? <Text size="sm">{a.notes}</Text> : null}
          </Stack>
          {mayChange && (
            <RecordActions
              editLabel={t('leadDetail.appointments.editNamed', { when: start })}
              onEdit={() => flow.edit(a)}
              deleteLabel={t('leadDetail.appointments.delete')}
              onDelete={() => flow.askDelete(a)}
            />
          )}
        </Group>
      </Paper>
    );
  }

  return (
    <RecordSection
      title={t('leadDetail.sections.appointments')}
      action={canAdd && { label: t('leadDetail.appointments.add'), onClick: flow.add }}
      records={appointments ?? []}
      list={{ label: t('leadDetail.appointments.list'), empty: t('leadDetail.appointments.none'), item }}
      confirm={{
        title: t('leadDetail.appointments.delete'),
        question: t('leadDetail.appointments.confirmDelete'),
        record: flow.deleting,
        onClose: flow.closeDelete,
        onConfirm: (a) =>
          void flow.run(
            () => deleteRecord('appointments', a._id),
            'leads:leadDetail.appointments.deleted',
            'leads:leadDetail.appointments.deleteError',
          ),
      }}
    >
      <AppointmentModal
        leadId={leadId}
        userId={actor.user_id}
        appointment={flow.editing?.record}
        opened={!!flow.editing}
        onClose={flow.closeEditor}
      />
    </RecordSection>
  );
}

/** Where the booking stands for its setter: held until it syncs, or what the server did with it. */
function BookingLine({
  appointment,
  names,
}: {
  appointment: AppointmentRow;
  names: ReadonlyMap<string, string> | undefined;
}) {
  const { t } = useTranslation('leads');
  const state = bookingStateOf(appointment);
  if (!state) return null;
  const name = (id: string) => names?.get(id) || t('leadDetail.someone');
  if (state.kind === 'held')
    return <Text size="sm">{t('leadDetail.appointments.booking.held', { name: name(state.closer) })}</Text>;
  return (
    <Text size="sm" fw={500} role="status">
      {state.kind === 'reassigned'
        ? t('leadDetail.appointments.booking.reassigned', { asked: name(state.asked), to: name(state.to) })
        : t('leadDetail.appointments.booking.returned', { asked: name(state.asked) })}
    </Text>
  );
}
