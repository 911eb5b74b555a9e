// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { IntegrationCallbackPage } from './IntegrationCallbackPage.tsx';

// The page asks the device whether it is online; here it is.
vi.mock('#src/device/hooks/useSyncState.ts', () => ({ useOnline: () => true }));

beforeAll(provideBrowserFeaturesForMantine);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openAt(search: string) {
  const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[`/settings/integrations/callback${search}`]}>
        <IntegrationCallbackPage />
      </MemoryRouter>
    </MantineProvider>,
  );
  return fetch;
}

describe('the integrations callback page', () => {
  it('shows its own words for a known refusal, not the address’s description', async () => {
    const fetch = openAt(
      `?error=access_denied&error_description=${encodeURIComponent('Call +1 555 0100 to unlock your account')}`,
    );
    await screen.findByText('The connection was not approved at the service. Nothing was connected.');
    expect(document.body.textContent).not.toContain('555 0100');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the general text for a code it does not know, and nothing of the address', async () => {
    const planted = 'Your account is suspended. Visit evil.example to restore it';
    openAt(`?error=${encodeURIComponent(planted)}&error_description=${encodeURIComponent('<b>urgent</b>')}`);
    await screen.findByText('The service refused the connection. Nothing was connected.');
    const page = document.body.textContent ?? '';
    expect(page).not.toContain('evil.example');
    expect(page).not.toContain('urgent');
  });

  it('says what to do when the service had a problem', async () => {
    openAt('?error=temporarily_unavailable&error_description=down');
    await screen.findByText(
      'The service had a problem and could not answer. Try again later. Nothing was connected.',
    );
    expect(document.body.textContent).not.toContain('down');
  });
});
