// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, outboxOf, renderScreen } from '../../../tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const TEAM = { _id: crypto.randomUUID(), name: 'Phoenix Closers' };
const SPRINT = {
  _id: crypto.randomUUID(),
  name: 'Winter Sprint',
  start_date: day(-3),
  end_date: day(4),
  contest_type: 'General',
  contest_qualifier: 'Sales Number',
  team_ids: [TEAM._id],
  region_ids: [],
  description: 'Most deals closed this week.',
};

describe('the contests screen', () => {
  it.each([
    { role: 'User' as const, manages: false },
    { role: 'Admin' as const, manages: true },
  ])(
    'shows a $role the running contest, with the means to change it: $manages',
    async ({ role, manages }) => {
      await renderScreen({ path: '/contest', role, rows: { contests: [SPRINT], teams: [TEAM] } });
      await screen.findByRole('heading', { level: 1, name: 'Contests' });
      const section = await screen.findByRole('region', { name: 'Winter Sprint' });
      expect(within(section).getByText('Running')).toBeTruthy();
      expect(within(section).getByText('Who takes part: Phoenix Closers')).toBeTruthy();
      for (const name of ['New contest', 'Edit Winter Sprint', 'Delete Winter Sprint']) {
        expect(screen.queryByRole('button', { name }) !== null).toBe(manages);
      }
    },
  );

  it('speaks Spanish to a rep who chose it', async () => {
    await renderScreen({
      path: '/contest',
      role: 'User',
      language: 'es',
      rows: { contests: [SPRINT], teams: [TEAM] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Concursos' });
    const section = await screen.findByRole('region', { name: 'Winter Sprint' });
    expect(within(section).getByText('En curso')).toBeTruthy();
    expect(within(section).getByText('Quién participa: Phoenix Closers')).toBeTruthy();
  });

  it('an admin adds a contest on the device once its end date is not before its start', async () => {
    const page = await renderScreen({ path: '/contest', role: 'Admin', rows: { teams: [TEAM] } });
    fireEvent.click(await screen.findByRole('button', { name: 'New contest' }));
    const form = await screen.findByRole('dialog', { name: 'New contest' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Spring Dash' },
    });
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: day(0) } });
    fireEvent.change(within(form).getByLabelText(/^End date/), { target: { value: '2020-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // The wrong end date is named on its field; what was typed stays, nothing is written.
    await within(form).findByText('End date must be on or after the start date.');
    expect((within(form).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Spring Dash',
    );
    expect(await page.outbox()).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^End date/), { target: { value: day(7) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Contest Added');
    await screen.findByRole('region', { name: 'Spring Dash' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New contest' })).toBeNull());
    const [added] = await outboxOf(page, 1);
    expect(added).toMatchObject({ table: 'contests' });
    expect(await page.rows('contests')).toEqual([
      expect.objectContaining({ name: 'Spring Dash', start_date: day(0), end_date: day(7) }),
    ]);
  });
});
