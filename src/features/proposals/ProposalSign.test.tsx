// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildSignature,
  bytesBase64,
  signatureState,
  signedProposalChanges,
} from '#src/domain/proposals/signature.ts';
import { pngImage } from '#tests/support/imageFixtures.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';
import { readSignedCopy } from './pdf/signedPdf.ts';

/**
 * jsdom has no canvas to draw on: the pad is a stand-in with signature_pad's surface, which a test
 * 'draws' on (a stroke ends, the pad holds a real PNG).
 */
const pads = vi.hoisted(() => [] as { draw(): void }[]);
vi.mock('signature_pad', () => ({
  default: class FakePad extends EventTarget {
    private empty = true;
    constructor(_canvas: HTMLCanvasElement) {
      super();
      pads.push(this);
    }
    draw() {
      this.empty = false;
      this.dispatchEvent(new Event('endStroke'));
    }
    isEmpty() {
      return this.empty;
    }
    clear() {
      this.empty = true;
    }
    toData() {
      return [];
    }
    fromData() {}
    off() {}
    toDataURL() {
      return `data:image/png;base64,${drawing}`;
    }
  },
}));
const drawing = bytesBase64(pngImage({ width: 120, height: 40, shade: 0x10 }));

beforeEach(() => {
  pads.length = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(cleanupScreens);

const REP = crypto.randomUUID();
const LEAD = crypto.randomUUID();
const PROPOSAL = crypto.randomUUID();

const rows = () => ({
  contacts: [
    {
      _id: LEAD,
      name: 'Dee Homeowner',
      address: '1 Main St, Phoenix, AZ 85004',
      owner_id: REP,
      deal_stage_status: 'Appointment Set',
    },
  ],
  proposals: [
    {
      _id: PROPOSAL,
      lead_id: LEAD,
      name: 'Rooftop 8 kW',
      financer: 'GoodLeap',
      option: 'Loan',
      date: '2026-11-24',
      panels: 20,
      status: 'Sent',
      amount: 24_000,
      details: {
        utility: 'APS',
        usage_source: 'annual',
        annual_kwh: 11_680,
        sun_hours: 5,
        panel_wattage: 400,
        required_kw: 8,
        system_kw: 8,
        product_ids: [],
      },
    },
  ],
});

describe('the homeowner signs a proposal on the rep’s phone, offline', () => {
  it('refuses an empty signature or a missing name, then signs: the signed PDF is kept and verifies, until the price changes', async () => {
    const view = await renderScreen({ path: `/proposal?id=${PROPOSAL}`, self: { _id: REP }, rows: rows() });
    const section = await screen.findByRole('region', { name: 'Signature' });
    expect(within(section).getByText('Not signed yet.')).toBeTruthy();
    fireEvent.click(await within(section).findByRole('button', { name: 'Sign' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign the proposal' });
    const shown = await within(dialog).findByRole('region', { name: 'The proposal as it will be signed' });
    expect(within(shown).getByText('Solar proposal: Rooftop 8 kW')).toBeTruthy();
    expect(within(shown).getByText('Name: Dee Homeowner')).toBeTruthy();
    expect(within(shown).getByText('Amount: $24,000.00')).toBeTruthy();
    const outboxBefore = (await view.outbox()).length;

    // Nothing drawn, no name: refused, saying why.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await within(dialog).findByText('Draw the signature before signing.')).toBeTruthy();
    expect(within(dialog).getByText('Type the homeowner’s printed name.')).toBeTruthy();
    // Drawn, still no name: still refused.
    pads.at(-1)?.draw();
    await waitFor(() => expect(within(dialog).queryByText('Draw the signature before signing.')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await within(dialog).findByText('Type the homeowner’s printed name.')).toBeTruthy();
    expect((await view.outbox()).length).toBe(outboxBefore);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Printed name/ }), {
      target: { value: 'Dee Homeowner' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Initials/ }), { target: { value: 'DH' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));

    // Signed on the device: the PDF verifies against the proposal, waiting to be sent.
    expect(await screen.findByText('Signed and unchanged')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign the proposal' })).toBeNull());
    expect(within(section).getByText('Waiting to be sent')).toBeTruthy();
    expect(within(section).getByText(/^Signed by Dee Homeowner on /)).toBeTruthy();
    expect(within(section).getByText(/^Signed by .*, position not known$/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Sign' })).toBeNull();
    const editNote =
      'This proposal is signed. Changing its price or design voids the signature, and it needs a new one.';
    expect(screen.getByText(editNote)).toBeTruthy();

    const queued = (await view.outbox()).slice(outboxBefore);
    expect(queued.map((e) => e.name)).toEqual(['record.save.v1', 'proposal.sign.v1']);
    const fileId = String(queued[1]?.args.file_id);
    const file = await view.db.media_blobs.get(fileId);
    expect(file?.type).toBe('application/pdf');
    const copy = await readSignedCopy(new Uint8Array(file?.bytes as ArrayBuffer));
    expect(copy?.content).toMatchObject({
      signer_name: 'Dee Homeowner',
      initials: 'DH',
      position: null,
      shown: { title: 'Solar proposal: Rooftop 8 kW' },
    });
    const [signed] = await view.rows('proposals');
    expect(signed).toMatchObject({ status: 'Won' });
    expect(signatureState(signed ?? { _id: PROPOSAL })).toBe('signed');

    // A later change of the price voids it, visibly, and asks for a new signature.
    await view.db.proposals.update(PROPOSAL, { amount: 26_000 });
    expect(
      await within(section).findByText(
        'Signature void: the price or design changed after signing. A new signature is needed.',
      ),
    ).toBeTruthy();
    expect(await within(section).findByText('Changed after signing')).toBeTruthy();
    expect(within(section).getByText('The price or design changed after signing.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Sign again' })).toBeTruthy();
    expect(screen.queryByText(editNote)).toBeNull();
  }, 60_000);

  it('speaks Spanish, and a Guest cannot sign', async () => {
    await renderScreen({
      path: `/proposal?id=${PROPOSAL}`,
      self: { _id: REP },
      rows: rows(),
      language: 'es',
    });
    const section = await screen.findByRole('region', { name: 'Firma' });
    expect(within(section).getByText('Aún sin firmar.')).toBeTruthy();
    fireEvent.click(await within(section).findByRole('button', { name: 'Firmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firmar la propuesta' });
    // Signed once the proposal shows in it, as a person would.
    await within(dialog).findByRole('region', { name: 'La propuesta tal como se firmará' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    expect(await within(dialog).findByText('Dibuje la firma antes de firmar.')).toBeTruthy();
    await cleanupScreens();

    await renderScreen({ path: `/proposal?id=${PROPOSAL}`, role: 'Guest', self: { _id: REP }, rows: rows() });
    const guestSection = await screen.findByRole('region', { name: 'Signature' });
    expect(within(guestSection).getByText('Not signed yet.')).toBeTruthy();
    expect(within(guestSection).queryByRole('button', { name: 'Sign' })).toBeNull();
  }, 30_000);

  it('a signed proposal synced from another phone: its PDF is checked online, and a link for the homeowner needs a connection', async () => {
    const base = rows();
    const [row] = base.proposals;
    if (!row) throw new Error('no proposal');
    const signature = await buildSignature({
      row,
      shown: { title: 'Solar proposal: Rooftop 8 kW', subtitle: '', sections: [] },
      signerName: 'Dee Homeowner',
      initials: '',
      signedAt: new Date('2026-11-24T18:30:00Z'),
      signedDay: '2026-11-24',
      signedBy: REP,
      position: { lat: 33.4484, lng: -112.074, accuracy: 12 },
      image: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]),
      fileId: crypto.randomUUID(),
      audit: [{ event: 'signed', by: REP, at: '2026-11-24T18:30:00.000Z', position: null }],
    });
    const signed = { ...row, ...signedProposalChanges(row, signature) };
    await renderScreen({
      path: `/proposal?id=${PROPOSAL}`,
      self: { _id: REP },
      rows: { ...base, proposals: [signed] },
    });
    const section = await screen.findByRole('region', { name: 'Signature' });
    expect(
      await within(section).findByText(
        'The signed PDF is not on this device; it is checked when the phone is online.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Sign' })).toBeNull();
    fireEvent.click(await within(section).findByRole('button', { name: 'Share with the homeowner' }));
    expect(
      await within(section).findByText('Sharing needs a connection. Try again when the phone is online.'),
    ).toBeTruthy();
    await cleanupScreens();

    // The list says which proposals are signed and which signatures are void.
    const repriced = { ...signed, _id: crypto.randomUUID(), name: 'Repriced', amount: 1 };
    await renderScreen({
      path: '/proposals',
      self: { _id: REP },
      rows: { ...base, proposals: [signed, repriced] },
    });
    const table = await screen.findByRole('table', { name: 'Proposals' });
    const rowOf = (name: string) =>
      within(table)
        .getByRole('link', { name: `Open proposal ${name}` })
        .closest('tr') as HTMLElement;
    await waitFor(() => expect(within(rowOf('Rooftop 8 kW')).getByText('Signed')).toBeTruthy());
    expect(within(rowOf('Repriced')).getByText('Signature void')).toBeTruthy();
  }, 30_000);
});
