// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const ADDRESS = '12 Elm St, Mesa, AZ 85201';
const ME = '0190a0b0-0000-7000-8000-0000000000a1';
type Row = { _id: string } & Record<string, unknown>;
const lead = (fields: Record<string, unknown>): Row => ({
  _id: '0190a0b0-0000-7000-8000-0000000000b1',
  version: 5,
  name: 'Ada Address',
  address: ADDRESS,
  owner_id: ME,
  energy_consultants: [ME],
  coordinates: null,
  ...fields,
});
const geocoder = (kind: string): Row => ({ _id: 'geocoder-setting', key: 'geocoder', data: { kind } });

async function open(row: Row, interfaces: Row[] = [], language: 'en' | 'es' = 'en') {
  await renderScreen({
    path: `/contacts/${row._id}`,
    self: { _id: ME },
    rows: { contacts: [row], interfaces },
    language,
  });
  await screen.findByRole('heading', { name: 'Ada Address' });
}

describe('the lead page on a lead with an address and no position', () => {
  it('says the server is finding the address on the map', async () => {
    await open(lead({}));
    expect(await screen.findByText('Finding this address on the map…')).toBeTruthy();
  });

  it('says when the address could not be found, in Spanish too', async () => {
    const failed = { state: 'failed', at: '2025-01-01T00:00:00.000Z', address: ADDRESS };
    await open(lead({ placement: failed }), [], 'es');
    expect(await screen.findByText('No se encontró esta dirección en el mapa.')).toBeTruthy();
  });

  it('says nothing of it when the lead has a position', async () => {
    await open(lead({ coordinates: [-111.8, 33.4] }));
    await screen.findByText('33.40000, -111.80000');
    expect(screen.queryByText('Finding this address on the map…')).toBeNull();
  });

  it('says nothing of it when the org turned address search off', async () => {
    await open(lead({}), [geocoder('off')]);
    await screen.findByRole('heading', { name: 'Address' });
    expect(screen.queryByText('Finding this address on the map…')).toBeNull();
  });
});
