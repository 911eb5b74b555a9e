// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetFix } from '#src/device/hooks/useKnockPosition.ts';
import { addDays, dayKeyOfDate } from '#src/domain/tables/calendar.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(async () => {
  await cleanupScreens();
  forgetFix();
});

const today = dayKeyOfDate(new Date());
/** An instant on a local day (`YYYY-MM-DD`) at a local hour. */
const on = (day: string, hour: number, minute = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, hour, minute).toISOString();
};
/** Dallas, and points some kilometres north of it (0.01° of latitude is about 1.11 km). */
const north = (km: number): [number, number] => [-96.797, 32.7767 + km / 111.195];

const lead = (name: string, coordinates: [number, number] | null, address: string) => ({
  _id: crypto.randomUUID(),
  name,
  address,
  coordinates,
  deal_stage_status: 'Appointment Set',
});
const visit = (
  leadId: string,
  user: string,
  start: string,
  end: string | null,
  more: Record<string, unknown> = {},
) => ({
  _id: crypto.randomUUID(),
  lead_id: leadId,
  user_id: user,
  start_time: start,
  end_time: end,
  appointment_type: 'In-person',
  status: 'Scheduled',
  ...more,
});

/** A rep's day: Ada at 9, Bo 3 km away at 11, Cy (no pin) at 14, a cancelled visit, tomorrow's Di, a colleague's Eve. */
function world() {
  const rep = crypto.randomUUID();
  const colleague = crypto.randomUUID();
  const ada = lead('Ada Lopez', north(0), '1 Main St, Dallas, TX 75201');
  const bo = lead('Bo Lane', north(3), '9 Elm St, Dallas, TX 75204');
  const cy = lead('Cy Moss', null, '40 Oak Ave, Dallas, TX 75205');
  const di = lead('Di Park', north(1), '3 Pine St, Dallas, TX 75206');
  const eve = lead('Eve Stone', north(2), '5 Ash St, Dallas, TX 75207');
  return {
    rep,
    rows: {
      users: [{ _id: colleague, name: 'Cam Colleague', email: 'cam@test.local' }],
      contacts: [ada, bo, cy, di, eve],
      appointments: [
        visit(bo._id, rep, on(today, 11), null),
        visit(ada._id, rep, on(today, 9), on(today, 10)),
        visit(cy._id, rep, on(today, 14), on(today, 15)),
        visit(eve._id, rep, on(today, 10), null, { status: 'Cancelled' }),
        visit(di._id, rep, on(addDays(today, 1), 9), null),
        visit(eve._id, colleague, on(today, 12), null),
      ],
    },
  };
}

const stopNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]?.textContent);

