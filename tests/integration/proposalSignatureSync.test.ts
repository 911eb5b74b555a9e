/**
 * The kitchen-table journey without a browser: a rep's device, offline, has the homeowner sign a
 * proposal (the signed PDF made on the device with pdf-lib); back online, sync uploads the PDF
 * before the signature, the server moves the lead to Contract Signed with the deal, and the
 * manager's device pulls the signed proposal, whose PDF (from the server) verifies as unchanged.
 */
import { describe, expect, it } from 'vitest';
import { localDay } from '#src/domain/deal.ts';
import { buildSignature, signatureState, verifySignedCopy } from '#src/domain/proposals/signature.ts';
import { buildSignedProposalPdf, readSignedCopy } from '#src/features/proposals/pdf/signedPdf.ts';
import { pendingCount } from '#src/sync/commands/index.ts';
import { saveProposal, signProposal } from '#src/sync/commands/proposals.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { createDevice, startDevice } from '../support/deviceHarness.ts';
import { pngImage } from '../support/imageFixtures.ts';

describe('a proposal signed offline reaches the server and the manager', () => {
  const t = useApiWorld('pglite', ['manager', 'rep']);

  it('signed offline, synced later: the PDF before the signature, the lead at Contract Signed, the copy verified', async () => {
    const rep = createDevice(t.api, t.world.users.rep.id, t.tokens.rep);
    await startDevice(rep);
    const leadId = t.world.contacts.repOwn;
    const id = await saveProposal(
      rep.db,
      undefined,
      {
        lead_id: leadId,
        name: 'Rooftop 8 kW',
        status: 'Sent',
        option: 'Lease',
        amount: 21_000,
        panels: 20,
        details: { annual_kwh: 11_680, sun_hours: 5, panel_wattage: 400, system_kw: 7, product_ids: [] },
      },
      t.world.users.rep.id,
    );
    await rep.engine.syncNow();
    expect(await pendingCount(rep.db)).toBe(0);

    // At the kitchen table, with no signal.
    rep.faults.offline = true;
    const row = (await rep.db.proposals.get(id)) ?? { _id: id };
    const image = pngImage({ width: 200, height: 60, shade: 0x22 });
    const signedAt = new Date();
    const shown = { title: 'Solar proposal: Rooftop 8 kW', subtitle: '', sections: [] };
    const signature = await buildSignature({
      row,
      shown,
      signerName: 'Dee Homeowner',
      initials: 'DH',
      signedAt,
      signedDay: localDay(signedAt),
      signedBy: t.world.users.rep.id,
      position: { lat: 33.45, lng: -112.07, accuracy: 20 },
      image,
      fileId: crypto.randomUUID(),
      audit: [{ event: 'signed', by: t.world.users.rep.id, at: signedAt.toISOString(), position: null }],
    });
    const pdf = await buildSignedProposalPdf({
      proposal: { orgName: 'Demo Solar', brandColor: null, author: 'Demo Solar', ...shown },
      heading: 'Signature',
      lines: [{ label: 'SHA-256', value: signature.hash }],
      note: 'Checked against the attached signed content.',
      initials: 'Initials: DH',
      image,
      copy: { content: signature.content, hash: signature.hash, image: signature.image },
      signedAt,
    });
    await signProposal(rep.db, { signature, pdf, fileName: 'Rooftop-signed.pdf' }, t.world.users.rep.id);
    expect(signatureState((await rep.db.proposals.get(id)) ?? {})).toBe('signed');
    await rep.engine.syncNow();
    expect(rep.pushes).toHaveLength(1);

    // Back online.
    rep.faults.offline = false;
    const pushesBefore = rep.pushes.length;
    await rep.engine.syncNow();
    expect(await pendingCount(rep.db)).toBe(0);
    expect(rep.uploads.map((u) => [u.id, u.afterPushes])).toEqual([[signature.file_id, pushesBefore]]);
    const pushed = rep.pushes.slice(pushesBefore).flatMap((p) => p.mutations.map((m) => m.name));
    expect(pushed).toEqual(['record.save.v1', 'proposal.sign.v1']);
    const lead = await t.api.call('GET', `/api/v2/leads/get?ids=${leadId}`, { token: t.tokens.manager });
    expect((lead.body.data as Record<string, unknown>[])[0]).toMatchObject({
      deal_stage: 'Customer',
      deal_stage_status: 'Contract Signed',
      contract_amount: 21_000,
      system_size_kw: 7,
      price_per_watt: 3,
      financing: 'Lease',
    });

    // The manager's device pulls the signed proposal and checks the server's copy of the PDF.
    const manager = createDevice(t.api, t.world.users.manager.id, t.tokens.manager);
    await startDevice(manager);
    const pulled = await manager.db.proposals.get(id);
    expect(pulled).toMatchObject({ status: 'Won', signature: { hash: signature.hash } });
    const audit = (pulled?.signature as { audit: { event: string }[] } | undefined)?.audit ?? [];
    expect(audit.map((e) => e.event)).toEqual(['signed', 'synced']);
    const file = await t.api.app.request(`/api/v2/media/${signature.file_id}/content`, {
      headers: { authorization: `Bearer ${t.tokens.manager}` },
    });
    expect(file.status).toBe(200);
    const copy = await readSignedCopy(new Uint8Array(await file.arrayBuffer()));
    expect(copy).toBeDefined();
    expect(await verifySignedCopy(copy as NonNullable<typeof copy>, pulled ?? {})).toEqual({
      state: 'unchanged',
    });
    expect(signatureState((await rep.db.proposals.get(id)) ?? {})).toBe('signed');
    await rep.engine.stop();
    await manager.engine.stop();
  }, 60_000);
});
