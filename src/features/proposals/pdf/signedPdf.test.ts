import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildSignature, signedProposalChanges, verifySignedCopy } from '#src/domain/proposals/signature.ts';
import { pngImage } from '#tests/support/imageFixtures.ts';
import { buildSignedProposalPdf, readSignedCopy, SIGNED_COPY_NAME } from './signedPdf.ts';

const ROW = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  lead_id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Rooftop',
  option: 'Loan',
  amount: 24_000,
  panels: 20,
  status: 'Sent',
  details: { system_kw: 8 },
};
const SHOWN = {
  title: 'Solar proposal: Rooftop',
  subtitle: '2026-11-24',
  sections: [
    { title: 'Homeowner', lines: [{ label: 'Name', value: 'Dee Print' }] },
    { title: 'Financing', lines: [{ label: 'Amount', value: '$24,000.00' }] },
  ],
};

async function signedPdf(initials = 'DH') {
  const image = pngImage({ width: 300, height: 100, shade: 0x20 });
  const signature = await buildSignature({
    row: ROW,
    shown: SHOWN,
    signerName: 'Dee Print',
    initials,
    signedAt: new Date('2026-11-24T18:30:00Z'),
    signedDay: '2026-11-24',
    signedBy: '00000000-0000-4000-8000-0000000000c1',
    position: null,
    image,
    fileId: null,
    audit: [],
  });
  const copy = { content: signature.content, hash: signature.hash, image: signature.image };
  const bytes = await buildSignedProposalPdf({
    proposal: { orgName: 'Demo Solar', brandColor: '#2b8a3e', ...SHOWN, author: 'Demo Solar' },
    heading: 'Signature',
    lines: [
      { label: 'Signed by', value: 'Dee Print' },
      { label: 'Position', value: 'Position not known' },
      { label: 'SHA-256', value: signature.hash },
    ],
    note: 'Check the SHA-256 against the attached file.',
    initials: initials ? `Initials: ${initials}` : null,
    image,
    copy,
    signedAt: new Date('2026-11-24T18:30:00Z'),
  });
  return { bytes, signature, row: { ...ROW, ...signedProposalChanges(ROW, signature) } };
}

describe('the signed PDF', () => {
  it('is a PDF carrying what was signed, which verifies against the proposal', async () => {
    const { bytes, signature, row } = await signedPdf();
    const doc = await PDFDocument.load(bytes);
    expect(doc.getSubject()).toBe(`SHA-256 ${signature.hash}`);
    expect(doc.getTitle()).toBe(SHOWN.title);
    const copy = await readSignedCopy(bytes);
    expect(copy).toEqual({ content: signature.content, hash: signature.hash, image: signature.image });
    expect(await verifySignedCopy(copy as NonNullable<typeof copy>, row)).toEqual({ state: 'unchanged' });
    expect(await verifySignedCopy(copy as NonNullable<typeof copy>, { ...row, amount: 1 })).toEqual({
      state: 'changed',
      reason: 'proposal',
    });
  });

  it('a copy whose attached content was edited reads as changed after signing', async () => {
    const { bytes, row } = await signedPdf('');
    // Re-attach an edited copy, as someone editing the file would.
    const copy = await readSignedCopy(bytes);
    const edited = { ...copy, content: { ...copy?.content, signer_name: 'Someone Else' } };
    const doc = await PDFDocument.create();
    await doc.attach(new TextEncoder().encode(JSON.stringify(edited)), SIGNED_COPY_NAME, {
      mimeType: 'application/json',
    });
    doc.addPage();
    const forged = await readSignedCopy(await doc.save());
    expect(await verifySignedCopy(forged as NonNullable<typeof forged>, row)).toEqual({
      state: 'changed',
      reason: 'copy',
    });
  });

  it('anything else carries no signed copy', async () => {
    expect(await readSignedCopy(new Uint8Array([1, 2, 3]))).toBeUndefined();
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await readSignedCopy(await plain.save())).toBeUndefined();
  });
});
