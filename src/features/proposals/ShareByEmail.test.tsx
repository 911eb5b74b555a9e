// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShareEmail, ShareEmailList } from '#src/domain/proposals/shareEmail.ts';
import { buildSignature, signedProposalChanges } from '#src/domain/proposals/signature.ts';
import { cleanupScreens, renderScreen, serverAnswer, serveScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const REP = crypto.randomUUID();
const LEAD = crypto.randomUUID();
const PROPOSAL = crypto.randomUUID();
const LIST = `/api/v2/proposals/${PROPOSAL}/share/emails`;
const SEND = `/api/v2/proposals/${PROPOSAL}/share/email`;

/** A proposal of the rep's lead, signed and synced, its signature holding. */
async function signedRows(language = 'spanish') {
  const proposal = {
    _id: PROPOSAL,
    lead_id: LEAD,
    name: 'Rooftop 8 kW',
    option: 'Cash',
    panels: 20,
    status: 'Sent',
    amount: 24_000,
    details: { annual_kwh: 11_680, sun_hours: 5, panel_wattage: 400, system_kw: 8, product_ids: [] },
  };
  const signature = await buildSignature({
    row: proposal,
    shown: { title: 'Solar proposal: Rooftop 8 kW', subtitle: '', sections: [] },
    signerName: 'Dee Homeowner',
    initials: '',
    signedAt: new Date('2026-11-24T18:30:00Z'),
    signedDay: '2026-11-24',
    signedBy: REP,
    position: null,
    image: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]),
    fileId: crypto.randomUUID(),
    audit: [],
  });
  return {
    contacts: [
      {
        _id: LEAD,
        name: 'Dee Homeowner',
        email: 'dee@home.example',
        preferred_language: language,
        owner_id: REP,
        deal_stage_status: 'Contract Signed',
      },
    ],
    proposals: [{ ...proposal, ...signedProposalChanges(proposal, signature) }],
  };
}

const email = (over: Partial<ShareEmail>): ShareEmail => ({
  id: crypto.randomUUID(),
  to: 'dee@home.example',
  language: 'es',
  status: 'queued',
  failure: null,
  created_at: '2026-11-25T10:00:00.000Z',
  sent_at: null,
  expires_at: '2026-12-25T10:00:00.000Z',
  ...over,
});

/**
 * The server, as far as this section asks it: the list answers `lists` in turn (the last one
 * again), a send answers `sent`. Everything else answers 503.
 */
function serve(
  lists: ShareEmailList[],
  sent: Response | (() => Response) = () => serverAnswer({ data: email({}) }, 201),
) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  let read = 0;
  serveScreen((address, init) => {
    const url = new URL(address, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ url: url.pathname, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === LIST) return serverAnswer({ data: lists[Math.min(read++, lists.length - 1)] });
    if (url.pathname === SEND && method === 'POST') return typeof sent === 'function' ? sent() : sent;
    // Sync and the rest: the server is there but cannot answer them (the phone stays online).
    return undefined;
  });
  return calls;
}

/** The phone comes online: the section reads the server from then on. */
async function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
}

async function openSection(language: 'en' | 'es' = 'en', leadLanguage = 'spanish') {
  await renderScreen({
    path: `/proposal?id=${PROPOSAL}`,
    self: { _id: REP },
    rows: await signedRows(leadLanguage),
    language,
  });
  return screen.findByRole('region', {
    name: language === 'es' ? 'Enviarlo por correo al propietario' : 'Email it to the homeowner',
  });
}

describe('emailing a signed proposal’s link to its homeowner', () => {
  it('prefills the lead’s email and language, sends, and says how each email went', async () => {
    const section = await openSection();
    const calls = serve([
      { email_ready: true, emails: [] },
      { email_ready: true, emails: [email({ status: 'sending' })] },
      {
        email_ready: true,
        emails: [
          email({ status: 'sent', sent_at: '2026-11-25T10:00:05.000Z' }),
          email({ to: 'old@home.example', status: 'failed', failure: 'connection' }),
        ],
      },
    ]);
    await goOnline();
    const address = await within(section).findByRole('textbox', { name: /Homeowner’s email/ });
    expect((address as HTMLInputElement).value).toBe('dee@home.example');
    expect((within(section).getByLabelText('Language of the email') as HTMLInputElement).value).toBe(
      'Español',
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Email the link' }));
    await waitFor(() => expect(calls.some((c) => c.url === SEND)).toBe(true));
    expect(calls.find((c) => c.url === SEND)).toMatchObject({
      method: 'POST',
      body: { to: 'dee@home.example', language: 'es' },
    });
    // While it is on its way the list is read again, until it says how it went.
    expect(await within(section).findByText('Sending to dee@home.example…')).toBeTruthy();
    const list = await within(section).findByRole('list', { name: 'Emails to the homeowner' });
    await waitFor(() => expect(within(list).getByText(/^Sent to dee@home\.example on /)).toBeTruthy());
    expect(
      within(list).getByText('Not sent to old@home.example: the mail server could not be reached.'),
    ).toBeTruthy();
  });

  it('refuses an address that is not one before asking the server, and shows the server’s refusal', async () => {
    const section = await openSection('en', 'english');
    const calls = serve(
      [{ email_ready: true, emails: [] }],
      serverAnswer(
        { message: 'Your organisation has emailed 100 links to homeowners within 60 minutes.' },
        429,
      ),
    );
    await goOnline();
    const address = await within(section).findByRole('textbox', { name: /Homeowner’s email/ });
    expect((within(section).getByLabelText('Language of the email') as HTMLInputElement).value).toBe(
      'English',
    );
    fireEvent.change(address, { target: { value: 'Dee <dee@home.example>' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Email the link' }));
    expect(await within(section).findByText('Type an email address such as name@example.com.')).toBeTruthy();
    expect(calls.some((c) => c.url === SEND)).toBe(false);

    fireEvent.change(address, { target: { value: 'other@home.example' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Email the link' }));
    expect(
      await within(section).findByText(
        'Your organisation has emailed 100 links to homeowners within 60 minutes.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.url === SEND)?.body).toEqual({ to: 'other@home.example', language: 'en' });
  });

  it('says when email is not set up, in the server’s words, and offers no form', async () => {
    const section = await openSection();
    serve([{ email_ready: false, emails: [] }]);
    await goOnline();
    expect(
      await within(section).findByText(
        'Email is not set up for this organisation. An admin sets it up in Settings → Email.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Email the link' })).toBeNull();
  });

  it('needs a connection, and speaks Spanish', async () => {
    const section = await openSection('es');
    expect(
      await within(section).findByText(
        'Enviar el enlace por correo necesita conexión. Inténtelo de nuevo cuando el teléfono tenga conexión.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Enviar el enlace por correo' })).toBeNull();
  });
});
