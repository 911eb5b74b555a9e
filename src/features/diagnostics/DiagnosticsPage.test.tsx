// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const DIAGNOSTICS = [
  { path: '/dexie', heading: 'Diagnostics: Device database', shows: 'Tables and their rows' },
  { path: '/test', heading: 'Diagnostics: Outbox', shows: /Waiting to be sent \(\d+\)/ },
  { path: '/beta', heading: 'Diagnostics: Sync log', shows: 'Pull cursor (org version on this device)' },
  { path: '/test_acl', heading: 'Diagnostics: Role check', shows: 'What you may do, and over which records' },
];

describe('the diagnostics pages', () => {
  it.each(DIAGNOSTICS)('open $path for an admin', async ({ path, heading, shows }) => {
    await renderScreen({ path, role: 'Admin', shell: true });
    await screen.findByRole('heading', { name: heading, level: 1 });
    expect((await screen.findAllByText(shows)).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it("say what an admin may do, and link to each other's pages", async () => {
    const page = await renderScreen({ path: '/test_acl', role: 'Admin', shell: true });
    // users.manage over the whole organisation.
    const row = await screen.findByRole('row', { name: /users\.manage/ });
    await waitFor(() => expect(row.textContent).toContain('whole organisation'));
    const pages = screen.getByRole('navigation', { name: 'Diagnostics pages' });
    fireEvent.click(within(pages).getByRole('link', { name: 'Device database' }));
    await waitFor(() => expect(page.location()).toBe('/dexie'));
    // The device database page names the outbox among its tables.
    await screen.findByRole('cell', { name: 'outbox' });
  });

  it.each(DIAGNOSTICS)('give a rep the not-found page at $path', async ({ path, heading }) => {
    await renderScreen({ path, role: 'User' });
    await screen.findByText(`Page not found: ${path}`);
    expect(screen.queryByRole('heading', { name: heading })).toBeNull();
  });
});
