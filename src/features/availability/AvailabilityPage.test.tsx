// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, openSidePanel, renderScreen } from '#tests/support/renderScreen.tsx';
import { MEMBER, managedTeam, person, STRANGER } from '#tests/support/teamWorld.ts';

afterEach(cleanupScreens);

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const monday = () => screen.getByRole('group', { name: 'Monday' });

describe('my availability', () => {
  it('a rep sets their hours, appointment length and time off offline: queued with every field, shown as saved on the device', async () => {
    const rep = crypto.randomUUID();
    const page = await renderScreen({
      path: '/availability',
      self: { _id: rep, name: 'Riley Rep' },
      shell: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My availability' })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    const nav = await openSidePanel();
    expect(within(nav).getByRole('link', { name: 'My availability' })).toBeTruthy();
    // A rep sets no distribution rule.
    expect(within(nav).queryByRole('link', { name: 'Appointment distribution' })).toBeNull();

    expect(within(monday()).getByText('Not working')).toBeTruthy();
    fireEvent.click(within(monday()).getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.change(screen.getByLabelText('Monday, hours 1: to'), { target: { value: '12:00' } });
    fireEvent.click(within(monday()).getByRole('button', { name: 'Add hours on Monday' }));
    expect((screen.getByLabelText('Monday, hours 2: from') as HTMLInputElement).value).toBe('12:00');
    fireEvent.change(screen.getByLabelText('Monday, hours 2: from'), { target: { value: '13:00' } });
    fireEvent.change(screen.getByLabelText('Monday, hours 2: to'), { target: { value: '17:00' } });
    fireEvent.change(screen.getByLabelText('Appointment length (minutes)'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('First day off'), { target: { value: '2030-12-24' } });
    fireEvent.change(screen.getByLabelText('Last day off'), { target: { value: '2030-12-26' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Family' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    expect(await screen.findByText(/Family/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '33.45' } });
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '-112.07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText('Availability saved')).toBeTruthy();
    const [entry] = await page.outbox();
    expect(entry).toMatchObject({ name: 'availability.save.v1', row_id: rep, table: 'availability' });
    expect(entry?.args).toEqual({
      user_id: rep,
      fields: {
        weekly_hours: {
          mon: [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '17:00' },
          ],
        },
        time_off: [{ id: expect.any(String), from: '2030-12-24', to: '2030-12-26', note: 'Family' }],
        appointment_minutes: 45,
        time_zone: ZONE,
        home_base: { address: null, lat: 33.45, lng: -112.07 },
      },
    });
    expect(await screen.findByText('Saved on this device; it reaches the server when online.')).toBeTruthy();

    // A second save sends only what changed.
    fireEvent.change(screen.getByLabelText('Appointment length (minutes)'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(async () => expect(await page.outbox()).toHaveLength(2));
    expect((await page.outbox())[1]?.args).toEqual({ user_id: rep, fields: { appointment_minutes: 60 } });
  });

  it('says which day’s hours overlap, and queues nothing until they do not', async () => {
    const rep = crypto.randomUUID();
    const page = await renderScreen({ path: '/availability', self: { _id: rep } });
    await screen.findByRole('heading', { level: 1, name: 'My availability' });
    fireEvent.click(within(monday()).getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.click(within(monday()).getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.change(screen.getByLabelText('Monday, hours 2: from'), { target: { value: '10:00' } });
    expect(within(monday()).getByRole('alert').textContent).toBe('The ranges of a day must not overlap.');
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    fireEvent.click(within(monday()).getByRole('button', { name: 'Remove hours 2 on Monday' }));
    expect(within(monday()).queryByRole('alert')).toBeNull();
    expect(await page.outbox()).toEqual([]);
  });

  it("a manager changes a team member's availability; a rep may not see someone else's", async () => {
    const manager = crypto.randomUUID();
    const page = await renderScreen({
      path: `/availability/${MEMBER}`,
      role: 'Manager',
      self: { _id: manager },
      rows: {
        ...managedTeam(manager),
        users: [person(MEMBER, 'Mia Member')],
        availability: [
          {
            _id: MEMBER,
            version: 3,
            user_id: MEMBER,
            weekly_hours: { tue: [{ start: '08:00', end: '16:00' }] },
            time_off: [],
            appointment_minutes: 90,
            time_zone: 'America/Phoenix',
            home_base: null,
            last_position: null,
          },
        ],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: "Mia Member's availability" })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Tuesday, hours 1: from') as HTMLInputElement).value).toBe('08:00'),
    );
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Tuesday' })).getByRole('button', {
        name: 'Remove hours 1 on Tuesday',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Availability saved')).toBeTruthy();
    expect((await page.outbox())[0]?.args).toEqual({ user_id: MEMBER, fields: { weekly_hours: {} } });
    await cleanupScreens();

    await renderScreen({
      path: `/availability/${STRANGER}`,
      rows: { users: [person(STRANGER, 'Sam Stranger')] },
    });
    expect(await screen.findByText('You cannot see or change this person’s availability.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save availability' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    await renderScreen({ path: '/availability', language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi disponibilidad' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Lunes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar disponibilidad' })).toBeTruthy();
  });
});
