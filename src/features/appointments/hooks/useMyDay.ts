import { useMemo, useState } from 'react';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useAppointmentsBetween } from '#src/device/hooks/useAppointments.ts';
import { useKnockPosition } from '#src/device/hooks/useKnockPosition.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { visibleRange } from '#src/domain/appointmentCalendar.ts';
import { isAppointmentOf, planDay } from '#src/domain/dayPlan.ts';
import type { LatLng } from '#src/domain/knocks.ts';
import { addDays, dayKeyOfDate } from '#src/domain/tables/calendar.ts';

/** Where the rep was found, and when; `missing` when the device could not say. */
type Here = { state: 'idle' | 'locating' | 'missing' } | { state: 'found'; position: LatLng; at: number };

/**
 * 'My day': one person's appointments of one day from the device (today and the signed-in user by
 * default), planned in time order with their legs; optionally measured from where the rep is now.
 */
export function useMyDay() {
  const actor = useActor();
  const [day, setDay] = useState(() => dayKeyOfDate(new Date()));
  const [chosen, setPerson] = useState<string | undefined>();
  const person = chosen ?? actor.user_id;
  const [here, setHere] = useState<Here>({ state: 'idle' });
  const locate = useKnockPosition();
  const range = useMemo(() => visibleRange('day', day), [day]);
  const entries = useAppointmentsBetween(range.from, range.to);
  const names = useUserNames();

  const people = useMemo(() => {
    const ids = new Set([actor.user_id]);
    for (const e of entries ?? []) if (e.appointment.user_id) ids.add(String(e.appointment.user_id));
    if (chosen) ids.add(chosen);
    return [...ids].map((id) => ({ value: id, label: names?.get(id) ?? id }));
  }, [entries, names, actor.user_id, chosen]);

  const plan = useMemo(() => {
    const mine = (entries ?? [])
      .filter((e) => isAppointmentOf(e.appointment, person))
      .map((e) => ({ ...e, position: e.leadPosition }));
    return planDay(mine, here.state === 'found' ? here : undefined);
  }, [entries, person, here]);

  const findMe = async () => {
    setHere({ state: 'locating' });
    const fix = await locate();
    setHere(
      fix
        ? { state: 'found', position: { lat: fix.lat, lng: fix.lng }, at: Date.now() }
        : { state: 'missing' },
    );
  };

  return {
    loading: !entries,
    day,
    setDay: (next: string) => /^\d{4}-\d{2}-\d{2}$/.test(next) && setDay(next),
    previous: () => setDay((d) => addDays(d, -1)),
    next: () => setDay((d) => addDays(d, 1)),
    today: () => setDay(dayKeyOfDate(new Date())),
    person,
    setPerson,
    people,
    plan,
    here: here.state,
    findMe,
  };
}

export type MyDay = ReturnType<typeof useMyDay>;
