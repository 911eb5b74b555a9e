// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, openSidePanel, renderScreen } from '#tests/support/renderScreen.tsx';
import { MEMBER, managedTeam, person, TEAM } from '#tests/support/teamWorld.ts';

afterEach(cleanupScreens);

const memberHours = {
  _id: MEMBER,
  version: 2,
  user_id: MEMBER,
  weekly_hours: { mon: [{ start: '09:00', end: '17:00' }], fri: [{ start: '09:00', end: '13:00' }] },
  time_off: [],
  appointment_minutes: 60,
  time_zone: 'America/Phoenix',
  home_base: null,
  last_position: null,
};

describe('appointment distribution', () => {
  it("a manager sets their team's rule offline and sees its closers' weeks", async () => {
    const manager = crypto.randomUUID();
    const page = await renderScreen({
      path: '/distribution',
      role: 'Manager',
      shell: true,
      self: { _id: manager, name: 'Morgan Manager' },
      rows: {
        ...managedTeam(manager),
        users: [person(MEMBER, 'Mia Member')],
        availability: [memberHours],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment distribution' })).toBeTruthy();
    const nav = await openSidePanel();
    expect(within(nav).getByRole('link', { name: 'Appointment distribution' })).toBeTruthy();
    const east = await screen.findByRole('region', { name: 'East' });
    expect(within(east).getByText('Mon 09:00–17:00 · Fri 09:00–13:00 · 60 min appointments')).toBeTruthy();
    expect(within(east).getByRole('link', { name: 'Mia Member: availability' }).getAttribute('href')).toBe(
      `/availability/${MEMBER}`,
    );
    // The manager has set no hours of their own.
    expect(within(east).getByText('No working hours set')).toBeTruthy();

    expect(within(east).getByRole('button', { name: 'Save rule for East' })).toHaveProperty('disabled', true);
    const rule = () =>
      within(east)
        .getAllByLabelText('Rule')
        .find((e) => e.tagName === 'INPUT') as HTMLElement;
    fireEvent.click(rule());
    fireEvent.click(await within(east).findByRole('option', { name: 'Ranking by close rate', hidden: true }));
    fireEvent.change(within(east).getByLabelText(/Appointments per closer per day/), {
      target: { value: '3' },
    });
    fireEvent.change(within(east).getByLabelText('Close rate over the last (days)'), {
      target: { value: '60' },
    });
    fireEvent.click(within(east).getByRole('button', { name: 'Save rule for East' }));
    expect(await screen.findByText('Rule saved')).toBeTruthy();
    const [entry] = await page.outbox();
    expect(entry).toMatchObject({
      name: 'distribution_rule.save.v1',
      table: 'distribution_rules',
      row_id: TEAM,
    });
    expect(entry?.args).toEqual({ id: TEAM, scope: 'team', kind: 'ranking', daily_cap: 3, window_days: 60 });

    // Taking the rule away.
    fireEvent.click(rule());
    fireEvent.click(await within(east).findByRole('option', { name: 'No rule', hidden: true }));
    // Saved once the choice shows, as a person would: a save clicked before it lands saves the rule.
    await waitFor(() => expect((rule() as HTMLInputElement).value).toBe('No rule'));
    fireEvent.click(within(east).getByRole('button', { name: 'Save rule for East' }));
    await waitFor(async () => expect(await page.outbox()).toHaveLength(2));
    expect((await page.outbox())[1]?.args).toMatchObject({ id: TEAM, removed: true });
    expect(await page.rows('distribution_rules')).toEqual([]);
  });

  it('is not for a rep', async () => {
    await renderScreen({ path: '/distribution', role: 'User' });
    expect(
      await screen.findByText('Only managers and admins set how appointments are distributed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save rule/ })).toBeNull();
  });

  it('speaks Spanish', async () => {
    await renderScreen({
      path: '/distribution',
      role: 'Admin',
      language: 'es',
      rows: { teams: [{ _id: TEAM, name: 'Este' }] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reparto de citas' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Guardar la regla de Este' })).toBeTruthy();
  });
});
