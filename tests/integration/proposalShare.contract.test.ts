/**
 * A signed proposal's copy for the homeowner: the lead's editors make a link
 * (`POST /api/v2/proposals/{id}/share`) for a signed proposal whose signature holds and whose PDF
 * reached the server; the homeowner opens it without an account (the proposal, the signature, the
 * deal's status, the signed PDF), read only; a wrong or expired token, another role, another org
 * and an unsigned or void proposal are refused.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, proposalShares } from '#server/db/schema.ts';
import { buildSignature, type SignatureArgs } from '#src/domain/proposals/signature.ts';
import { SHARE_NO_PDF, SHARE_NOT_FOUND, SHARE_NOT_SIGNED } from '#src/domain/proposals/signatureShare.ts';
import { PROPOSAL_LEAD_DENIED } from '#src/domain/proposals/statuses.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PDF = new TextEncoder().encode('%PDF-1.7\n% the signed proposal\n%%EOF\n');
const png = () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6, 7, 8]);

describe.each(testDatabaseKinds())('a signed proposal shared with its homeowner on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const fields = (leadId: string) => ({
    lead_id: leadId,
    name: 'Rooftop 8 kW',
    option: 'Cash',
    panels: 20,
    status: 'Sent',
    amount: 24_000,
    details: { annual_kwh: 11_680, sun_hours: 5, panel_wattage: 400, system_kw: 8, product_ids: [] },
  });
  const share = (who: UserKey | null, id: string, body: unknown = {}) =>
    t.api.call('POST', `/api/v2/proposals/${id}/share`, { ...(who ? { token: t.tokens[who] } : {}), body });
  const open = (path: string) => t.api.call('GET', new URL(path, 'http://x').pathname);

  /** A proposal of `leadId` signed by `who`, its PDF uploaded unless told otherwise. */
  const signedProposal = async (who: UserKey, leadId: string, upload = true) => {
    const id = randomUUID();
    const fileId = randomUUID();
    const by = t.world.users[who].id;
    const args: SignatureArgs = await buildSignature({
      row: { _id: id, ...fields(leadId) },
      shown: { title: 'Solar proposal: Rooftop 8 kW', subtitle: '', sections: [] },
      signerName: 'Dee Homeowner',
      initials: '',
      signedAt: new Date(),
      signedDay: '2026-11-24',
      signedBy: by,
      position: null,
      image: png(),
      fileId,
      audit: [],
    });
    if (upload) {
      const put = await t.api.app.request(`/api/v2/media/${fileId}/content`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${t.tokens[who]}`, 'content-type': 'application/pdf' },
        body: PDF,
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    const results = await pushAs(who, [
      { name: 'record.save.v1', args: { table: 'proposals', id, create: true, fields: fields(leadId) } },
      {
        name: 'record.save.v1',
        args: {
          table: 'media',
          id: fileId,
          create: true,
          fields: { lead_id: leadId, name: 'signed.pdf', mimetype: 'application/pdf', size: PDF.byteLength },
        },
      },
      { name: 'proposal.sign.v1', args },
    ]);
    expect(
      results.map((r) => r.status),
      JSON.stringify(results),
    ).toEqual(['applied', 'applied', 'applied']);
    return { id, args };
  };

  it('the lead’s owner makes a link; the homeowner opens the proposal, the deal’s status and the signed PDF without an account', async () => {
    const leadId = t.world.contacts.repOwn;
    const { id, args } = await signedProposal('rep', leadId);
    const made = await share('rep', id, { days: 7 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { url, expires_at } = made.body.data as { url: string; expires_at: string };
    expect(url).toMatch(/\/signed\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const token = url.split('/').at(-1) as string;
    // Only the token's hash is kept.
    const stored = await t.tdb.handle.db
      .select()
      .from(proposalShares)
      .where(eq(proposalShares.proposal_id, id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = await open(`/api/v2/shared/proposals/${token}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data).toMatchObject({
      proposal_name: 'Rooftop 8 kW',
      signer_name: 'Dee Homeowner',
      hash: args.hash,
      signature_state: 'signed',
      deal_stage: 'Customer',
      deal_stage_status: 'Contract Signed',
      contract_amount: 24_000,
      pdf_url: `/api/v2/shared/proposals/${token}/pdf`,
    });
    const pdf = await t.api.app.request(`/api/v2/shared/proposals/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(PDF);

    // Read only: the deal's later status shows; a later price change shows the signature void.
    await t.tdb.handle.db
      .update(contacts)
      .set({ deal_stage_status: 'Permit Sent' })
      .where(eq(contacts.id, leadId));
    await pushAs('rep', [
      { name: 'record.save.v1', args: { table: 'proposals', id, create: false, fields: { amount: 1 } } },
    ]);
    expect((await open(`/api/v2/shared/proposals/${token}`)).body.data).toMatchObject({
      deal_stage_status: 'Permit Sent',
      signature_state: 'void',
    });
    // …and a void signature cannot be shared again.
    expect(await share('rep', id)).toMatchObject({ status: 400, body: { message: SHARE_NOT_SIGNED } });
  });

  it('refuses a wrong token and an expired one', async () => {
    const { id } = await signedProposal('rep', t.world.contacts.repOwn);
    const made = await share('rep', id, { days: 1 });
    const token = (made.body.data as { url: string }).url.split('/').at(-1) as string;
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [`/api/v2/shared/proposals/${wrong}`, `/api/v2/shared/proposals/${wrong}/pdf`]) {
      const res = await open(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SHARE_NOT_FOUND);
    }
    expect((await open('/api/v2/shared/proposals/short')).status).toBe(404);
    // The link's day has passed.
    await t.tdb.handle.db
      .update(proposalShares)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(proposalShares.proposal_id, id));
    for (const path of [`/api/v2/shared/proposals/${token}`, `/api/v2/shared/proposals/${token}/pdf`]) {
      const res = await open(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SHARE_NOT_FOUND);
    }
  });

  it('refuses the wrong role, another org, no session, an unsigned proposal, a PDF not yet uploaded and bad days', async () => {
    const teamLead = t.world.contacts.teamA; // rep works it but may not edit it
    const { id } = await signedProposal('rep2', teamLead);
    expect(await share('rep', id)).toMatchObject({ status: 403, body: { message: PROPOSAL_LEAD_DENIED } });
    expect([403, 404]).toContain((await share('guest', id)).status);
    expect((await share('outsider', id)).status).toBe(404);
    expect((await share(null, id)).status).toBe(401);
    expect((await share('rep2', randomUUID())).status).toBe(404);
    for (const days of [0, 91, 1.5, 'week']) expect((await share('rep2', id, { days })).status).toBe(400);
    expect((await share('rep2', id, { days: 7, extra: 1 })).status).toBe(400);
    expect((await share('rep2', id)).status).toBe(201);

    const unsigned = randomUUID();
    await pushAs('rep2', [
      {
        name: 'record.save.v1',
        args: { table: 'proposals', id: unsigned, create: true, fields: fields(teamLead) },
      },
    ]);
    expect(await share('rep2', unsigned)).toMatchObject({ status: 400, body: { message: SHARE_NOT_SIGNED } });
    const notUploaded = await signedProposal('rep2', teamLead, false);
    expect(await share('rep2', notUploaded.id)).toMatchObject({
      status: 400,
      body: { message: SHARE_NO_PDF },
    });
  });
});
