import { describe, expect, it } from 'vitest';
import type { ProposalRow } from '#src/db/rows.ts';
import { draftFromProposal, emptyDraft, proposalFields, sizeOf } from './draft.ts';
import { filterProposals, financersOf } from './filters.ts';

const LEAD = '00000000-0000-4000-8000-000000000001';

describe('the guide draft', () => {
  it('starts with the default sun hours and wattage, dated today, as a draft', () => {
    expect(emptyDraft(LEAD, '2026-11-24')).toMatchObject({
      leadId: LEAD,
      sunHours: '5',
      panelWattage: '400',
      date: '2026-11-24',
      status: 'Draft',
      usageSource: 'annual',
    });
  });

  it('sizes from the bill when usage comes from it, and not while an input is wrong', () => {
    const draft = {
      ...emptyDraft(LEAD, '2026-11-24'),
      usageSource: 'bill' as const,
      monthlyBill: '150',
      rate: '0.15',
    };
    expect(sizeOf(draft)).toMatchObject({ panels: 21, systemKw: 8.4 });
    expect(sizeOf({ ...draft, rate: '' })).toBeUndefined();
    expect(sizeOf({ ...draft, panelWattage: '5' })).toBeUndefined();
  });

  it('turns into the proposal fields, keeping the survey answers, and back', () => {
    const draft = {
      ...emptyDraft(LEAD, '2026-11-24'),
      utility: ' APS ',
      annualKwh: '11680',
      financer: 'GoodLeap',
      option: 'Loan',
      amount: '24000',
      name: ' Rooftop ',
      surveyId: 's1',
      productIds: ['p1'],
    };
    const survey = {
      id: 's1',
      templateName: 'Site',
      date: '2026-11-20',
      answers: [{ question: 'Roof?', answer: '12' }],
    };
    const fields = proposalFields(draft, survey);
    expect(fields).toEqual({
      lead_id: LEAD,
      name: 'Rooftop',
      financer: 'GoodLeap',
      option: 'Loan',
      date: '2026-11-24',
      panels: 20,
      status: 'Draft',
      amount: 24000,
      survey_id: 's1',
      survey_response: { template: 'Site', date: '2026-11-20', answers: survey.answers },
      details: {
        utility: 'APS',
        usage_source: 'annual',
        monthly_bill: null,
        rate: null,
        annual_kwh: 11680,
        sun_hours: 5,
        panel_wattage: 400,
        required_kw: 8,
        system_kw: 8,
        product_ids: ['p1'],
      },
    });
    const back = draftFromProposal(
      { _id: 'x', version: 1, ...fields } as unknown as ProposalRow,
      '2026-12-01',
    );
    expect(back).toMatchObject({ ...draft, utility: 'APS', name: 'Rooftop' });
    expect(proposalFields(draft, undefined)).toMatchObject({ survey_id: null, survey_response: null });
  });
});

describe('the proposals filters', () => {
  const item = (id: string, status: string, financer: string | null) => ({
    row: { _id: id, version: 1, name: id, status, financer } as unknown as ProposalRow,
    leadName: '',
  });
  const items = [item('a', 'Won', 'GoodLeap'), item('b', 'Draft', 'Mosaic'), item('c', 'Won', null)];

  it('filter by status and financer, each optional', () => {
    const ids = (status: string | null, financer: string | null) =>
      filterProposals(items, { status, financer }).map((i) => i.row._id);
    expect(ids(null, null)).toEqual(['a', 'b', 'c']);
    expect(ids('Won', null)).toEqual(['a', 'c']);
    expect(ids('Won', 'GoodLeap')).toEqual(['a']);
    expect(ids(null, 'Mosaic')).toEqual(['b']);
  });

  it('lists each financer once, by name', () => {
    expect(financersOf([...items, item('d', 'Sent', ' GoodLeap ')])).toEqual(['GoodLeap', 'Mosaic']);
  });
});
