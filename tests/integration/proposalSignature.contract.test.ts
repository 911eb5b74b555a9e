/**
 * A homeowner's signature through sync (`proposal.sign.v1`): the lead's editors record one, with
 * the signed PDF attached to the lead; the proposal keeps it with its audit trail and becomes Won;
 * the lead moves to Contract Signed with the deal's value. Refused: a forged hash, content or
 * drawing changed after hashing, an oversized drawing, someone else's signature, a PDF of another
 * lead, a caller who may not edit the lead, guests and other orgs. A signature of a price the
 * proposal no longer has is kept, void, and moves nothing; a later price change voids a signature.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, proposals } from '#server/db/schema.ts';
import {
  buildSignature,
  bytesBase64,
  SIGNATURE_IMAGE_MAX_BYTES,
  type SignatureArgs,
  signatureState,
} from '#src/domain/proposals/signature.ts';
import { PROPOSAL_LEAD_DENIED } from '#src/domain/proposals/statuses.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const png = (size = 200, fill = 3) => {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

describe.each(testDatabaseKinds())('a homeowner signs a proposal, through sync on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const save = (id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table: 'proposals', id, create, fields },
  });
  const pdfRecord = (id: string, leadId: string, mimetype = 'application/pdf') => ({
    name: 'record.save.v1',
    args: {
      table: 'media',
      id,
      create: true,
      fields: { lead_id: leadId, name: 'signed.pdf', mimetype, size: 900 },
    },
  });
  const sign = (args: SignatureArgs) => ({ name: 'proposal.sign.v1', args });
  const lead = async (id: string) =>
    (await t.tdb.handle.db.select().from(contacts).where(eq(contacts.id, id)))[0];
  const stored = async (id: string) =>
    (await t.tdb.handle.db.select().from(proposals).where(eq(proposals.id, id)))[0];
  const setLeadStatus = (id: string, deal_stage: string, deal_stage_status: string) =>
    t.tdb.handle.db.update(contacts).set({ deal_stage, deal_stage_status }).where(eq(contacts.id, id));

  const fields = (leadId: string, extra: Record<string, unknown> = {}) => ({
    lead_id: leadId,
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
    ...extra,
  });

  /** A proposal saved by `who` on `leadId`, and a signature of it as `signer`'s device makes one. */
  const signed = async (
    who: UserKey,
    leadId: string,
    signer: UserKey = who,
    extra: { image?: Uint8Array; fileId?: string | null } = {},
  ) => {
    const id = randomUUID();
    const row = { _id: id, ...fields(leadId) };
    expect((await pushAs(who, [save(id, fields(leadId))]))[0]?.status).toBe('applied');
    const by = t.world.users[signer].id;
    const at = new Date();
    const args = await buildSignature({
      row,
      shown: {
        title: 'Solar proposal: Rooftop 8 kW',
        subtitle: '2026-11-24',
        sections: [{ title: 'Financing', lines: [{ label: 'Amount', value: '$24,000.00' }] }],
      },
      signerName: 'Dee Homeowner',
      initials: 'DH',
      signedAt: at,
      signedDay: '2026-11-24',
      signedBy: by,
      position: { lat: 33.45, lng: -112.07, accuracy: 15 },
      image: extra.image ?? png(),
      fileId: extra.fileId === undefined ? randomUUID() : extra.fileId,
      audit: [
        { event: 'viewed', by, at: new Date(at.getTime() - 60_000).toISOString(), position: null },
        { event: 'signed', by, at: at.toISOString(), position: { lat: 33.45, lng: -112.07, accuracy: 15 } },
      ],
    });
    return { id, args };
  };

  it("the lead's owner records it: the PDF on the lead, the proposal Won with its audit trail, the lead at Contract Signed with the deal", async () => {
    const leadId = t.world.contacts.repOwn;
    await setLeadStatus(leadId, 'Lead', 'Appointment Set');
    const { id, args } = await signed('rep', leadId);
    const results = await pushAs('rep', [pdfRecord(args.file_id as string, leadId), sign(args)]);
    expect(
      results.map((r) => r.status),
      JSON.stringify(results),
    ).toEqual(['applied', 'applied']);

    const row = (await pulledRows(t.api, t.tokens.rep, 'proposals')).find((r) => r._id === id);
    expect(row).toMatchObject({
      status: 'Won',
      signature: { hash: args.hash, file_id: args.file_id, content: { signer_name: 'Dee Homeowner' } },
    });
    const audit = (row?.signature as { audit: { event: string; by: string }[] } | undefined)?.audit ?? [];
    expect(audit.map((e) => [e.event, e.by])).toEqual([
      ['viewed', t.world.users.rep.id],
      ['signed', t.world.users.rep.id],
      ['synced', t.world.users.rep.id],
    ]);
    // The drawing itself travels in the signed PDF, not in every device's pull.
    expect(JSON.stringify(row)).not.toContain(args.image);
    expect(signatureState(row as Record<string, unknown>)).toBe('signed');
    // The lead as every device pulls it: the deal's figures with its status.
    const pulledLead = (await pulledRows(t.api, t.tokens.manager, 'contacts')).find((r) => r._id === leadId);
    expect(pulledLead).toMatchObject({
      deal_stage: 'Customer',
      deal_stage_status: 'Contract Signed',
      contract_amount: 24_000,
      system_size_kw: 8,
      price_per_watt: 3,
      financing: 'Loan',
      contract_signed_date: '2026-11-24',
    });
    const media = (await pulledRows(t.api, t.tokens.manager, 'media')).find((r) => r._id === args.file_id);
    expect(media).toMatchObject({ lead_id: leadId, mimetype: 'application/pdf' });
    expect((await pulledRows(t.api, t.tokens.manager, 'proposals')).find((r) => r._id === id)).toBeTruthy();
    expect(
      (await pulledRows(t.api, t.tokens.outsider, 'proposals')).find((r) => r._id === id),
    ).toBeUndefined();

    // A later change of the price voids the signature, visibly, on every device.
    expect((await pushAs('rep', [save(id, { amount: 26_000 }, false)]))[0]?.status).toBe('applied');
    const repriced = (await pulledRows(t.api, t.tokens.rep, 'proposals')).find((r) => r._id === id);
    expect(signatureState(repriced as Record<string, unknown>)).toBe('void');
    // The name is not the price: renaming leaves a fresh signature standing.
    const again = await signed('rep', leadId);
    await pushAs('rep', [pdfRecord(again.args.file_id as string, leadId), sign(again.args)]);
    await pushAs('rep', [save(again.id, { name: 'Rooftop (signed)' }, false)]);
    const renamed = (await pulledRows(t.api, t.tokens.rep, 'proposals')).find((r) => r._id === again.id);
    expect(signatureState(renamed as Record<string, unknown>)).toBe('signed');
  });

  it('refuses a forged hash, content or a drawing changed after hashing, and an oversized drawing', async () => {
    const leadId = t.world.contacts.repOwn;
    const { id, args } = await signed('rep', leadId, 'rep', { fileId: null });
    const forged: [string, SignatureArgs, RegExp][] = [
      ['a forged hash', { ...args, hash: 'a'.repeat(64) }, /hash: does not match/],
      [
        'a lower price under the same hash',
        { ...args, content: { ...args.content, priced: { ...args.content.priced, amount: 1 } } },
        /hash: does not match/,
      ],
      ['another drawing', { ...args, image: bytesBase64(png(200, 9)) }, /image_sha256: does not match/],
      ['not a PNG', { ...args, image: bytesBase64(new Uint8Array(50).fill(4)) }, /image: must be a PNG/],
      [
        'an oversized drawing',
        { ...args, image: bytesBase64(png(SIGNATURE_IMAGE_MAX_BYTES + 10)) },
        /image: is larger than 128 KB/,
      ],
      [
        'a proposal other than the one signed',
        { ...args, proposal_id: randomUUID() },
        /content.proposal_id: must be the proposal/,
      ],
      ['an empty name', { ...args, content: { ...args.content, signer_name: '' } }, /signer_name/],
      [
        'a time far ahead',
        { ...args, content: { ...args.content, signed_at: '2100-01-01T00:00:00Z' } },
        /hash|signed_at/,
      ],
    ];
    const results = await pushAs(
      'rep',
      forged.map(([, a]) => sign(a)),
    );
    results.forEach((r, i) => {
      const [what, , message] = forged[i] as (typeof forged)[number];
      expect(r.status, what).toBe('rejected');
      expect(r.message, what).toMatch(message);
    });
    // A time far ahead with its hash made good is still refused.
    const ahead = await buildSignature({
      row: { _id: id, ...fields(leadId) },
      shown: args.content.shown,
      signerName: 'Dee',
      initials: '',
      signedAt: new Date(Date.now() + 3 * 86_400_000),
      signedDay: '2026-11-24',
      signedBy: t.world.users.rep.id,
      position: null,
      image: png(),
      fileId: null,
      audit: [],
    });
    const [future] = await pushAs('rep', [sign(ahead)]);
    expect(future).toMatchObject({ status: 'rejected' });
    expect(future?.message).toMatch(/signed_at: must not be in the future/);
    expect((await stored(id))?.signature).toBeNull();
    expect((await stored(id))?.status).toBe('Sent');
  });

  it('refuses a caller who may not edit the lead, a guest, another org, and a signature sent as someone else', async () => {
    const teamLead = t.world.contacts.teamA; // rep works it (status changes) but may not edit it
    await setLeadStatus(teamLead, 'Lead', 'Appointment Set');
    const onTeam = await signed('rep2', teamLead, 'rep');
    const [byRep] = await pushAs('rep', [sign(onTeam.args)]);
    expect(byRep).toMatchObject({ status: 'rejected', message: PROPOSAL_LEAD_DENIED });

    const asGuest = await signed('rep2', teamLead, 'guest', { fileId: null });
    const [byGuest] = await pushAs('guest', [sign(asGuest.args)]);
    expect(byGuest?.status).toBe('rejected');

    const asOutsider = await signed('rep2', teamLead, 'outsider', { fileId: null });
    const [byOutsider] = await pushAs('outsider', [sign(asOutsider.args)]);
    expect(byOutsider).toMatchObject({ status: 'rejected' });
    expect(byOutsider?.message).toMatch(/does not exist/);

    // The owner's device cannot send a signature another person's device took.
    const someoneElse = await signed('rep2', teamLead, 'rep', { fileId: null });
    const [notTheirs] = await pushAs('rep2', [sign(someoneElse.args)]);
    expect(notTheirs).toMatchObject({ status: 'rejected' });
    expect(notTheirs?.message).toMatch(/person whose device took it/);

    // Nor name a PDF of another lead, or a file that is not a PDF.
    const own = await signed('rep2', teamLead);
    const otherLeadFile = await pushAs('rep2', [
      pdfRecord(own.args.file_id as string, t.world.contacts.teamB),
      sign(own.args),
    ]);
    expect(otherLeadFile[1]).toMatchObject({ status: 'rejected' });
    expect(otherLeadFile[1]?.message).toMatch(/file_id/);

    for (const p of [onTeam, asGuest, asOutsider, someoneElse, own]) {
      expect((await stored(p.id))?.signature).toBeNull();
    }
    expect((await lead(teamLead))?.deal_stage_status).toBe('Appointment Set');

    // The lead's owner may.
    const byOwner = await signed('rep2', teamLead);
    const ok = await pushAs('rep2', [
      pdfRecord(byOwner.args.file_id as string, teamLead),
      sign(byOwner.args),
    ]);
    expect(ok.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await lead(teamLead))?.deal_stage_status).toBe('Contract Signed');
  });

  it('a signature of a price the proposal no longer has is kept, void, and moves nothing', async () => {
    const leadId = t.world.contacts.consultant;
    await setLeadStatus(leadId, 'Lead', 'Appointment Set');
    const { id, args } = await signed('rep', leadId, 'rep', { fileId: null });
    // Another device repriced the proposal before this signature arrived.
    expect((await pushAs('manager', [save(id, { amount: 30_000 }, false)]))[0]?.status).toBe('applied');
    const [late] = await pushAs('rep', [sign(args)]);
    expect(late?.status).toBe('applied');
    const row = await stored(id);
    expect(row?.status).toBe('Sent');
    expect(signatureState(row as Record<string, unknown>)).toBe('void');
    expect((await lead(leadId))?.deal_stage_status).toBe('Appointment Set');
  });
});
