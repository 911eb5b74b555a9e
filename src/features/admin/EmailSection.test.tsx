// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmtpSettingsAnswer } from '#src/domain/schemas/smtp.ts';
import { cleanupScreens, renderScreen, serverAnswer, serveScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const PATH = '/admin/settings/email';
const API = '/api/v2/settings/email';

const own: SmtpSettingsAnswer = {
  settings: {
    host: 'smtp.example.com',
    port: 587,
    security: 'starttls',
    username: 'crm',
    from_address: 'crm@demo-solar.example',
    from_name: 'Demo Solar',
    password_set: true,
    updated_at: '2026-11-30T10:00:00.000Z',
  },
  server_default: null,
};

/** The server's email settings: `answer` read, every change answered by `onChange`; the rest 503. */
function serve(
  answer: SmtpSettingsAnswer,
  onChange: (method: string, path: string, body: unknown) => Response,
) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  serveScreen((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === API && method === 'GET') return serverAnswer({ data: answer });
    if (path.startsWith(API)) return onChange(method, path, body);
    return undefined;
  });
  return calls;
}

/** The device comes online: the section reads the server from then on. */
async function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('Settings → Email', () => {
  it('is listed in the settings overview', async () => {
    await renderScreen({ path: '/admin/settings/overview', role: 'Admin' });
    expect(await screen.findByRole('link', { name: 'Email' })).toBeTruthy();
    expect(
      screen.getByText('The mail server signed proposals’ links are emailed to homeowners through.'),
    ).toBeTruthy();
  });

  it('says the mail server in words, never shows the password, and saves a change through the server', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    const calls = serve(own, (method, _path, body) =>
      method === 'PUT'
        ? serverAnswer({
            data: {
              settings: {
                ...own.settings,
                ...(body as object),
                password_set: true,
                updated_at: '2026-11-30T11:00:00Z',
              },
              server_default: null,
            },
          })
        : serverAnswer({ message: 'unexpected' }, 400),
    );
    await goOnline();
    await screen.findByRole('heading', { level: 1, name: 'Email' });
    const now = await screen.findByRole('status', { name: 'Email now' });
    expect(now.textContent).toBe(
      'Sent through smtp.example.com:587 (STARTTLS) as Demo Solar <crm@demo-solar.example>; signs in as crm with the password set.',
    );
    const form = screen.getByRole('form', { name: 'Mail server' });
    expect((within(form).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(
      within(form).getByText('A password is set. Leave this empty to keep it, or type a new one.'),
    ).toBeTruthy();

    // Choosing TLS moves the usual port along.
    fireEvent.click(within(form).getByRole('radio', { name: /^TLS/ }));
    expect((within(form).getByRole('textbox', { name: /Port/ }) as HTMLInputElement).value).toBe('465');
    fireEvent.change(within(form).getByRole('textbox', { name: /From name/ }), {
      target: { value: 'Demo Solar Sales' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save email settings' }));
    await screen.findByText('Email settings saved');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      host: 'smtp.example.com',
      port: 465,
      security: 'tls',
      username: 'crm',
      from_address: 'crm@demo-solar.example',
      from_name: 'Demo Solar Sales',
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Email now' }).textContent).toContain(
        '(TLS) as Demo Solar Sales',
      ),
    );
  });

  it('names a wrong field before sending, and shows the server’s refusal of a private address', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    const calls = serve({ settings: null, server_default: null }, () =>
      serverAnswer(
        {
          message:
            'The mail server’s address is not allowed: the server connects only to public addresses (see OUTBOUND_ALLOW_PRIVATE).',
        },
        400,
      ),
    );
    await goOnline();
    expect((await screen.findByRole('status', { name: 'Email now' })).textContent).toBe(
      'Not set up: no email is sent.',
    );
    const form = screen.getByRole('form', { name: 'Mail server' });
    expect(screen.queryByRole('form', { name: 'Send a test email' })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: /Host/ }), {
      target: { value: 'https://smtp.example.com' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /From address/ }), {
      target: { value: 'crm@demo-solar.example\nBcc: x@evil.example' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save email settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The host must be a name such as smtp.example.com, without https:// or a port.',
    );
    fireEvent.change(within(form).getByRole('textbox', { name: /Host/ }), { target: { value: '10.0.0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save email settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The from address must be an email address such as crm@example.com.',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(form).getByRole('textbox', { name: /From address/ }), {
      target: { value: 'crm@demo-solar.example' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save email settings' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The mail server’s address is not allowed'),
    );
  });

  it('sends a test email and says why one did not go', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    let sent = false;
    const calls = serve(own, (method, path) => {
      if (method !== 'POST' || !path.endsWith('/test')) return serverAnswer({ message: 'unexpected' }, 400);
      sent = !sent;
      return serverAnswer({ data: sent ? { sent: true } : { sent: false, failure: 'auth' } });
    });
    await goOnline();
    const test = await screen.findByRole('form', { name: 'Send a test email' });
    fireEvent.change(within(test).getByRole('textbox', { name: 'Send it to' }), {
      target: { value: 'me@demo-solar.example' },
    });
    fireEvent.click(within(test).getByRole('button', { name: 'Send test email' }));
    expect(await within(test).findByText('The test email was sent to me@demo-solar.example.')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/test'))?.body).toEqual({
      to: 'me@demo-solar.example',
      language: 'en',
    });
    fireEvent.click(within(test).getByRole('button', { name: 'Send test email' }));
    expect(
      await within(test).findByText(
        'The test email was not sent: the mail server refused the user name or password.',
      ),
    ).toBeTruthy();
  });

  it('removes the org’s own settings after a confirmation', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    const calls = serve(
      { ...own, server_default: { from_address: 'noreply@crm.example', from_name: 'CRM' } },
      (method) =>
        method === 'DELETE'
          ? serverAnswer({
              data: {
                settings: null,
                server_default: { from_address: 'noreply@crm.example', from_name: 'CRM' },
              },
            })
          : serverAnswer({ message: 'unexpected' }, 400),
    );
    await goOnline();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove these settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the email settings?' });
    expect(
      within(dialog).getByText('Email will go through the server’s own mail settings again.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove these settings' }));
    await screen.findByText('Email settings removed');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Email now' }).textContent).toBe(
        'The server’s own mail settings, sending as CRM <noreply@crm.example>.',
      ),
    );
  });

  it('needs a connection, is for admins only, and speaks Spanish', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    expect(
      await screen.findByText('The email settings need a connection. Try again when you are online.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Mail server' })).toBeNull();
    await cleanupScreens();

    await renderScreen({ path: PATH, role: 'Manager' });
    await screen.findByText('Only admins can open this page.');
    await cleanupScreens();

    await renderScreen({ path: PATH, role: 'Admin', language: 'es' });
    serve(own, () => serverAnswer({ message: 'unexpected' }, 400));
    await goOnline();
    await screen.findByRole('heading', { level: 1, name: 'Correo' });
    expect((await screen.findByRole('status', { name: 'Correo ahora' })).textContent).toContain(
      'Se envía por smtp.example.com:587 (STARTTLS)',
    );
    expect(screen.getByRole('form', { name: 'Servidor de correo' })).toBeTruthy();
  });
});
