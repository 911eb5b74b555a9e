import type { TFunction } from 'i18next';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProposalPrintData } from '#src/device/hooks/useProposals.ts';
import { buildProposalPdf } from './buildProposalPdf.ts';
import { proposalPdfInput } from './pdfInput.ts';

const t = ((key: string, options?: Record<string, unknown>) =>
  options && 'value' in options ? `${options.value} kW` : key) as unknown as TFunction<'proposals'>;

const data = (extra: Partial<ProposalPrintData['proposal']> = {}): ProposalPrintData => ({
  proposal: {
    _id: 'p1',
    version: 1,
    name: 'Rooftop',
    lead_id: 'L1',
    financer: 'GoodLeap',
    option: 'Loan',
    date: '2026-11-24',
    status: 'Won',
    panels: 21,
    amount: 25200,
    details: {
      utility: 'APS',
      annual_kwh: 12000,
      sun_hours: 5,
      panel_wattage: 400,
      required_kw: 8.22,
      system_kw: 8.4,
    },
    survey_response: {
      template: 'Site',
      date: '2026-11-20',
      answers: [{ question: 'Roof age?', answer: '12' }],
    },
    ...extra,
  } as ProposalPrintData['proposal'],
  lead: {
    _id: 'L1',
    version: 1,
    name: 'Dee Print',
    address: '1 Main St, Phoenix, AZ 85004',
  } as ProposalPrintData['lead'],
  products: [
    { _id: 'x', version: 1, name: 'Panel 400 W', price: 300 } as ProposalPrintData['products'][number],
  ],
  branding: { org_name: 'Demo Solar', primary_color: '#2b8a3e', logo_url: null, org_row_id: null },
});

describe('the printable proposal', () => {
  it('shows the homeowner, the system with its formula, products, financing and the survey', () => {
    const input = proposalPdfInput(data(), t, 'en');
    expect(input.orgName).toBe('Demo Solar');
    expect(input.brandColor).toBe('#2b8a3e');
    const lines = input.sections.flatMap((s) => s.lines.map((l) => `${l.label}: ${l.value}`));
    expect(lines).toEqual(
      expect.arrayContaining([
        'proposals.columns.name: Dee Print',
        'proposals.pdf.address: 1 Main St, Phoenix, AZ 85004',
        'proposals.panels: 21',
        'proposals.systemKw: 8.4 kW',
        'proposals.pdf.usage: 12,000 kWh',
        'Panel 400 W: $300.00',
        'proposals.columns.amount: $25,200.00',
        'Roof age?: 12',
      ]),
    );
    expect(input.sections.find((s) => s.note)?.note).toContain('proposals.formula');
  });

  it('is a PDF, whatever the text holds, paged when long', async () => {
    const bytes = await buildProposalPdf(proposalPdfInput(data(), t, 'en'));
    expect(new TextDecoder('latin1').decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);

    // Characters the standard font lacks, a word longer than a line, many answers, a light colour.
    const answers = Array.from({ length: 120 }, (_, i) => ({
      question: `Question ${i} ✓ 屋根`,
      answer: 'x'.repeat(300),
    }));
    const long = proposalPdfInput(
      data({ name: 'Ñandú — “quoted” ✓', survey_response: { answers } }),
      t,
      'es',
    );
    const longBytes = await buildProposalPdf({ ...long, brandColor: '#ffe066', orgName: '' });
    const doc = await PDFDocument.load(longBytes);
    expect(doc.getPageCount()).toBeGreaterThan(3);
    expect(doc.getTitle()).toContain('Ñandú');
  });
});
