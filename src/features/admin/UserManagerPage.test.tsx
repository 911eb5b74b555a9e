// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

describe('the admin overview and the user manager', () => {
  it.each(['/admin', '/admin/users'])(
    'are neither in the side panel of a rep nor usable by one at %s',
    async (path) => {
      await renderScreen({ path, role: 'User', shell: true });
      const nav = screen.getByRole('navigation', { name: 'Main' });
      await within(nav).findByRole('link', { name: 'Contacts' });
      expect(within(nav).queryByRole('link', { name: 'User manager' })).toBeNull();
      expect(within(nav).queryByRole('link', { name: 'Overview' })).toBeNull();
      await screen.findByText('Only admins can open this page.');
      expect(screen.queryByRole('form', { name: 'Add a user' })).toBeNull();
    },
  );

  it('is in the side panel of an admin, with the form to add a user', async () => {
    await renderScreen({ path: '/admin/users', role: 'Admin', shell: true });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'User manager' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Add a user' });
    expect(screen.queryByText('Only admins can open this page.')).toBeNull();
    // Where the new user belongs: their teams and their region.
    expect(within(form).getByLabelText('Teams')).toBeTruthy();
    expect(within(form).getByLabelText('Region')).toBeTruthy();
  });
});
