// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';

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

/**
 * The rep and a teammate on the contest's team; the rep sold today (a lead of theirs moved onto the
 * Customer stage, contract signed, worth 24,500), the teammate sold nothing yet.
 */
function teamWithASale(rep: string) {
  const teammate = crypto.randomUUID();
  const lead = crypto.randomUUID();
  const member = (user_id: string) => ({
    _id: crypto.randomUUID(),
    team_id: TEAM._id,
    user_id,
    role: 'Member',
  });
  return {
    self: { _id: rep, name: 'Riley Carter' },
    rows: {
      contests: [SPRINT],
      teams: [TEAM],
      users: [{ _id: teammate, name: 'Casey Closer', access_level: 'User' }],
      team_members: [member(rep), member(teammate)],
      contacts: [
        {
          _id: lead,
          name: 'Sold, Sam',
          owner_id: rep,
          deal_stage: 'Customer',
          deal_stage_status: 'Contract Signed',
          contract_amount: 24_500,
        },
      ],
      activities: [
        {
          _id: crypto.randomUUID(),
          type: 'moved_to',
          // Who moved it is not who sold: the owner is.
          actor_id: teammate,
          date: new Date().toISOString(),
          lead_refs: [lead],
          old: 'Lead',
          new: 'Customer',
        },
      ],
    },
  };
}

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

  it('shows a rep the standings with their own row marked, and no way to change the contest', async () => {
    await renderScreen({ path: '/contest', role: 'User', ...teamWithASale(crypto.randomUUID()) });
    const section = await screen.findByRole('region', { name: 'Winter Sprint' });
    const mine = await within(section).findByRole('row', { name: /Riley Carter/ });
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(
      within(mine)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '1', '$24.5K']);
    expect(within(section).getByText('1 more person takes part with no sale yet.')).toBeTruthy();
    for (const name of ['New contest', 'Edit Winter Sprint', 'Delete Winter Sprint']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('speaks Spanish to a rep who chose it', async () => {
    await renderScreen({
      path: '/contest',
      role: 'User',
      language: 'es',
      ...teamWithASale(crypto.randomUUID()),
    });
    await screen.findByRole('heading', { level: 1, name: 'Concursos' });
    const section = await screen.findByRole('region', { name: 'Winter Sprint' });
    expect(within(section).getByText('En curso')).toBeTruthy();
    expect(within(section).getByText('Quién participa: Phoenix Closers')).toBeTruthy();
    await within(section).findByRole('columnheader', { name: 'Volumen de ventas' });
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
