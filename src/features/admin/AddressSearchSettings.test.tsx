// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen, serverTakingPuts } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const PATH = '/admin/settings/address-search';

describe('the address search setting', () => {
  it('shows an admin the public Photon as the default, and saves their own Photon, then off', async () => {
    const { sent, server } = serverTakingPuts('/api/v2/map/geocoder');
    await renderScreen({ path: PATH, role: 'Admin', online: true, server });
    await screen.findByRole('heading', { name: 'Address search' });
    const now = await screen.findByRole('status', { name: 'Address search now' });
    expect(now.textContent).toBe(
      'Photon’s public instance (photon.komoot.io, OpenStreetMap data), the default.',
    );
    expect(screen.getByText(/Photon’s public instance is offered by komoot for fair use/)).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Choose the address search' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Your own Photon instance' }));
    const save = within(form).getByRole('button', { name: 'Save address search' }) as HTMLButtonElement;
    // No address yet: nothing to save.
    expect(save.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: /Address of your Photon instance/ }), {
      target: { value: ' https://photon.example.org ' },
    });
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address search now' }).textContent).toBe(
        'Your own Photon instance at https://photon.example.org',
      ),
    );

    fireEvent.click(within(form).getByRole('radio', { name: 'Off' }));
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address search now' }).textContent).toMatch(/^Off: /),
    );
    expect(sent).toEqual([{ kind: 'photon', url: 'https://photon.example.org' }, { kind: 'off' }]);
  });

  it('shows the org’s pulled choice, in Spanish too', async () => {
    await renderScreen({
      path: PATH,
      role: 'Admin',
      language: 'es',
      rows: {
        interfaces: [
          { _id: 'g1', key: 'geocoder', data: { kind: 'nominatim', url: 'https://osm.example.org' } },
        ],
      },
    });
    const now = await screen.findByRole('status', { name: 'Búsqueda de direcciones ahora' });
    expect(now.textContent).toBe('Su propia instancia de Nominatim en https://osm.example.org');
    // The choice is offered as it is, its address ready to keep.
    expect(
      (screen.getByRole('radio', { name: 'Su propia instancia de Nominatim' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('textbox', { name: /Dirección de su instancia de Nominatim/ }) as HTMLInputElement)
        .value,
    ).toBe('https://osm.example.org');
  });

  it('is out of a rep’s reach', async () => {
    await renderScreen({ path: PATH, role: 'User' });
    await screen.findByText('Only admins can open this page.');
    expect(screen.queryByRole('form', { name: 'Choose the address search' })).toBeNull();
  });
});
