// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cutTurfs, type TurfCutInput } from '#src/domain/turfCutting.ts';
import { cleanupScreens, renderScreen, serverAnswer, serveScreen } from '#tests/support/renderScreen.tsx';

// jsdom has no WebGL and no workers: the maps draw nothing here (a browser draws them) and the cut
// runs on this thread; the page around them is real.
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ default: '' }));
vi.mock('react-map-gl/maplibre', () => ({
  default: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
  Source: () => null,
  Layer: () => null,
  NavigationControl: () => null,
}));
vi.mock('./turfs/useTurfCutter.ts', () => ({
  useTurfCutter: () => ({ cut: async (input: TurfCutInput) => cutTurfs(input), cutting: false }),
}));

afterEach(cleanupScreens);

const square = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
const REGION = {
  _id: crypto.randomUUID(),
  name: 'Central Phoenix',
  geometry: square(-112.2, 33.4, -112, 33.6),
};
const TEAM = { _id: crypto.randomUUID(), name: 'Phoenix Central', region_id: REGION._id };
const RILEY = { _id: crypto.randomUUID(), name: 'Riley Carter', access_level: 'User' };
const AVERY = { _id: crypto.randomUUID(), name: 'Avery Lopez', access_level: 'User' };
const member = (userId: string, role = 'Member') => ({
  _id: crypto.randomUUID(),
  team_id: TEAM._id,
  user_id: userId,
  role,
});
/** Doors spread over the region: a grid of 4 × 3, none owned. */
const DOORS = Array.from({ length: 12 }, (_, i) => ({
  _id: crypto.randomUUID(),
  name: `Door ${i + 1}`,
  region_id: REGION._id,
  coordinates: [-112.18 + (i % 4) * 0.05, 33.42 + Math.floor(i / 4) * 0.06],
}));

function stubWorker() {
  vi.stubGlobal(
    'Worker',
    class {
      postMessage() {}
      addEventListener() {}
      removeEventListener() {}
      terminate() {}
    },
  );
}

