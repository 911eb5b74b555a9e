// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import type { LeadRow } from '#src/db/rows.ts';
import type { MapImagerySetting } from '#src/domain/schemas/mapImagery.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { SatelliteSection } from './SatelliteSection.tsx';
import { SolarSection } from './SolarSection.tsx';

const settings = vi.hoisted(() => ({
  googleMapsKey: undefined as string | undefined,
  solarKey: undefined as string | undefined,
  iconsUrl: undefined as string | undefined,
}));
vi.mock('#src/api/maps/settings.ts', () => ({ MAP_SERVICE_SETTINGS: settings }));
// The org's aerial imagery setting as the device last pulled it (undefined while it is read).
const imagery = vi.hoisted(() => ({ setting: null as MapImagerySetting | null | undefined }));
vi.mock('#src/device/hooks/useMapImagery.ts', () => ({ useMapImagery: () => imagery.setting }));

beforeAll(provideBrowserFeaturesForMantine);
afterEach(() => {
  cleanup();
  settings.googleMapsKey = undefined;
  settings.solarKey = undefined;
  imagery.setting = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);
const LEAD = {
  _id: 'L',
  name: 'Pat',
  address: '4410 N 12th St, Phoenix, AZ 85014',
  coordinates: [-112.059, 33.5046],
} as unknown as LeadRow;

describe('satellite sidebar', () => {
  const roofTiles = () =>
    Array.from(
      screen.getByRole('img', { name: 'Satellite view of the roof' }).querySelectorAll('img'),
      (img) => img.getAttribute('src'),
    );

  it('without a Google key shows the roof from the public USGS imagery: nine tiles, a marker, the credit', () => {
    wrap(<SatelliteSection lead={LEAD} />);
    const region = screen.getByRole('region', { name: 'Satellite' });
    const tiles = roofTiles();
    expect(tiles).toHaveLength(9);
    // Zoom 16 (the service's deepest), tile column 12 368, row 26 288 at the centre, {z}/{y}/{x}.
    expect(tiles[4]).toBe(
      'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/16/26288/12368',
    );
    expect(region.textContent).toContain('Imagery: USGS The National Map');
    expect(region.textContent).not.toContain('Not configured');
  });

  it("without a Google key uses the org's own tile service at zoom 18, with its credit", () => {
    imagery.setting = {
      kind: 'url',
      url: 'https://aerial.example/{z}/{x}/{y}.jpg',
      attribution: 'Imagery © Example Aerials',
    };
    wrap(<SatelliteSection lead={LEAD} />);
    expect(roofTiles()[4]).toBe('https://aerial.example/18/49473/105152.jpg');
    expect(screen.getByRole('region', { name: 'Satellite' }).textContent).toContain(
      'Imagery © Example Aerials',
    );
  });

  it('names the setting it needs without a key when the org turned aerial imagery off', () => {
    imagery.setting = { kind: 'off' };
    wrap(<SatelliteSection lead={LEAD} />);
    const text = screen.getByRole('region', { name: 'Satellite' }).textContent;
    expect(text).toContain('Not configured: set VITE_GOOGLE_MAPS_KEY when building the app.');
    expect(text).toContain('Aerial imagery is turned off for your organisation');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it('says so for a lead with no position', () => {
    wrap(<SatelliteSection lead={{ ...LEAD, coordinates: undefined } as unknown as LeadRow} />);
    expect(screen.getByRole('region', { name: 'Satellite' }).textContent).toContain(
      'This lead has no position or address yet.',
    );
  });

  it('with a key shows the roof from above at the position and the house by its address, 400x400', () => {
    settings.googleMapsKey = 'browser-key';
    imagery.setting = { kind: 'off' };
    wrap(<SatelliteSection lead={LEAD} />);
    const roof = new URL(
      screen.getByRole('img', { name: 'Satellite view of the roof' }).getAttribute('src') ?? '',
    );
    expect(roof.pathname).toBe('/maps/api/staticmap');
    expect(roof.searchParams.get('center')).toBe('33.5046,-112.059');
    expect(roof.searchParams.get('maptype')).toBe('satellite');
    expect(roof.searchParams.get('size')).toBe('400x400');
    const street = new URL(
      screen.getByRole('img', { name: 'Street view of the house' }).getAttribute('src') ?? '',
    );
    expect(street.pathname).toBe('/maps/api/streetview');
    expect(street.searchParams.get('location')).toBe('4410 N 12th St, Phoenix, AZ 85014');
    expect(street.searchParams.get('size')).toBe('400x400');
    expect(street.searchParams.get('key')).toBe('browser-key');
  });
});

describe('solar sidebar', () => {
  it('names the setting it needs without a key', () => {
    wrap(<SolarSection lead={LEAD} />);
    expect(screen.getByRole('region', { name: 'Solar' }).textContent).toContain('VITE_GOOGLE_SOLAR_KEY');
  });

  it("with a key shows the provider's panels, kWh a year and sunshine hours", async () => {
    settings.solarKey = 'solar-key';
    const fetcher = vi.fn(async (_url: string) => ({
      ok: true,
      status: 200,
      json: async () => ({
        imageryQuality: 'HIGH',
        solarPotential: {
          maxArrayPanelsCount: 38,
          maxSunshineHoursPerYear: 1987.4,
          solarPanelConfigs: [{ panelsCount: 38, yearlyEnergyDcKwh: 19876.6 }],
        },
      }),
    }));
    vi.stubGlobal('fetch', fetcher);
    wrap(<SolarSection lead={LEAD} />);
    await screen.findByText('19,877 kWh');
    const region = screen.getByRole('region', { name: 'Solar' });
    expect(region.textContent).toContain('Panels38');
    expect(region.textContent).toContain('1,987 hours');
    expect(region.textContent).toContain('Imagery quality: HIGH');
    expect(String(fetcher.mock.calls[0]?.[0])).toContain('location.latitude=33.5046');
  });

  it('says why the estimate could not be loaded, and logs it', async () => {
    settings.solarKey = 'solar-key';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: false, status: 403, json: async () => ({}) })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    wrap(<SolarSection lead={LEAD} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The solar estimate could not be loaded: The solar service answered 403.');
    expect(warn).toHaveBeenCalled();
  });
});
