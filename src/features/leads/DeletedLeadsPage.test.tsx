// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

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

/** A server that lists Dora until she is restored. */
function serve() {
  const sent: { url: string; method: string; body?: unknown }[] = [];
  let deleted = [DORA];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url: String(input), method: init?.method ?? 'GET', body });
      if (String(input).includes('/api/v2/leads/edit')) deleted = [];
      const data = String(input).includes('/api/v2/leads/deleted') ? deleted : { ...DORA, deleted_at: null };
      return new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

describe('the deleted leads page', () => {
  it('lists the org’s deleted leads to an admin and restores one through the server', async () => {
    await renderScreen({ path: PATH, role: 'Admin', online: true });
    await screen.findByRole('heading', { level: 1, name: 'Deleted leads' });
    const sent = serve();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search deleted leads' }), {
      target: { value: 'dora' },
    });
    expect(await screen.findByText('Dora Deleted')).toBeTruthy();
    expect(sent[0]?.url).toContain('/api/v2/leads/deleted?q=dora');

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
