// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntityRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { solveWalk, type WalkPoint } from '#src/domain/walkRoute.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';
import { nextUserId, STRANGER } from '#tests/support/teamWorld.ts';
import { PinIndexService } from '../pins/pinIndexWorker.ts';
import type { PinService } from '../pins/usePinService.ts';
import type { LassoArea } from '../utils/lassoArea.ts';
import { useWalk } from './useWalk.ts';
import { WalkBar } from './WalkBar.tsx';
import { WalkButton } from './WalkButton.tsx';

afterEach(cleanupScreens);

let ME = '';
beforeEach(() => {
  ME = nextUserId();
});

/** The rep stands at the west end of a street; a door every step (about 9 m) east of them. */
const START: WalkPoint = { lng: -111.83, lat: 33.41 };
const AREA: LassoArea = {
  type: 'Polygon',
  coordinates: [
    [
      [-111.84, 33.4],
      [-111.82, 33.4],
      [-111.82, 33.42],
      [-111.84, 33.42],
      [-111.84, 33.4],
    ],
  ],
};
const door = (n: number, name: string, step: number, extra: Record<string, unknown> = {}) => ({
  _id: `0190a0b0-0000-7000-8000-0000000009${String(n).padStart(2, '0')}`,
  version: 3,
  name,
  address: `${n} Elm St, Mesa, AZ 85201`,
  coordinates: [START.lng + step * 0.0001, START.lat],
  deal_stage: 'Contact',
  deal_stage_status: 'Prospect',
  energy_consultants: [],
  deleted_at: null,
  field_versions: { deal_stage_status: 2 },
  ...extra,
});

/** Five doors to walk (one another rep's, shared with me), and three the rules leave out. */
const doors = () => [
  door(1, 'Ann Able', 1, { owner_id: ME }),
  door(2, 'Bob Baker', 2, { owner_id: ME }),
  door(3, 'Cy Cole', 3, { owner_id: null }),
  door(4, 'Di Dunn', 4, { owner_id: ME }),
  door(5, 'Ed Eng', 5, { owner_id: STRANGER, energy_consultants: [ME] }),
  door(6, 'Ray Renter', 2.5, { owner_id: ME, deal_stage_status: 'Renter' }),
  door(7, 'Sam Stranger', 1.5, { owner_id: STRANGER }),
  door(8, 'Kay Knocked', 3.5, { owner_id: ME }),
];
const idOf = (n: number) => `0190a0b0-0000-7000-8000-0000000009${String(n).padStart(2, '0')}`;

const inThread = async (start: WalkPoint, stops: WalkPoint[]) => solveWalk(start, stops);
const here = async () => START;

/** The map's walk control and bar over the map's pin index and solver, run in this thread. */
function Walk({ service, opened }: { service: PinService; opened: string[] }) {
  const walk = useWalk({
    service,
    view: () => undefined,
    drawn: AREA,
    openLead: (id) => opened.push(id),
    locate: here,
    solver: inThread,
  });
  const { editLead } = useCommands();
  return (
    <>
      <WalkButton walk={walk} />
      <WalkBar walk={walk} />
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => void editLead(idOf(n), { deal_stage_status: 'Not Home 1' })}
        >
          {`Knock ${n}`}
        </button>
      ))}
    </>
  );
}

async function showWalk(language: 'en' | 'es' = 'en', rows = doors()) {
  const index = new PinIndexService();
  const service = { inArea: async (area: LassoArea) => index.inArea(area) } as unknown as PinService;
  const opened: string[] = [];
  const shown = await renderScreen({
    role: 'User',
    language,
    self: { _id: ME, name: 'Rita Rep' },
    rows: {
      contacts: rows as EntityRow[],
      knocks: [
        {
          _id: '0190a0b0-0000-7000-8000-000000000a01',
          lead_id: idOf(8),
          user_id: ME,
          knocked_at: new Date(Date.now() - 86_400_000).toISOString(),
        } as EntityRow,
      ],
    },
    words: ['map'],
    element: <Walk service={service} opened={opened} />,
  });
  await index.open(shown.db.name);
  return { shown, opened };
}

const bar = () => screen.getByRole('region', { name: 'Your walk' });
async function plan(name = 'Plan my walk') {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  fireEvent.click(button);
  return screen.findByRole('region', { name: /Your walk|Tu recorrido/ });
}

describe("the lead map's 'Plan my walk'", () => {
  it('walks the eligible doors in order: Next door opens each, and a knock advances the walk', async () => {
    const { opened } = await showWalk();
    await plan();
    await within(bar()).findByText('5 doors left');
    expect(within(bar()).getByText('Doors in the area drawn · 3 left out by the walk rules')).toBeTruthy();

    fireEvent.click(await within(bar()).findByRole('button', { name: 'Next door' }));
    expect(opened).toEqual([idOf(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Knock 1' }));
    await within(bar()).findByText('4 doors left');
    expect(within(bar()).getByText(/1 knocked/)).toBeTruthy();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Next door' }));
    expect(opened).toEqual([idOf(1), idOf(2)]);

    for (const n of [2, 3, 4, 5]) fireEvent.click(screen.getByRole('button', { name: `Knock ${n}` }));
    await within(bar()).findByText('Walk done: every door knocked.');
    expect(within(bar()).queryByRole('button', { name: 'Next door' })).toBeNull();
    fireEvent.click(within(bar()).getByRole('button', { name: 'End walk' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your walk' })).toBeNull());
  });

  it('plans the rest again from the door knocked out of order', async () => {
    const { opened } = await showWalk();
    await plan();
    await within(bar()).findByText('5 doors left');
    await within(bar()).findByRole('button', { name: 'Next door' });
    // Di's door is fourth; from it, Ed's (next door east) comes before Cy's, Bob's and Ann's.
    fireEvent.click(screen.getByRole('button', { name: 'Knock 4' }));
    await within(bar()).findByText('4 doors left');
    await waitFor(() => {
      fireEvent.click(within(bar()).getByRole('button', { name: 'Next door' }));
      expect(opened.at(-1)).toBe(idOf(5));
    });
  });

  it('plans the rest again from where the rep strayed to', async () => {
    let moved: PositionCallback | undefined;
    const geolocation = {
      watchPosition: vi.fn((success: PositionCallback) => {
        moved = success;
        return 1;
      }),
      clearWatch: vi.fn(),
      getCurrentPosition: vi.fn(),
    };
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
    try {
      const { opened } = await showWalk();
      await plan();
      await within(bar()).findByRole('button', { name: 'Next door' });
      await waitFor(() => expect(moved).toBeDefined());
      // About 110 m north of Ed's door, far from the first leg (the start to Ann's).
      moved?.({
        coords: { longitude: START.lng + 0.0005, latitude: START.lat + 0.001, accuracy: 5 },
        timestamp: Date.now(),
      } as GeolocationPosition);
      await waitFor(() => {
        fireEvent.click(within(bar()).getByRole('button', { name: 'Next door' }));
        expect(opened.at(-1)).toBe(idOf(5));
      });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('says when no door is left to walk, in Spanish too', async () => {
    const closed = doors().map((d) => ({ ...d, deal_stage_status: 'No Soliciting' }));
    await showWalk('es', closed);
    await plan('Planificar mi recorrido');
    expect(
      await within(screen.getByRole('region', { name: 'Tu recorrido' })).findByText(
        'No hay puertas que recorrer aquí: 8 quedan fuera por las reglas de recorrido de tu organización o son de otras personas.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tu recorrido' })).toBeNull());
  });
});
