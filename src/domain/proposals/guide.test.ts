import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unsafeCharacterIn } from '../schemas/common.ts';
import { recordFieldsSchema } from '../schemas/records.ts';
import { firstStepWithProblems, type GuideDraft, stepProblems } from './guide.ts';
import { FINANCING_OPTIONS, leadStatusOnSave, PROPOSAL_STATUSES, WON_LEAD_STATUS } from './statuses.ts';

const READY: GuideDraft = {
  leadId: '00000000-0000-4000-8000-000000000001',
  utility: 'APS',
  usageSource: 'annual',
  annualKwh: '11680',
  monthlyBill: '',
  rate: '',
  sunHours: '5',
  panelWattage: '400',
  productIds: [],
  financer: 'GoodLeap',
  option: 'Loan',
  amount: '24000',
  surveyId: '',
  name: 'Rooftop 8 kW',
  date: '2026-11-24',
  status: 'Draft',
};

describe('the lead guide checks each step', () => {
  it('a filled guide has no problems', () => {
    expect(firstStepWithProblems(READY)).toBeUndefined();
  });

  it('names the field and the problem', () => {
    expect(stepProblems('lead', { ...READY, leadId: '' })).toEqual({ leadId: 'required' });
    expect(stepProblems('usage', { ...READY, annualKwh: '' })).toEqual({ annualKwh: 'required' });
    expect(stepProblems('usage', { ...READY, annualKwh: 'lots' })).toEqual({ annualKwh: 'notNumber' });
    expect(stepProblems('usage', { ...READY, annualKwh: '0' })).toEqual({ annualKwh: 'outOfRange' });
    expect(stepProblems('usage', { ...READY, usageSource: 'bill', monthlyBill: '150', rate: '0' })).toEqual({
      rate: 'outOfRange',
    });
    expect(stepProblems('usage', { ...READY, usageSource: 'bill' })).toEqual({
      monthlyBill: 'required',
      rate: 'required',
    });
    expect(stepProblems('size', { ...READY, sunHours: '30', panelWattage: '' })).toEqual({
      sunHours: 'outOfRange',
      panelWattage: 'required',
    });
    expect(stepProblems('products', { ...READY, option: '', amount: '-1' })).toEqual({
      option: 'notOption',
      amount: 'outOfRange',
    });
    expect(stepProblems('products', { ...READY, amount: '' })).toEqual({});
    expect(stepProblems('proposal', { ...READY, name: ' ', date: '2026-13-01', status: 'Maybe' })).toEqual({
      name: 'required',
      date: 'notDate',
      status: 'notOption',
    });
  });

  it('the first step with a problem is where the guide sends the user back', () => {
    expect(firstStepWithProblems({ ...READY, panelWattage: 'x', name: '' })).toBe('size');
  });

  it('property: what the guide accepts, the record schema accepts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROPOSAL_STATUSES),
        fc.constantFrom(...FINANCING_OPTIONS),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.string({ maxLength: 200 }).filter((s) => s.trim().length > 0 && !unsafeCharacterIn(s)),
        (status, option, annualKwh, name) => {
          const draft = { ...READY, status, option, annualKwh: String(annualKwh), name };
          expect(firstStepWithProblems(draft)).toBeUndefined();
          const parsed = recordFieldsSchema('proposals', true).safeParse({
            lead_id: draft.leadId,
            name: draft.name,
            status,
            option,
            date: draft.date,
            details: { annual_kwh: annualKwh, sun_hours: 5, panel_wattage: 400 },
          });
          expect(parsed.success).toBe(true);
        },
      ),
    );
  });
});

describe('a won proposal moves its lead', () => {
  it('only the change into Won moves the lead to Contract Signed', () => {
    expect(leadStatusOnSave(undefined, 'Won')).toBe(WON_LEAD_STATUS);
    expect(leadStatusOnSave('Sent', 'Won')).toBe('Contract Signed');
    expect(leadStatusOnSave('Won', 'Won')).toBeUndefined();
    expect(leadStatusOnSave('Won', undefined)).toBeUndefined();
    expect(leadStatusOnSave('Draft', 'Sent')).toBeUndefined();
    expect(leadStatusOnSave('Won', 'Lost')).toBeUndefined();
  });
});
