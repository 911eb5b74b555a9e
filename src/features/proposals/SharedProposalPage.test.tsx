// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '#src/api/appClient.ts';
import { ApiError } from '#src/api/client.ts';
import { SHARE_NOT_FOUND, type SharedProposal } from '#src/domain/proposals/signatureShare.ts';
import { sharedPdfPath, sharedProposalPath } from '#src/domain/proposals/signatureSharePaths.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';
import { SharedProposalPage } from './SharedProposalPage.tsx';

afterEach(cleanupScreens);

const TOKEN = 'A'.repeat(43);
const SHARED: SharedProposal = {
  org_name: 'Demo Solar',
  proposal_name: 'Rooftop 8 kW',
  signer_name: 'Dee Homeowner',
  signed_at: '2026-11-24T18:30:00.000Z',
  hash: 'c'.repeat(64),
  signature_state: 'signed',
  deal_stage: 'Customer',
  deal_stage_status: 'Contract Signed',
  contract_amount: 24_000,
  expires_at: '2026-12-24T18:30:00.000Z',
  pdf_url: sharedPdfPath(TOKEN),
};

/** The server as the homeowner's link reaches it: this token opens the proposal, any other is refused. */
function server(answer: SharedProposal = SHARED) {
  vi.spyOn(api, 'request').mockImplementation(async (path: string) => {
    if (path === sharedProposalPath(TOKEN)) return { data: answer } as never;
    throw new ApiError(404, SHARE_NOT_FOUND);
  });
}

const page = (token: string, language: 'en' | 'es' = 'en') =>
  renderScreen({
    path: `/signed/${token}`,
    language,
    words: ['proposals'],
    element: (
      <Routes>
        <Route path="/signed/:token" element={<SharedProposalPage />} />
      </Routes>
    ),
  });

describe("the homeowner's link", () => {
  it('shows the signed proposal, the deal’s status and the signed PDF, read only', async () => {
    server();
    await page(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rooftop 8 kW' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByText('Signed and unchanged')).toBeTruthy();
    expect(screen.getByText('Where your project stands: Contract Signed')).toBeTruthy();
    expect(screen.getByText('Contract amount: $24,000.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the signed PDF' }).getAttribute('href')).toBe(
      sharedPdfPath(TOKEN),
    );
    expect(screen.queryByRole('button', { name: /Sign|Share/ })).toBeNull();
  });

  it('says so when the link is wrong or expired, in the server’s words', async () => {
    server();
    await page('B'.repeat(43));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(SHARE_NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your signed proposal' })).toBeTruthy();
  });

  it('shows a changed signature plainly, in Spanish', async () => {
    server({ ...SHARED, signature_state: 'void' });
    await page(TOKEN, 'es');
    expect(await screen.findByText('El precio o el diseño cambiaron después de firmar')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir el PDF firmado' })).toBeTruthy();
  });
});
