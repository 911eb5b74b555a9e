// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const NORTH = { _id: crypto.randomUUID(), name: 'North Team' };
const SOUTH = { _id: crypto.randomUUID(), name: 'South Team' };

describe("a user's page", () => {
  it('names the teams the user is on, with their role in each', async () => {
    const rep = crypto.randomUUID();
    await renderScreen({
      path: `/users/${rep}`,
      role: 'Manager',
      rows: {
        teams: [NORTH, SOUTH],
        // As a pull brings the row: the user's memberships, named as the server had them.
        users: [
          {
            _id: rep,
            name: 'Riley Rep',
            email: 'riley@example.com',
            teams: [
              { id: NORTH._id, name: 'North', role: 'Member' },
              { id: SOUTH._id, name: 'South Team', role: 'Leader' },
            ],
          },
        ],
      },
    });
    const north = await screen.findByRole('link', { name: 'North Team' });
    expect(north.getAttribute('href')).toBe(`/teams/${NORTH._id}`);
    const south = screen.getByRole('link', { name: 'South Team' });
    expect(within(south.closest('li') as HTMLElement).getByText('Leader')).toBeTruthy();
    expect(screen.queryByText('Not on a team.')).toBeNull();
  });

  it('says so when the user is on no team', async () => {
    const rep = crypto.randomUUID();
    await renderScreen({
      path: `/users/${rep}`,
      role: 'Manager',
      rows: { users: [{ _id: rep, name: 'Solo Rep', email: 'solo@example.com', teams: [] }] },
    });
    await screen.findByText('Not on a team.');
  });
});
