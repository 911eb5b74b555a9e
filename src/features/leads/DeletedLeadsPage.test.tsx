// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen, serverAnswer } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const PATH = '/admin/deleted-leads';
const DORA = {
  _id: '0190a0b0-0000-7000-8000-0000000000e1',
  name: 'Dora Deleted',
  address: '12 Elm St, Mesa, AZ 85201',
  phone: '',
  deleted_at: '2026-03-10T12:00:00.000Z',
  deleted_by: null,
};

/** A server that lists Dora until she is restored; what the page sent it, in order. */
function doraServer() {
  const sent: { url: string; method: string; body?: unknown }[] = [];
  let deleted = [DORA];
  const server = (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.includes('/api/v2/leads/edit')) {
      sent.push({ url, method: init?.method ?? 'GET', body });
      deleted = [];
      return serverAnswer({ data: { ...DORA, deleted_at: null } });
    }
    if (!url.includes('/api/v2/leads/deleted')) return undefined;
    sent.push({ url, method: init?.method ?? 'GET' });
    return serverAnswer({ data: deleted });
  };
  return { sent, server };
}

describe('the deleted leads page', () => {
  it('lists the org’s deleted leads to an admin and restores one through the server', async () => {
    const { sent, server } = doraServer();
    await renderScreen({ path: PATH, role: 'Admin', online: true, server });
    await screen.findByRole('heading', { level: 1, name: 'Deleted leads' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search deleted leads' }), {
      target: { value: 'dora' },
    });
    await waitFor(() => expect(sent.at(-1)?.url).toContain('/api/v2/leads/deleted?q=dora'));
    expect(await screen.findByText('Dora Deleted')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Restore Dora Deleted' }));
    expect(await screen.findByText('Lead restored')).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')).toMatchObject({
      body: { _id: DORA._id, deleted: false },
    });
    expect(await screen.findByText('No deleted leads.')).toBeTruthy();
  });

  it('says that it needs a connection when offline', async () => {
    await renderScreen({ path: PATH, role: 'Admin', language: 'es' });
    await screen.findByRole('heading', { name: 'Prospectos eliminados' });
    expect(
      await screen.findByText('Los prospectos eliminados solo se pueden ver y restaurar con conexión.'),
    ).toBeTruthy();
  });

  it('is not open to a manager, who gets the page-not-found page', async () => {
    await renderScreen({ path: PATH, role: 'Manager' });
    expect(await screen.findByText(`Page not found: ${PATH}`)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Deleted leads' })).toBeNull();
  });
});
