// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, openSidePanel, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const TEAM = { _id: crypto.randomUUID(), name: 'Phoenix Central' };

describe('the team manager', () => {
  it('is not for a rep, who sees their own team instead', async () => {
    const rep = crypto.randomUUID();
    const page = await renderScreen({
      path: '/teams/manager',
      role: 'User',
      shell: true,
      self: { _id: rep, name: 'Riley Carter' },
      rows: {
        teams: [TEAM],
        team_members: [{ _id: crypto.randomUUID(), team_id: TEAM._id, user_id: rep, role: 'Member' }],
      },
    });
    await screen.findByText('Only admins and team leaders can change teams.');
    const nav = await openSidePanel();
    const myTeam = await within(nav).findByRole('link', { name: 'My team' });
    expect(within(nav).queryByRole('link', { name: 'Team manager' })).toBeNull();
    // Their own team, from the side panel: its page, read-only.
    fireEvent.click(myTeam);
    await waitFor(() => expect(page.location()).toBe(`/teams/${TEAM._id}`));
    const main = screen.getByRole('main');
    await within(main).findByRole('heading', { name: 'Members' });
    await within(main).findByText('Riley Carter');
    expect(screen.queryByRole('form', { name: 'Team details' })).toBeNull();
  });

  it('is in the side panel of an admin', async () => {
    await renderScreen({ path: '/teams/manager', role: 'Admin', shell: true, rows: { teams: [TEAM] } });
    const nav = await openSidePanel();
    await within(nav).findByRole('link', { name: 'Team manager' });
    await screen.findByRole('list', { name: 'People in Phoenix Central' });
    expect(screen.queryByText('Only admins and team leaders can change teams.')).toBeNull();
  });

  it("says 'Team Edited' for a move, and a refused one in the spec's red toast with the reason", async () => {
    const rep = crypto.randomUUID();
    const other = { _id: crypto.randomUUID(), name: 'Tucson North' };
    // A team whose id no user change can name: the device refuses the move.
    const broken = { _id: 'not-a-team-id', name: 'Yuma' };
    await renderScreen({
      path: '/teams/manager',
      role: 'Admin',
      rows: {
        teams: [TEAM, other, broken],
        users: [{ _id: rep, name: 'Riley Carter', status: true }],
        team_members: [{ _id: crypto.randomUUID(), team_id: TEAM._id, user_id: rep, role: 'Member' }],
      },
    });
    const move = await screen.findByRole('combobox', { name: 'Team of Riley Carter' });
    fireEvent.change(move, { target: { value: other._id } });
    await screen.findByText('Team Edited');
    await screen.findByRole('list', { name: 'People in Tucson North' });
    // The list settles after the move (the device reads the teams again): the select is changed once
    // it shows the new team, not while an older one is about to be replaced.
    const moved = () => screen.getByRole('combobox', { name: 'Team of Riley Carter' }) as HTMLSelectElement;
    await waitFor(() => expect(moved().value).toBe(other._id));

    fireEvent.change(moved(), { target: { value: broken._id } });
    const refused = await screen.findByText('There was an error editing the team. Please try again.');
    expect(refused.closest('[role="alert"]')?.textContent?.length).toBeGreaterThan(
      refused.textContent?.length ?? 0,
    );
  });
});
