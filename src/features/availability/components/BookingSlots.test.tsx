// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '#src/domain/availability.ts';
import { deviceDay } from '#src/domain/sales.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const ANA = '0190a0b0-0000-7000-8000-0000000000e2';
const BO = '0190a0b0-0000-7000-8000-0000000000e3';
const TEAM = '0190a0b0-0000-7000-8000-0000000000e4';
const LEAD = '0190a0b0-0000-7000-8000-0000000000e5';

const tomorrow = () => {
  const d = new Date();
  return deviceDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 12));
};
/** An instant tomorrow at a local hour. */
const at = (hour: number) => {
  const [y, m, d] = tomorrow().split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, hour).toISOString();
};
const EVERY_DAY = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '08:00', end: '12:00' }]]));
const hours = (id: string, home: { lng: number; lat: number }) => ({
  _id: id,
  version: 2,
  user_id: id,
  weekly_hours: EVERY_DAY,
  time_off: [],
  appointment_minutes: 60,
  time_zone: ZONE,
  home_base: home,
  last_position: null,
});
const member = (user: string) => ({
  _id: crypto.randomUUID(),
  version: 1,
  team_id: TEAM,
  user_id: user,
  role: 'Member',
});

/** A setter's lead in Mesa on a team whose rule is 'nearest': Ana lives by the lead, Bo across town. */
async function openLead() {
  // Each test's own setter: the device database is the signed-in user's.
  const SETTER = crypto.randomUUID();
  const page = await renderScreen({
    path: `/contacts/${LEAD}`,
    self: { _id: SETTER, name: 'Sam Setter' },
    rows: {
      contacts: [
        {
          _id: LEAD,
          version: 4,
          name: 'Lena Lead',
          address: '12 Elm St, Mesa, AZ 85201',
          coordinates: [-111.8, 33.4],
          owner_id: SETTER,
          energy_consultants: [SETTER],
          team_id: TEAM,
        },
      ],
      users: [
        { _id: ANA, name: 'Ana Near', status: true },
        { _id: BO, name: 'Bo Far', status: true },
      ],
      teams: [{ _id: TEAM, version: 1, name: 'East' }],
      team_members: [member(SETTER), member(ANA), member(BO)],
      availability: [hours(ANA, { lng: -111.8, lat: 33.41 }), hours(BO, { lng: -112.3, lat: 33.6 })],
      distribution_rules: [
        { _id: TEAM, version: 3, scope: 'team', kind: 'nearest', daily_cap: 2, window_days: 30, given: {} },
      ],
      appointments: [
        // Ana is busy tomorrow from 8 to 9.
        {
          _id: crypto.randomUUID(),
          version: 2,
          lead_id: crypto.randomUUID(),
          user_id: ANA,
          start_time: at(8),
          end_time: at(9),
          status: 'Scheduled',
        },
      ],
    },
  });
  await screen.findByRole('heading', { name: 'Lena Lead' });
  fireEvent.click(await screen.findByRole('button', { name: 'Add appointment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add appointment' });
  const slots = within(dialog).getByRole('group', { name: 'Free times' });
  fireEvent.click(within(slots).getByRole('button', { name: 'Next day' }));
  return { page, dialog, slots };
}

describe('booking an appointment by the lead’s rule', () => {
  it('offers the free times nearest first, offline, and a pick fills the form with the closer', async () => {
    const { page, dialog, slots } = await openLead();
    expect(await within(slots).findByText('Nearest available closer: rule of East')).toBeTruthy();
    await within(slots).findByRole('button', { name: '8:00 AM with Bo Far' });
    const nine = within(slots).getByRole('button', { name: '9:00 AM with Ana Near' });
    expect(within(slots).getAllByText('or Bo Far').length).toBe(3);
    fireEvent.click(nine);
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Start time') as HTMLInputElement).value).toBe('09:00'),
    );
    expect((within(dialog).getByLabelText('End time') as HTMLInputElement).value).toBe('10:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Appointment Added')).toBeTruthy();
    const [entry] = await page.outbox();
    expect(entry).toMatchObject({ name: 'record.save.v1', table: 'appointments' });
    expect(entry?.args.fields).toMatchObject({
      lead_id: LEAD,
      user_id: ANA,
      start_time: at(9),
      end_time: at(10),
    });

    // Ana now has two appointments tomorrow, the rule's cap: only Bo is offered.
    fireEvent.click(await screen.findByRole('button', { name: 'Add appointment' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add appointment' })).getByRole('group', {
      name: 'Free times',
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Next day' }));
    await within(again).findByRole('button', { name: '9:00 AM with Bo Far' });
    expect(within(again).queryByText(/Ana Near/)).toBeNull();
  });

  it('says when the time typed does not fit the closer', async () => {
    const { dialog, slots } = await openLead();
    fireEvent.click(await within(slots).findByRole('button', { name: '9:00 AM with Ana Near' }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Start time') as HTMLInputElement).value).toBe('09:00'),
    );
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '08:30' } });
    expect(await within(slots).findByText('Ana Near has another appointment then.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '15:00' } });
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '16:00' } });
    expect(await within(slots).findByText('This is outside Ana Near’s working hours.')).toBeTruthy();
  });
});
