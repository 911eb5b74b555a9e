import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import type { CalendarEntry } from '#src/device/hooks/useAppointments.ts';
import { canKeepCalendarFeed } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { AppointmentEditor } from './components/AppointmentEditor.tsx';
import { CalendarFeedSection } from './components/CalendarFeedSection.tsx';
import { CalendarToolbar } from './components/CalendarToolbar.tsx';
import { MonthGrid } from './components/MonthGrid.tsx';
import { TimeGrid } from './components/TimeGrid.tsx';
import type { EditorTarget } from './hooks/useAppointmentForm.ts';
import { useCalendarEntries } from './hooks/useCalendarEntries.ts';
import { useCalendarState } from './hooks/useCalendarState.ts';
import { useReschedule } from './hooks/useReschedule.ts';

/**
 * `/appointment`: the appointments the user may see (their own, their team's for a manager, the
 * org's for an admin) on a day, week or month calendar, read from the device so it works offline.
 * Drag one to another day or hour to reschedule it (or change its date in its editor); double
 * bookings of a rep are flagged in words. Below, the user's own calendar feed, for those who may keep
 * one.
 */
export function AppointmentsPage() {
  const { t } = useTranslation('appointments');
  const actor = useActor();
  const state = useCalendarState();
  const view = useCalendarEntries(state.mode, state.day, state.filters);
  const reschedule = useReschedule();
  const [editing, setEditing] = useState<EditorTarget | undefined>();
  const canAdd = !recordDenial(actor, 'appointments', 'create', undefined);
  // Dropped where the pointer is (not where most of the event's box is). A few pixels of movement before a drag starts, so a click still opens the editor.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const onDragEnd = (event: DragEndEvent) => {
    const entry = event.active.data.current?.entry as CalendarEntry | undefined;
    const target = event.over?.data.current as { day: string; hour?: number } | undefined;
    if (entry && target) void reschedule(entry.appointment, target.day, target.hour);
  };
  const body = {
    days: view.days,
    byDay: view.byDay,
    flagged: view.flagged,
    canMove: (entry: CalendarEntry) =>
      !recordDenial(actor, 'appointments', 'edit', {
        created_by: entry.appointment.created_by ? String(entry.appointment.created_by) : null,
      }),
    onOpen: (entry: CalendarEntry) => setEditing({ appointment: entry.appointment }),
    onNew: canAdd ? (day: string, hour?: number) => setEditing({ day, hour }) : undefined,
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('appointments.title')}
      </Title>
      <Anchor component={Link} to="/appointment/day">
        {t('myDay.open')}
      </Anchor>
      <CalendarToolbar
        state={state}
        first={view.range.first}
        last={view.range.last}
        onNew={canAdd ? () => setEditing({ day: state.day }) : undefined}
      />
      {view.flaggedShown > 0 ? (
        <Alert color="red" title={t('appointments.doubleBooked')}>
          {t('appointments.doubleBookings', { count: view.flaggedShown })}
        </Alert>
      ) : null}
      <Text size="sm">{t('appointments.dragHint')}</Text>
      <section aria-label={t('appointments.calendar', { from: view.range.first, to: view.range.last })}>
        {view.loading ? (
          <Loader aria-label={t('appointments.reading')} />
        ) : (
          <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
            {state.mode === 'month' ? (
              <MonthGrid {...body} month={state.day.slice(0, 7)} />
            ) : (
              <TimeGrid {...body} />
            )}
          </DndContext>
        )}
        {!view.loading && view.total === 0 ? <Text mt="sm">{t('appointments.none')}</Text> : null}
      </section>
      {canKeepCalendarFeed(actor) ? <CalendarFeedSection /> : null}
      <AppointmentEditor target={editing} me={actor.user_id} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}
