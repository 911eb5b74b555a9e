// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';
import { PinIndexService } from '../pins/pinIndexWorker.ts';
import type { PinService } from '../pins/usePinService.ts';
import { PinMaker } from './PinMaker.tsx';

afterEach(cleanupScreens);

/** Out in the desert, away from the lead already on the device (no "a lead is already here"). */
const HERE = { lat: 34.2101, lng: -112.9302 };
const DOWNTOWN = { _id: crypto.randomUUID(), name: 'Dana Door', coordinates: [-112.07, 33.45] };

/**
 * The map's pin index, run in this thread rather than in its worker: the pin maker asks it for
 * leads nearby, and its counts are the map's pin counter.
 */
function pinIndex() {
  const index = new PinIndexService();
  const service = {
    near: async (lng: number, lat: number, metres: number) => index.near(lng, lat, metres),
    sameAddress: async (address: string) => index.sameAddress(address),
  } as unknown as PinService;
  return { index, service };
}

describe('the pin maker', () => {
  it("checks a pin's phone and address with the lead form's rules and says what is wrong", async () => {
    const { index, service } = pinIndex();
    const onOpenLead = vi.fn();
    const page = await renderScreen({
      role: 'User',
      rows: { contacts: [DOWNTOWN] },
      words: ['map', 'leads'],
      element: <PinMaker position={HERE} service={service} onClose={() => {}} onOpenLead={onOpenLead} />,
    });
    await index.open(page.db.name);
    const before = index.counts();
    expect(before).toEqual({ shown: 1, total: 1 });

    const maker = await screen.findByRole('dialog', { name: 'New lead' });
    expect(within(maker).getByText('Position: 34.21010, -112.93020')).toBeTruthy();
    const field = (name: string) => within(maker).getByRole('textbox', { name });
    fireEvent.change(field('Name'), { target: { value: 'Pinned, Pat' } });
    fireEvent.change(field('Phone'), { target: { value: '602-555-CALL' } });
    fireEvent.change(field('Address'), { target: { value: 'nowhere' } });
    fireEvent.click(within(maker).getByRole('button', { name: 'Add lead' }));

    // Both problems, on their fields, in the lead form's words; nothing is saved.
    await within(maker).findByText(
      "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
    );
    expect(within(maker).getByText('Unable to resolve address')).toBeTruthy();
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(field('Address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.outbox()).toEqual([]);
    await index.refresh();
    expect(index.counts()).toEqual(before);

    // Fixed: a bare street is fine at a known position; the pin is added, with the phone's digits.
    fireEvent.change(field('Phone'), { target: { value: '602-555-0188' } });
    fireEvent.change(field('Address'), { target: { value: '12 Desert Rd' } });
    fireEvent.click(within(maker).getByRole('button', { name: 'Add lead' }));
    await waitFor(() => expect(onOpenLead).toHaveBeenCalledTimes(1));
    const [added] = await outboxOf(page, 1);
    const id = onOpenLead.mock.calls[0]?.[0] as string;
    expect(added).toMatchObject({ table: 'contacts', row_id: id });
    const lead = (await page.rows('contacts')).find((row) => row._id === id);
    expect(lead).toMatchObject({
      name: 'Pat Pinned',
      phone: '6025550188',
      coordinates: [HERE.lng, HERE.lat],
    });
    await index.refresh();
    expect(index.counts()).toEqual({ shown: before.shown + 1, total: before.total + 1 });
  });
});

/** The pin maker once a pin is dropped (a button here), so the test's network is set up first. */
function DropLater({ service }: { service: PinService }) {
  const [dropped, setDropped] = useState(false);
  if (!dropped)
    return (
      <button type="button" onClick={() => setDropped(true)}>
        Drop a pin
      </button>
    );
  return <PinMaker position={HERE} service={service} onClose={() => {}} onOpenLead={() => {}} />;
}

/** Photon's public instance answering a reverse lookup (its GeoJSON shape); the lookups it got. */
function photonAnswering() {
  const asked: string[] = [];
  const server = (url: string) => {
    if (!url.startsWith('https://photon.komoot.io/')) return undefined;
    asked.push(url);
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [HERE.lng, HERE.lat] },
      properties: {
        countrycode: 'US',
        housenumber: '12',
        street: 'Desert Road',
        town: 'Wickenburg',
        state: 'Arizona',
        postcode: '85390',
      },
    };
    return new Response(JSON.stringify({ type: 'FeatureCollection', features: [feature] }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { asked, server };
}

describe('the address of a dropped pin', () => {
  it('comes from the public Photon by default, with its credit', async () => {
    const { service } = pinIndex();
    const { asked, server } = photonAnswering();
    await renderScreen({
      role: 'User',
      online: true,
      server,
      words: ['map', 'leads'],
      element: <DropLater service={service} />,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Drop a pin' }));
    const maker = await screen.findByRole('dialog', { name: 'New lead' });
    await waitFor(() =>
      expect((within(maker).getByRole('textbox', { name: 'Address' }) as HTMLInputElement).value).toBe(
        '12 Desert Road, Wickenburg, AZ 85390',
      ),
    );
    expect(within(maker).getByText('Search by Photon (komoot), © OpenStreetMap contributors')).toBeTruthy();
    expect(new URL(asked[0] ?? '').pathname).toBe('/reverse');
  });

  it('is not looked up when the org turned address search off', async () => {
    const { service } = pinIndex();
    const { asked, server } = photonAnswering();
    await renderScreen({
      role: 'User',
      online: true,
      server,
      words: ['map', 'leads'],
      rows: { interfaces: [{ _id: 'g1', key: 'geocoder', data: { kind: 'off' } }] },
      element: <DropLater service={service} />,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Drop a pin' }));
    const maker = await screen.findByRole('dialog', { name: 'New lead' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((within(maker).getByRole('textbox', { name: 'Address' }) as HTMLInputElement).value).toBe('');
    expect(asked).toEqual([]);
  });
});