/** A server that takes a cut and answers what the reps got (and has nothing new for a pull). */
function serve() {
  const sent: { url: string; body?: Record<string, unknown> }[] = [];
  serveScreen((url, init) => {
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (!url.includes('/api/v2/sync/pull'))
      return serverAnswer({ data: { turfs: [], assigned: 10, locked: 2, out_of_reach: 0 } });
    const nothingNew = { changes: [], cursor: 0, last_mutation_id: 0, has_more: false, reset: false };
    return new Response(JSON.stringify({ success: true, ...nothingNew }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  // Whatever the device made of the unreachable server before, it is online now.
  window.dispatchEvent(new Event('online'));
  return sent;
}

async function openAsManager(online: boolean, language: 'en' | 'es' = 'en') {
  stubWorker();
  const manager = crypto.randomUUID();
  await renderScreen({
    path: `/regions/${REGION._id}`,
    role: 'Manager',
    online,
    language,
    self: { _id: manager, name: 'Morgan Manager' },
    rows: {
      regions: [REGION],
      teams: [{ ...TEAM, leader_id: manager }],
      users: [RILEY, AVERY],
      team_members: [member(manager, 'Leader'), member(RILEY._id), member(AVERY._id)],
      contacts: DOORS,
    },
  });
  return manager;
}

async function pickRep(name: string) {
  fireEvent.click(
    (await screen.findAllByLabelText('Reps')).find((e) => e.tagName === 'INPUT') as HTMLElement,
  );
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('cutting a region into turfs', () => {
  it('a manager picks reps and the door weight, reviews the cut and assigns it through the server', async () => {
    await openAsManager(true);
    const sent = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Cut into turfs' }));
    await screen.findByText('12 doors on the map in this region');
    await pickRep('Riley Carter');
    await pickRep('Avery Lopez');
    fireEvent.click(screen.getByRole('radio', { name: 'Each door counts its expected value' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cut' }));

    await screen.findByRole('heading', { name: 'Review the turfs', level: 3 });
    expect(screen.getByRole('region', { name: 'Turfs map' })).toBeTruthy();
    await screen.findByText(/Balanced: every turf is within 10% of the mean/);
    expect(screen.getAllByLabelText('Rep of Riley Carter').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Rep of Avery Lopez').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/^6 doors · weight 6$/)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Turfs Assigned')).toBeTruthy();
    expect(
      screen.getByText('10 doors went to their turfs’ reps. 2 doors stayed with the reps who own them.'),
    ).toBeTruthy();
    const call = sent.find((c) => c.url.includes('/api/v2/turfs/cut'));
    expect(call?.body?.region_id).toBe(REGION._id);
    const turfs = call?.body?.turfs as { user_id: string; name: string; geometry: { type: string } }[];
    expect(turfs.map((t) => [t.name, t.user_id]).sort()).toEqual(
      [
        ['Avery Lopez', AVERY._id],
        ['Riley Carter', RILEY._id],
      ].sort(),
    );
    expect(turfs.every((t) => t.geometry.type === 'Polygon')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Review the turfs' })).toBeNull());
  });

  it('offline, keeps the review and says assigning needs a connection, in Spanish', async () => {
    await openAsManager(false, 'es');
    fireEvent.click(await screen.findByRole('button', { name: 'Dividir en zonas' }));
    await screen.findByText('12 puertas en el mapa de esta región');
    fireEvent.click(
      (await screen.findAllByLabelText('Representantes')).find((e) => e.tagName === 'INPUT') as HTMLElement,
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Riley Carter', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Dividir' }));
    await screen.findByRole('heading', { name: 'Revise las zonas', level: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Asignar' }));
    expect(
      await screen.findByText('Se produjo un error al asignar las zonas. Inténtelo de nuevo.'),
    ).toBeTruthy();
    expect(screen.getByText(/Para asignar zonas se necesita conexión/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Revise las zonas' })).toBeTruthy();
  });

  it('is not offered to a rep, who sees their own turf’s progress this week', async () => {
    stubWorker();
    const rep = crypto.randomUUID();
    const turf = {
      _id: crypto.randomUUID(),
      region_id: REGION._id,
      user_id: rep,
      name: 'West side',
      color: '#e8590c',
      geometry: square(-112.2, 33.4, -112.1, 33.6),
    };
    const [a, b, c] = DOORS as [(typeof DOORS)[number], (typeof DOORS)[number], (typeof DOORS)[number]];
    await renderScreen({
      path: '/region',
      role: 'User',
      shell: true,
      self: { _id: rep, name: 'Riley Carter' },
      rows: {
        regions: [REGION],
        teams: [TEAM],
        team_members: [member(rep)],
        turfs: [turf],
        contacts: [
          { ...a, turf_id: turf._id },
          { ...b, turf_id: turf._id },
          { ...c, turf_id: null },
        ],
        knocks: [
          { _id: crypto.randomUUID(), lead_id: a._id, user_id: rep, knocked_at: new Date().toISOString() },
          { _id: crypto.randomUUID(), lead_id: c._id, user_id: rep, knocked_at: new Date().toISOString() },
        ],
      },
    });
    const main = screen.getByRole('main');
    await within(main).findByRole('heading', { name: 'Turfs', level: 2 });
    expect(await within(main).findByText('1 of 2 doors knocked this week')).toBeTruthy();
    expect(
      within(main).getByRole('progressbar', { name: 'West side: 1 of 2 doors knocked this week' }),
    ).toBeTruthy();
    expect(within(main).queryByRole('button', { name: 'Cut into turfs' })).toBeNull();
  });
});

describe('a team page', () => {
  it('shows the turfs of the team’s reps with their progress this week', async () => {
    const turf = {
      _id: crypto.randomUUID(),
      region_id: REGION._id,
      user_id: RILEY._id,
      name: 'East side',
      geometry: square(-112.1, 33.4, -112, 33.6),
    };
    await renderScreen({
      path: `/teams/${TEAM._id}`,
      role: 'Admin',
      rows: {
        teams: [TEAM],
        users: [RILEY],
        team_members: [member(RILEY._id)],
        turfs: [turf],
        contacts: DOORS.slice(0, 3).map((door) => ({ ...door, turf_id: turf._id })),
      },
    });
    await screen.findByRole('heading', { name: 'Turfs of the team’s reps', level: 2 });
    expect(await screen.findByText('0 of 3 doors knocked this week')).toBeTruthy();
    expect(screen.getByText('East side')).toBeTruthy();
  });
});
