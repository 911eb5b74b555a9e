import { describe, expect, it } from 'vitest';
import { appointmentTimes, localParts } from './appointmentTimes.ts';

describe('appointment times', () => {
  it('converts local start and end to ISO instants', () => {
    const r = appointmentTimes({
      startDate: '2026-12-01',
      startTime: '14:30',
      endDate: '',
      endTime: '15:30',
    });
    expect(r).toEqual({
      ok: true,
      start_time: new Date('2026-12-01T14:30:00').toISOString(),
      end_time: new Date('2026-12-01T15:30:00').toISOString(),
      appointment_date: '2026-12-01',
    });
  });

  it('allows no end', () => {
    const r = appointmentTimes({ startDate: '2026-12-01', startTime: '09:00', endDate: '', endTime: '' });
    expect(r).toMatchObject({ ok: true, end_time: null });
  });

  it('refuses an end before the start, and a missing or malformed start', () => {
    expect(
      appointmentTimes({
        startDate: '2026-12-01',
        startTime: '14:30',
        endDate: '2026-12-01',
        endTime: '13:00',
      }),
    ).toEqual({ ok: false, field: 'end', problem: 'endBeforeStart' });
    expect(
      appointmentTimes({
        startDate: '2026-12-02',
        startTime: '10:00',
        endDate: '2026-12-01',
        endTime: '23:00',
      }),
    ).toMatchObject({ ok: false, problem: 'endBeforeStart' });
    expect(appointmentTimes({ startDate: '', startTime: '10:00', endDate: '', endTime: '' })).toMatchObject({
      ok: false,
      problem: 'startRequired',
    });
    expect(
      appointmentTimes({ startDate: '12/01/2026', startTime: '10:00', endDate: '', endTime: '' }),
    ).toMatchObject({ ok: false, field: 'start' });
    expect(
      appointmentTimes({ startDate: '2026-12-01', startTime: '10:00', endDate: '2026-12-01', endTime: '9' }),
    ).toMatchObject({ ok: false, field: 'end' });
  });

  it('gives the form back its local parts', () => {
    const iso = new Date('2026-12-01T14:30:00').toISOString();
    expect(localParts(iso)).toEqual({ date: '2026-12-01', time: '14:30' });
    expect(localParts(null)).toEqual({ date: '', time: '' });
    expect(localParts('nonsense')).toEqual({ date: '', time: '' });
  });
});