describe('My day', () => {
  it("lists the rep's appointments of today in time order, each leg's distance and a directions link, offline", async () => {
    const { rep, rows } = world();
    await renderScreen({
      path: '/appointment/day',
      self: { _id: rep, name: 'Riley Rep' },
      rows,
      shell: true,
    });
    const list = await screen.findByRole('list', { name: /^Appointments on / });
    expect(stopNames(list)).toEqual(['Ada Lopez', 'Bo Lane', 'Cy Moss']);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['My day']);
    // Ada → Bo is 3 km (1.9 mi) with an hour between; Cy has no pin, so the leg to it is not known.
    expect(within(list).getByText('1.9 mi from the previous appointment')).toBeTruthy();
    expect(within(list).getByText('about 6 minutes driving · 60 minutes between')).toBeTruthy();
    expect(within(list).getByText(/^Distance from the previous appointment not known/)).toBeTruthy();
    expect(screen.getByText('3 appointments, 1.9 mi in straight lines between them')).toBeTruthy();
    expect(screen.getByText(/^1 has no pin on the map/)).toBeTruthy();
    // A browser that is neither Apple's nor Android gets Google Maps on the web, beside the app.
    const toAda = screen.getByRole('link', { name: /^Directions to Ada Lopez at 9:00/ });
    expect(toAda.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=32.7767,-96.797&travelmode=driving',
    );
    expect(toAda.getAttribute('target')).toBe('_blank');
    // Without a pin, directions go to the address.
    const toCy = screen.getByRole('link', { name: /^Directions to Cy Moss at 2:00/ });
    expect(toCy.getAttribute('href')).toContain('destination=40%20Oak%20Ave%2C%20Dallas');
    expect(screen.getByText('No pin on the map: directions go to the address.')).toBeTruthy();
    // The cancelled visit is listed apart; tomorrow's and the colleague's are not today's.
    const cancelled = screen.getByRole('region', { name: 'Cancelled appointments' });
    expect(within(cancelled).getByText(/Eve Stone/)).toBeTruthy();
    expect(within(list).queryByText('Eve Stone')).toBeNull();
    expect(screen.queryByText('Di Park')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ada Lopez' }).getAttribute('href')).toMatch(/^\/contacts\//);
  });

  it('opens Apple Maps on an iPhone', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    );
    const { rep, rows } = world();
    await renderScreen({ path: '/appointment/day', self: { _id: rep }, rows });
    const toBo = await screen.findByRole('link', { name: /^Directions to Bo Lane/ });
    expect(toBo.getAttribute('href')).toMatch(/^maps:\/\/\?daddr=32\.80368,-96\.797&dirflg=d$/);
    expect(toBo.getAttribute('target')).toBeNull();
  });

  it('shows another day from the day picker, and says when a day has none', async () => {
    const { rep, rows } = world();
    await renderScreen({ path: '/appointment/day', self: { _id: rep }, rows });
    await screen.findByRole('link', { name: 'Ada Lopez' });
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    const list = await screen.findByRole('list', { name: /^Appointments on / });
    await within(list).findByText('Di Park');
    expect(screen.queryByText('Ada Lopez')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: addDays(today, 5) } });
    expect(await screen.findByText('No appointments on this day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('link', { name: 'Ada Lopez' })).toBeTruthy();
  });

  it('flags a trip too long for the time between', async () => {
    const rep = crypto.randomUUID();
    const near = lead('Gus Near', north(0), '1 Main St');
    const far = lead('Hal Far', north(40), '2 Far Rd');
    await renderScreen({
      path: '/appointment/day',
      self: { _id: rep },
      rows: {
        contacts: [near, far],
        appointments: [
          visit(near._id, rep, on(today, 9), on(today, 10)),
          visit(far._id, rep, on(today, 10, 15), null),
        ],
      },
    });
    expect(await screen.findByText('1 trip may be too long for the time between appointments.')).toBeTruthy();
    expect(screen.getByText('May not make it in time')).toBeTruthy();
  });

  it('measures from where the rep is to the next appointment', async () => {
    const { rep, rows } = world();
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({
        coords: { latitude: north(1)[1], longitude: north(1)[0], accuracy: 10 },
        timestamp: Date.now(),
      } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    // Before 9 in the morning every appointment is still to come; the next is Ada's.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(on(today, 7)) });
    try {
      await renderScreen({ path: '/appointment/day', self: { _id: rep }, rows });
      fireEvent.click(await screen.findByRole('button', { name: 'Measure from where I am' }));
      expect(await screen.findByText(/^From where you are to Ada Lopez at 9:00\s?AM: 0\.6 mi$/)).toBeTruthy();
      expect(
        screen.getByText('about 2 minutes driving · about 16 minutes walking · 120 minutes between'),
      ).toBeTruthy();
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('reads in Spanish', async () => {
    const { rep, rows } = world();
    await renderScreen({ path: '/appointment/day', self: { _id: rep }, rows, language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi día' })).toBeTruthy();
    await screen.findByRole('link', { name: /^Cómo llegar a Ada Lopez a las 9:00/ });
    expect(screen.getByText('1.9 mi desde la cita anterior')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Día siguiente' })).toBeTruthy();
  });

  it('is reached from the calendar', async () => {
    const { rep, rows } = world();
    const shown = await renderScreen({ path: '/appointment', self: { _id: rep }, rows });
    fireEvent.click(
      await screen.findByRole('link', { name: 'My day: appointments in order, with directions' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'My day' })).toBeTruthy();
    expect(shown.location()).toBe('/appointment/day');
  });
});
