// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreens, openSidePanel, renderScreen } from '#tests/support/renderScreen.tsx';

// jsdom has no WebGL and no workers: the map draws nothing here (a browser draws it), the page
// around it is real.
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ default: '' }));
vi.mock('react-map-gl/maplibre', () => ({
  default: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
  Source: () => null,
  Layer: () => null,
  NavigationControl: () => null,
}));

afterEach(cleanupScreens);

const REGION = {
  _id: crypto.randomUUID(),
  name: 'Central Phoenix',
  color: '#1c7ed6',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-112.14, 33.52],
        [-112.0, 33.52],
        [-112.0, 33.4],
        [-112.14, 33.4],
        [-112.14, 33.52],
      ],
    ],
  },
};
const TEAM = { _id: crypto.randomUUID(), name: 'Phoenix Central', region_id: REGION._id };

describe('my region', () => {
  it('shows a rep their own region at /region, without the means to change it', async () => {
    const rep = crypto.randomUUID();
    vi.stubGlobal(
      'Worker',
      class {
        postMessage() {}
        addEventListener() {}
        removeEventListener() {}
        terminate() {}
      },
    );
    const page = await renderScreen({
      path: '/contest',
      role: 'User',
      shell: true,
      self: { _id: rep, name: 'Riley Carter' },
      rows: {
        regions: [REGION],
        teams: [TEAM],
        team_members: [{ _id: crypto.randomUUID(), team_id: TEAM._id, user_id: rep, role: 'Member' }],
        contacts: [
          {
            _id: crypto.randomUUID(),
            name: 'Dana Door',
            region_id: REGION._id,
            coordinates: [-112.07, 33.45],
          },
        ],
      },
    });
    const nav = await openSidePanel();
    fireEvent.click(await within(nav).findByRole('link', { name: 'My region' }));
    await waitFor(() => expect(page.location()).toBe('/region'));
    const main = screen.getByRole('main');
    // The page's badge (the side panel's link has the same words).
    await within(main).findByText('My region');
    expect(within(main).getByRole('region', { name: 'Region map' })).toBeTruthy();
    await within(main).findByRole('heading', { name: 'Contacts: 1', level: 2 });
    expect(within(main).getByRole('link', { name: 'Dana Door' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
