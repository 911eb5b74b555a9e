// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, openSidePanel, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

describe("the shell's side panel", () => {
  it('draws its contents the first time it opens and keeps them once closed again', async () => {
    // In development (as here) the panel starts closed, as it does on a phone.
    await renderScreen({ path: '/contacts', role: 'User', shell: true });
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    const closed = screen.getByRole('navigation', { name: 'Main' });
    expect(within(closed).queryAllByRole('link')).toHaveLength(0);
    expect(within(closed).queryByRole('button', { name: 'Sign out' })).toBeNull();

    const nav = await openSidePanel();
    const contacts = within(nav).getByRole('link', { name: 'Contacts' });
    expect(contacts.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(within(nav).getByRole('radiogroup', { name: 'Language' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toBe(contacts);
  });
});
