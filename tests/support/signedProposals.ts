/**
 * A proposal signed on a rep's phone, as sync brings it to the server: the proposal saved, its
 * signed PDF uploaded and recorded on the lead, then the signature (`proposal.sign.v1`).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { buildSignature, type SignatureArgs } from '#src/domain/proposals/signature.ts';
import type { TestApi } from './api.ts';
import { type MutationResults, pushMutations } from './syncCalls.ts';

const PDF = new TextEncoder().encode('%PDF-1.7\n% the signed proposal\n%%EOF\n');
const png = () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6, 7, 8]);

export const proposalFields = (leadId: string) => ({
  lead_id: leadId,
  name: 'Rooftop 8 kW',
  option: 'Cash',
  panels: 20,
  status: 'Sent',
  amount: 24_000,
  details: { annual_kwh: 11_680, sun_hours: 5, panel_wattage: 400, system_kw: 8, product_ids: [] },
});

export async function pushAs(api: TestApi, token: string, mutations: { name: string; args: unknown }[]) {
  const res = await pushMutations(api, token, mutations);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results as MutationResults;
}

/** A proposal of `leadId` signed by `userId` (signed in with `token`) on `signedDay`. */
export async function signedProposal(
  api: TestApi,
  token: string,
  userId: string,
  leadId: string,
  signedDay = '2026-11-24',
): Promise<{ id: string; args: SignatureArgs }> {
  const id = randomUUID();
  const fileId = randomUUID();
  const args = await buildSignature({
    row: { _id: id, ...proposalFields(leadId) },
    shown: { title: 'Solar proposal: Rooftop 8 kW', subtitle: '', sections: [] },
    signerName: 'Dee Homeowner',
    initials: '',
    signedAt: new Date(),
    signedDay,
    signedBy: userId,
    position: null,
    image: png(),
    fileId,
    audit: [],
  });
  const put = await api.app.request(`/api/v2/media/${fileId}/content`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: PDF,
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const results = await pushAs(api, token, [
    {
      name: 'record.save.v1',
      args: { table: 'proposals', id, create: true, fields: proposalFields(leadId) },
    },
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
}
