/**
 * Bookings settled by the server (src/domain/bookingLease.ts, server/services/bookings.ts): a
 * booking of a closer who is already booked then goes to the next person of the lead's rule it
 * fits, or back to its setter; the setter is told in a notification; a device cannot write the
 * outcome itself; the check holds for a move onto a taken slot too, and across orgs nothing leaks.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const WORKDAY = { start: '06:00', end: '22:00' };
const EVERY_DAY = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [WORKDAY]]),
);
/** A slot on a day well ahead, at `hour` UTC. */
const slot = (day: number, hour: number) => ({
  start_time: new Date(Date.UTC(2031, 2, day, hour)).toISOString(),
  end_time: new Date(Date.UTC(2031, 2, day, hour + 1)).toISOString(),
});

describe.each(testDatabaseKinds())('bookings settled by the server on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);
  const id = (who: UserKey) => t.world.users[who].id;

  const push = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status).toBe(200);
    return res.body.results as MutationResults;
  };
  const book = (who: UserKey, leadId: string, closer: UserKey, times: object, appointmentId = randomUUID()) =>
    push(who, [
      {
        name: 'record.save.v1',
        args: {
          table: 'appointments',
          id: appointmentId,
          create: true,
          fields: {
            lead_id: leadId,
            user_id: id(closer),
            appointment_type: 'In-person',
            status: 'Scheduled',
            ...times,
          },
        },
      },
    ]).then((results) => ({ id: appointmentId, result: results[0] }));
  const appointment = async (appointmentId: string, who: UserKey = 'admin') =>
    (await pulledRows(t.api, t.tokens[who], 'appointments')).find((row) => row._id === appointmentId);
  const notificationsOf = async (who: UserKey) => pulledRows(t.api, t.tokens[who], 'notifications');

  it('keeps a booking of a free slot, and returns one of a taken slot to its setter, who is told', async () => {
    const kept = await book('rep', t.world.contacts.repOwn, 'manager', slot(3, 10));
    expect(kept.result?.status).toBe('applied');
    expect(await appointment(kept.id)).toMatchObject({ user_id: id('manager'), booking: null });

    const before = (await notificationsOf('rep2')).length;
    const late = await book('rep2', t.world.contacts.teamB, 'manager', {
      start_time: new Date(Date.UTC(2031, 2, 3, 10, 30)).toISOString(),
      end_time: new Date(Date.UTC(2031, 2, 3, 11, 30)).toISOString(),
    });
    expect(late.result?.status).toBe('applied');
    const returned = await appointment(late.id);
    expect(returned).toMatchObject({
      user_id: null,
      booking: { outcome: 'returned', asked_user_id: id('manager'), clash_id: kept.id },
    });
    const told = (await notificationsOf('rep2')).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Booking needs another time' });
    expect(String(told[0]?.message)).toMatch(/already booked at that time/);

    // Booked again at a free time, the note goes.
    const again = await push('rep2', [
      {
        name: 'record.save.v1',
        args: { table: 'appointments', id: late.id, fields: { user_id: id('manager'), ...slot(3, 12) } },
      },
    ]);
    expect(again[0]?.status).toBe('applied');
    expect(await appointment(late.id)).toMatchObject({ user_id: id('manager'), booking: null });

    // Moved onto the taken slot, it is settled again: back to its setter.
    await push('rep2', [
      { name: 'record.save.v1', args: { table: 'appointments', id: late.id, fields: slot(3, 10) } },
    ]);
    expect(await appointment(late.id)).toMatchObject({ user_id: null, booking: { outcome: 'returned' } });
  });

  it('gives a taken slot to the next person of the lead’s rule who is free then, who is told it is theirs', async () => {
    // Team A's rule, round robin; the manager and the rep take appointments every day.
    for (const who of ['manager', 'rep'] as const)
      expect(
        (
          await push('admin', [
            {
              name: 'availability.save.v1',
              args: { user_id: id(who), fields: { weekly_hours: EVERY_DAY, time_zone: 'UTC' } },
            },
          ])
        )[0]?.status,
      ).toBe('applied');
    expect(
      (
        await push('admin', [
          {
            name: 'distribution_rule.save.v1',
            args: {
              id: t.world.teams.a,
              scope: 'team',
              kind: 'round_robin',
              daily_cap: null,
              window_days: 30,
            },
          },
        ])
      )[0]?.status,
    ).toBe('applied');

    const first = await book('rep2', t.world.contacts.teamA, 'manager', slot(5, 9));
    const repBefore = (await notificationsOf('rep')).length;
    const second = await book('admin', t.world.contacts.repOwn, 'manager', slot(5, 9));
    expect(await appointment(first.id)).toMatchObject({ user_id: id('manager'), booking: null });
    expect(await appointment(second.id)).toMatchObject({
      user_id: id('rep'),
      booking: { outcome: 'reassigned', asked_user_id: id('manager'), clash_id: first.id },
    });
    const adminTold = (await notificationsOf('admin')).filter(
      (n) => n.title === 'Booking moved to another closer',
    );
    expect(adminTold).toHaveLength(1);
    // The person it went to hears the appointment is theirs.
    const repTold = (await notificationsOf('rep')).slice(repBefore);
    expect(repTold.map((n) => n.title)).toContain('Appointment set for you');

    // A third at that time: both are booked, so it goes back to its setter.
    const third = await book('admin', t.world.contacts.repOwn, 'manager', slot(5, 9));
    expect(await appointment(third.id)).toMatchObject({ user_id: null, booking: { outcome: 'returned' } });
  });

  it('leaves Cancelled appointments out, and lets a cancelled slot be booked', async () => {
    const gone = await book('rep', t.world.contacts.repOwn, 'manager', slot(7, 14));
    await push('rep', [
      {
        name: 'record.save.v1',
        args: { table: 'appointments', id: gone.id, fields: { status: 'Cancelled' } },
      },
    ]);
    const next = await book('rep2', t.world.contacts.teamB, 'manager', slot(7, 14));
    expect(await appointment(next.id)).toMatchObject({ user_id: id('manager'), booking: null });
  });

  it('refuses a device that writes the outcome itself, a guest, and another org’s lead', async () => {
    const forged = await push('rep', [
      {
        name: 'record.save.v1',
        args: {
          table: 'appointments',
          id: randomUUID(),
          create: true,
          fields: {
            lead_id: t.world.contacts.repOwn,
            user_id: id('manager'),
            appointment_type: 'In-person',
            ...slot(9, 10),
            booking: { outcome: 'reassigned', asked_user_id: id('rep'), clash_id: randomUUID() },
          },
        },
      },
    ]);
    expect(forged[0]?.status).toBe('rejected');

    const guest = await book('guest', t.world.contacts.repOwn, 'manager', slot(9, 11));
    expect(guest.result?.status).toBe('rejected');
    expect(await appointment(guest.id)).toBeUndefined();

    // The other org's closer is booked nowhere here, and its lead cannot be booked at all.
    const foreign = await book('outsider', t.world.contacts.repOwn, 'outsider', slot(9, 12));
    expect(foreign.result?.status).toBe('rejected');
    const cross = await book('rep', t.world.contacts.otherOrg, 'manager', slot(9, 13));
    expect(cross.result?.status).toBe('rejected');
    expect(await appointment(cross.id)).toBeUndefined();
    for (const row of await pulledRows(t.api, t.tokens.outsider, 'appointments'))
      expect(row.lead_id).not.toBe(t.world.contacts.repOwn);
  });

  it('answers hostile times and closers with a clear refusal, never a server error', async () => {
    const cases: Record<string, unknown>[] = [
      { user_id: 'not-a-uuid', ...slot(11, 10) },
      { user_id: id('manager'), start_time: 'yesterday' },
      { user_id: id('manager'), start_time: '2031-03-11T10:00:00.000Z', end_time: '\u0000' },
      { user_id: id('manager'), ...slot(11, 10), notes: 'x'.repeat(6000) },
    ];
    for (const fields of cases) {
      const results = await push('rep', [
        {
          name: 'record.save.v1',
          args: {
            table: 'appointments',
            id: randomUUID(),
            create: true,
            fields: { lead_id: t.world.contacts.repOwn, appointment_type: 'In-person', ...fields },
          },
        },
      ]);
      expect(results[0]?.status, JSON.stringify(fields)).toBe('rejected');
    }
    // A closer from nowhere (no such person) books nothing and breaks nothing.
    const ghost = randomUUID();
    const results = await push('rep', [
      {
        name: 'record.save.v1',
        args: {
          table: 'appointments',
          id: randomUUID(),
          create: true,
          fields: {
            lead_id: t.world.contacts.repOwn,
            appointment_type: 'In-person',
            user_id: ghost,
            ...slot(11, 15),
          },
        },
      },
    ]);
    expect(['applied', 'rejected']).toContain(results[0]?.status);
  });
});
