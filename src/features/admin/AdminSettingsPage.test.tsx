// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, openSidePanel, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

describe("the organisation's settings", () => {
  it('keep the deal-stage editor from a rep', async () => {
    await renderScreen({ path: '/admin/settings/deal-stages', role: 'User' });
    await screen.findByText('Only admins can open this page.');
    expect(screen.queryByRole('list', { name: 'Stages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save deal stages' })).toBeNull();
  });

  it.each(['User', 'Manager'] as const)('offer a %s no way into the roles screens', async (role) => {
    await renderScreen({ path: '/admin/settings/roles', role, shell: true });
    const nav = await openSidePanel();
    await within(nav).findByRole('link', { name: 'Map' });
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Roles' })).toBeNull();
    await screen.findByText('Only admins can open this page.');
    expect(screen.queryByRole('link', { name: 'New role' })).toBeNull();
    await cleanupScreens();

    await renderScreen({ path: '/admin/settings/roles/new', role });
    await screen.findByText('Only admins can change roles.');
    expect(screen.queryByRole('button', { name: 'Save role' })).toBeNull();
  });

  it('open the roles and the deal stages to an admin', async () => {
    await renderScreen({ path: '/admin/settings/roles', role: 'Admin', shell: true });
    const nav = await openSidePanel();
    await within(nav).findByRole('link', { name: 'Settings' });
    await screen.findByRole('link', { name: 'New role' });
    await cleanupScreens();

    await renderScreen({ path: '/admin/settings/deal-stages', role: 'Admin' });
    await screen.findByRole('list', { name: 'Stages' });
    expect(screen.queryByText('Only admins can open this page.')).toBeNull();
  });
});
