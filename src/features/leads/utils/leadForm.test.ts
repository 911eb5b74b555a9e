import { describe, expect, it } from 'vitest';
import type { LeadRow } from '#src/db/rows.ts';
import { appointmentProblem, EMPTY_LEAD_FORM, leadChanges, leadFormOf } from './leadForm.ts';

const stored = {
  _id: 'lead-1',
  name: 'Olivia Offline',
  phone: '6025550177',
  email: '',
  address: '4410 N 12th St, Phoenix, AZ 85014',
  appointment_date: '2026-12-01',
  appointment_time: '14:30',
  preferred_language: 'english',
  energy_consultants: ['user-1'],
  deal_stage_status: 'Prospect',
} as unknown as LeadRow;

describe('the lead form', () => {
  it('fills from a stored lead as a person reads it', () => {
    const form = leadFormOf(stored);
    expect(form.phone).toBe('+1 (602) 555-0177');
    expect(form.appointment).toBe('2026-12-01 14:30');
    expect(form.credit_score).toBe('');
  });

  it('sends only what changed in an edit, nothing when nothing did', () => {
    expect(leadChanges(leadFormOf(stored), stored)).toEqual({});
    const edited = { ...leadFormOf(stored), email: ' offline.edit@example.com ', appointment: '2026-12-02' };
    expect(leadChanges(edited, stored)).toEqual({
      email: 'offline.edit@example.com',
      appointment_date: '2026-12-02',
      appointment_time: null,
    });
  });

  it('sends the filled fields of a new lead, phone as digits', () => {
    const form = { ...EMPTY_LEAD_FORM, name: 'Offline, Olivia', phone: '(602) 555-0177' };
    expect(leadChanges(form)).toEqual({
      name: 'Offline, Olivia',
      phone: '6025550177',
      preferred_language: 'english',
      energy_consultants: [],
    });
  });

  it('refuses an appointment that is not a date', () => {
    expect(appointmentProblem({ ...EMPTY_LEAD_FORM, appointment: '' })).toBe(false);
    expect(appointmentProblem({ ...EMPTY_LEAD_FORM, appointment: '2026-12-01 14:30' })).toBe(false);
    expect(appointmentProblem({ ...EMPTY_LEAD_FORM, appointment: 'next Tuesday' })).toBe(true);
  });
});

describe('the deal', () => {
  it('is sent when it changed, as numbers, and cleared as null', () => {
    const signed = {
      ...stored,
      contract_amount: 30_000,
      system_size_kw: 7.5,
      price_per_watt: 4,
    } as unknown as LeadRow;
    const form = leadFormOf(signed);
    expect(form.deal.contract_amount).toBe('30000');
    expect(leadChanges(form, signed)).toEqual({});
    expect(leadChanges({ ...form, deal: { ...form.deal, contract_amount: '31,000' } }, signed)).toEqual({
      contract_amount: 31_000,
    });
    // With size and price per watt left, a cleared amount is worked out again from them.
    expect(leadChanges({ ...form, deal: { ...form.deal, contract_amount: '' } }, signed)).toEqual({});
    const amountOnly = { ...stored, contract_amount: 30_000 } as unknown as LeadRow;
    const cleared = {
      ...leadFormOf(amountOnly),
      deal: { ...leadFormOf(amountOnly).deal, contract_amount: '' },
    };
    expect(leadChanges(cleared, amountOnly)).toEqual({ contract_amount: null });
  });

  it('a new lead sends the deal typed with it, the missing figure worked out', () => {
    const form = {
      ...EMPTY_LEAD_FORM,
      name: 'Signed, Sam',
      deal: { ...EMPTY_LEAD_FORM.deal, contract_amount: '$25,200', system_size_kw: '6', financing: 'Loan' },
    };
    expect(leadChanges(form)).toMatchObject({
      name: 'Signed, Sam',
      contract_amount: 25_200,
      system_size_kw: 6,
      price_per_watt: 4.2,
      financing: 'Loan',
    });
  });
});
