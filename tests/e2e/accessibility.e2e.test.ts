/**
 * Every screen, as a person sees it: signed out, as an admin (and, in accessibilityRep, as a rep),
 * in the light and the dark colour scheme (the app follows the system scheme until the user picks
 * one), checked with axe for serious and critical violations, and for one `main` landmark and one
 * `h1`. Screens other suites already check on their way (sign-in error, lead detail dialogs,
 * import, board drag) are visited here too, so one run gives the whole picture.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSignature } from '#src/domain/proposals/signature.ts';
import { proposalFields } from '#tests/support/signedProposals.ts';
import { acceptDemoTerms, describeScreensAs, Findings, SLOW, UI, usePages } from './accessibilityWalk.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken } from './session.ts';

/**
 * A link to the homeowner's copy of a proposal signed on a lead of the test's own, made as a
 * rep's phone makes it through sync: the proposal, its signed PDF, the signature; then 'Share'.
 */
async function signedProposalLink(baseUrl: string): Promise<string> {
  const token = await apiToken(baseUrl, 'admin@demo.local');
  const call = async (method: string, path: string, body: unknown, type = 'application/json') => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': type, authorization: `Bearer ${token}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  };
  const lead = (await call('POST', '/api/v2/leads/add', { name: `Signed ${randomUUID().slice(0, 8)}` })) as {
    data: { _id: string };
  };
  const leadId = lead.data._id;
  const [id, fileId] = [randomUUID(), randomUUID()];
  const fields = proposalFields(leadId);
  const pdf = '%PDF-1.7\n% the signed proposal\n%%EOF\n';
  const signature = await buildSignature({
    row: { _id: id, ...fields },
    shown: { title: 'Solar proposal: Rooftop 8 kW', subtitle: '', sections: [] },
    signerName: 'Dee Homeowner',
    initials: '',
    signedAt: new Date(),
    signedDay: new Date().toISOString().slice(0, 10),
    signedBy: (await call('POST', '/api/v2/auth/validate', {}))._id as string,
    position: null,
    image: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6, 7, 8]),
    fileId,
    audit: [],
  });
  await call('PUT', `/api/v2/media/${fileId}/content`, pdf, 'application/pdf');
  const pushed = await call('POST', '/api/v2/sync/push', {
    client_id: randomUUID(),
    schema_version: 1,
    mutations: [
      { id: 1, name: 'record.save.v1', args: { table: 'proposals', id, create: true, fields } },
      {
        id: 2,
        name: 'record.save.v1',
        args: {
          table: 'media',
          id: fileId,
          create: true,
          fields: { lead_id: leadId, name: 'signed.pdf', mimetype: 'application/pdf', size: pdf.length },
        },
      },
      { id: 3, name: 'proposal.sign.v1', args: signature },
    ],
  });
  expect((pushed.results as { status: string }[]).map((r) => r.status)).toEqual([
    'applied',
    'applied',
    'applied',
  ]);
  const shared = (await call('POST', `/api/v2/proposals/${id}/share`, {})) as { data: { url: string } };
  return shared.data.url;
}

acceptDemoTerms();

describe('accessibility of every screen, light and dark', () => {
  const baseUrl = e2eBaseUrl();
  const newPage = usePages();

  it(
    'signed out: sign-in (with its error), the legal page and a homeowner’s signed proposal',
    async () => {
      const findings = new Findings('signed out');
      const page = await newPage();
      await page.goto(`${baseUrl}/auth/login`);
      await page.getByLabel('Email').waitFor(UI);
      await findings.check(page, 'sign-in');
      await page.getByLabel('Email').fill('rep@demo.local');
      await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('The email or password is incorrect.').waitFor(UI);
      await findings.check(page, 'sign-in refused');
      await page.goto(`${baseUrl}/legal/privacy`);
      await page.locator('h1, h2').first().waitFor(UI);
      await findings.check(page, 'legal page', 'fixed');
      // The homeowner's copy of a proposal signed on a rep's phone, opened from its link.
      await page.goto(await signedProposalLink(baseUrl));
      await page.getByRole('heading', { name: /Rooftop 8 kW/, level: 1 }).waitFor(UI);
      await findings.check(page, "homeowner's signed proposal");
      findings.expectClean();
    },
    SLOW,
  );

  describeScreensAs({ who: 'admin', email: 'admin@demo.local', admin: true }, newPage);

  it(
    'a new user: the terms dialog over the profile editor',
    async () => {
      const findings = new Findings('new user');
      const token = await apiToken(baseUrl, 'admin@demo.local');
      const email = `a11y.${Date.now()}@demo.local`;
      const added = await fetch(`${baseUrl}/api/v2/users/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Access, Ada', email, password: 'new-user-pass', access_level: 'User' }),
      });
      expect(added.status).toBe(201);
      const page = await newPage();
      await page.goto(`${baseUrl}/auth/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill('new-user-pass');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'I accept' }).waitFor(UI);
      await expect.poll(() => page.getByRole('button', { name: 'I accept' }).isEnabled(), UI).toBe(true);
      await findings.check(page, 'terms dialog');
      await page.getByRole('button', { name: 'I accept' }).click();
      await page.getByRole('button', { name: 'I accept' }).waitFor({ state: 'detached' });
      await findings.check(page, 'first profile edit');
      findings.expectClean();
    },
    SLOW,
  );
});
