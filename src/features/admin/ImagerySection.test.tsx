// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRow } from '#src/db/rows.ts';
import { cleanupScreens, renderScreen, serverTakingPuts } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const PATH = '/admin/settings/aerial-imagery';
const imageryRow = (data: unknown) => ({
  interfaces: [{ _id: 'i-imagery', key: 'map_imagery', data } as EntityRow],
});

describe('Settings → Aerial imagery', () => {
  it('is listed with the other map settings in the settings overview', async () => {
    await renderScreen({ path: '/admin/settings/overview', role: 'Admin' });
    const links = (await screen.findAllByRole('link')).map((l) => l.textContent);
    expect(links.slice(links.indexOf('Base map'), links.indexOf('Base map') + 3)).toEqual([
      'Base map',
      'Address search',
      'Aerial imagery',
    ]);
  });

  it.each([
    { setting: undefined, words: 'The public USGS imagery (The National Map, public domain), the default.' },
    {
      setting: {
        kind: 'url',
        url: 'https://aerial.example/{z}/{x}/{y}.jpg',
        attribution: '© Example Aerials',
      },
      words: 'The tile service at https://aerial.example/{z}/{x}/{y}.jpg, credited “© Example Aerials”.',
    },
    { setting: { kind: 'off' }, words: 'Off: the map offers no Satellite choice' },
  ])('says the current choice in words: $setting.kind', async ({ setting, words }) => {
    await renderScreen({ path: PATH, role: 'Admin', rows: setting ? imageryRow(setting) : {} });
    await screen.findByRole('heading', { level: 1, name: 'Aerial imagery' });
    expect((await screen.findByRole('status', { name: 'Aerial imagery now' })).textContent).toContain(words);
    const form = screen.getByRole('form', { name: 'Choose the imagery' });
    const checked = within(form).getByRole('radio', { checked: true });
    expect(checked.getAttribute('value')).toBe(setting?.kind ?? 'public');
  });

  it('asks for a tile address with {z} {x} {y} before sending an own service', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    const form = await screen.findByRole('form', { name: 'Choose the imagery' });
    fireEvent.click(within(form).getByRole('radio', { name: /Your own tile service/ }));
    const save = within(form).getByRole('button', { name: 'Save imagery' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: /Tile address/ }), {
      target: { value: 'https://aerial.example/{z}/{x}.jpg' },
    });
    fireEvent.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The tile address must start with https:// and hold {z}, {x} and {y}',
    );
  });

  it('saves an own tile service with its credit through the server, and says so', async () => {
    const { sent, server } = serverTakingPuts('/api/v2/map/imagery');
    await renderScreen({ path: PATH, role: 'Admin', online: true, server });
    const form = await screen.findByRole('form', { name: 'Choose the imagery' });
    fireEvent.click(within(form).getByRole('radio', { name: /Your own tile service/ }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Tile address/ }), {
      target: { value: ' https://aerial.example/{z}/{x}/{y}.jpg ' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Credit/ }), {
      target: { value: '© Example Aerials' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save imagery' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Aerial imagery now' }).textContent).toContain(
        'The tile service at https://aerial.example/{z}/{x}/{y}.jpg',
      ),
    );
    await screen.findByText('Aerial imagery saved');
    expect(sent).toEqual([
      { kind: 'url', url: 'https://aerial.example/{z}/{x}/{y}.jpg', attribution: '© Example Aerials' },
    ]);
  });

  it('says a change needs a connection when offline', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    const form = await screen.findByRole('form', { name: 'Choose the imagery' });
    fireEvent.click(within(form).getByRole('radio', { name: /Off/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save imagery' }));
    await screen.findByText('Changing the aerial imagery needs a connection. Try again when you are online.');
  });

  it('is for admins only, and speaks Spanish', async () => {
    await renderScreen({ path: PATH, role: 'Manager' });
    await screen.findByText('Only admins can open this page.');
    expect(screen.queryByRole('form', { name: 'Choose the imagery' })).toBeNull();
    await cleanupScreens();

    await renderScreen({ path: PATH, role: 'Admin', language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Imágenes aéreas' });
    expect(screen.getByRole('radio', { name: /Públicas \(USGS\)/ })).toBeTruthy();
  });
});
