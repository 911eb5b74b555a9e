import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { buildSignature, signatureState } from '../domain/proposals/signature.ts';
import { addLead } from './commands/index.ts';
import { saveProposal, signProposal } from './commands/proposals.ts';
import { rebase } from './pendingPatch.ts';

const freshDb = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const png = () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.7 signed');
const REP = '00000000-0000-4000-8000-0000000000c1';

async function world(name: string) {
  const db = freshDb(name);
  const lead = await addLead(db, { name: 'Ana Solar', deal_stage_status: 'Appointment Set' });
  const id = await saveProposal(db, undefined, {
    lead_id: lead,
    name: 'Rooftop',
    status: 'Sent',
    option: 'Loan',
    amount: 24_000,
    panels: 20,
    details: { annual_kwh: 11_680, sun_hours: 5, panel_wattage: 400, system_kw: 8, product_ids: [] },
  });
  const row = await db.proposals.get(id);
  const signature = await buildSignature({
    row: row ?? {},
    shown: { title: 'Rooftop', subtitle: '', sections: [] },
    signerName: 'Ana Solar',
    initials: '',
    signedAt: new Date(),
    signedDay: '2026-11-24',
    signedBy: REP,
    position: null,
    image: png(),
    fileId: crypto.randomUUID(),
    audit: [{ event: 'signed', by: REP, at: new Date().toISOString(), position: null }],
  });
  return { db, lead, id, signature };
}

describe('signProposal on the device', () => {
  it('keeps the signed PDF and queues it before the signature; the proposal shows signed and Won at once', async () => {
    const { db, lead, id, signature } = await world('sign-offline');
    const before = await db.outbox.count();
    await signProposal(db, { signature, pdf: PDF, fileName: 'Rooftop-signed.pdf' });
    const queued = (await db.outbox.orderBy('id').toArray()).slice(before);
    expect(queued.map((e) => [e.name, e.table])).toEqual([
      ['record.save.v1', 'media'],
      ['proposal.sign.v1', 'proposals'],
    ]);
    expect(queued[0]?.args).toMatchObject({
      id: signature.file_id,
      fields: { lead_id: lead, mimetype: 'application/pdf', size: PDF.byteLength },
    });
    const file = await db.media_blobs.get(signature.file_id as string);
    expect(new Uint8Array(file?.bytes as ArrayBuffer)).toEqual(PDF);
    const row = await db.proposals.get(id);
    expect(row).toMatchObject({ status: 'Won', pending: true, signature: { hash: signature.hash } });
    expect(signatureState(row ?? {})).toBe('signed');
    // The lead moves when the server applies the signature, not before.
    expect((await db.contacts.get(lead))?.deal_stage_status).toBe('Appointment Set');
    // Re-applied on top of a later server copy, the pending signature still shows.
    expect(
      rebase({ ...(row ?? { _id: id }), signature: null, status: 'Sent' }, queued.slice(1)),
    ).toMatchObject({
      status: 'Won',
      signature: { hash: signature.hash },
    });
    db.close();
  });

  it('refuses a signature that does not match what was signed, and keeps nothing', async () => {
    const { db, signature } = await world('sign-forged');
    const before = await db.outbox.count();
    await expect(
      signProposal(db, { signature: { ...signature, hash: 'b'.repeat(64) }, pdf: PDF, fileName: 'x.pdf' }),
    ).rejects.toThrow('does not match');
    await expect(
      signProposal(db, { signature: { ...signature, image: '' }, pdf: PDF, fileName: 'x.pdf' }),
    ).rejects.toThrow('image');
    expect(await db.outbox.count()).toBe(before);
    expect(await db.media_blobs.count()).toBe(0);
    db.close();
  });
});
