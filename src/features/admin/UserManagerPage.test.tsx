// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, openSidePanel, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

describe('the admin overview and the user manager', () => {
  it.each(['/admin', '/admin/users'])(
    'are neither in the side panel of a rep nor usable by one at %s',
    async (path) => {
      await renderScreen({ path, role: 'User', shell: true });
      const nav = await openSidePanel();
      await within(nav).findByRole('link', { name: 'Contacts' });
      expect(within(nav).queryByRole('link', { name: 'User manager' })).toBeNull();
      expect(within(nav).queryByRole('link', { name: 'Overview' })).toBeNull();
      await screen.findByText('Only admins can open this page.');
      expect(screen.queryByRole('form', { name: 'Add a user' })).toBeNull();
    },
  );

  it('is in the side panel of an admin, with the form to add a user', async () => {
    await renderScreen({ path: '/admin/users', role: 'Admin', shell: true });
    const nav = await openSidePanel();
    await within(nav).findByRole('link', { name: 'User manager' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Add a user' });
    expect(screen.queryByText('Only admins can open this page.')).toBeNull();
    // Where the new user belongs: their teams and their region.
    expect(within(form).getByLabelText('Teams')).toBeTruthy();
    expect(within(form).getByLabelText('Region')).toBeTruthy();
  });

  it("tells a user not added in the spec's red toast, the reason under it, and keeps what was typed", async () => {
    await renderScreen({ path: '/admin/users', role: 'Admin' });
    const form = await screen.findByRole('form', { name: 'Add a user' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Newman, Nora' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'nora@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    const refused = await screen.findByText('There was an error adding the user. Please try again.');
    const toast = refused.closest('[role="alert"]') as HTMLElement;
    expect(
      within(toast).getByText(
        'Adding a user needs a connection. What you typed is kept: try again once online.',
      ),
    ).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      'Newman, Nora',
    );
  });

  it('says it in Spanish too', async () => {
    await renderScreen({ path: '/admin/users', role: 'Admin', language: 'es' });
    const form = await screen.findByRole('form', { name: 'Añadir un usuario' });
    const [name, email] = within(form).getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.change(name as HTMLInputElement, { target: { value: 'Newman, Nora' } });
    fireEvent.change(email as HTMLInputElement, { target: { value: 'nora@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir usuario' }));
    await screen.findByText('Hubo un error al añadir el usuario. Inténtelo de nuevo.');
  });
});
