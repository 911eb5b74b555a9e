// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { SessionCheck } from './SessionCheck.tsx';

beforeAll(provideBrowserFeaturesForMantine);
// Lets the answer's promise chain finish before looking.
const settle = () => new Promise((resolve) => setTimeout(resolve));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// Tests run as a development build: a refused session stays on the page and says so.
describe('SessionCheck in development', () => {
  it('says the session was refused, without leaving the page', async () => {
    const fetch = vi.fn(async () => answer(401, { success: false, active: false, message: 'expired' }));
    vi.stubGlobal('fetch', fetch);
    const before = location.href;
    render(
      <MantineProvider>
        <SessionCheck />
      </MantineProvider>,
    );
    await screen.findByText('Your session has expired or is not valid. Please sign in again.');
    expect(fetch).toHaveBeenCalledWith('/api/v2/auth/validate', expect.objectContaining({ method: 'POST' }));
    expect(location.href).toBe(before);
  });

  it('shows nothing for a valid session or when the server cannot be reached', async () => {
    const valid = vi.fn(async () => answer(200, { success: true, active: true }));
    vi.stubGlobal('fetch', valid);
    const { unmount } = render(
      <MantineProvider>
        <SessionCheck />
      </MantineProvider>,
    );
    await waitFor(() => expect(valid).toHaveBeenCalled());
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    render(
      <MantineProvider>
        <SessionCheck />
      </MantineProvider>,
    );
    await waitFor(() => expect(offline).toHaveBeenCalled());
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
