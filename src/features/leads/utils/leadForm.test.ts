import { describe, expect, it } from 'vitest';
import type { LeadRow } from '#src/db/rows.ts';
import {
  appointmentProblem,
  contractAmountOf,
  contractAmountProblem,
  EMPTY_LEAD_FORM,
  leadChanges,
  leadFormOf,
} from './leadForm.ts';

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

describe('the contract amount', () => {
  it('is read as money: dollars and cents, separators and a dollar sign allowed', () => {
    expect(contractAmountOf('')).toBeNull();
    expect(contractAmountOf('$12,500.50')).toBe(12_500.5);
    expect(contractAmountOf('900')).toBe(900);
    for (const bad of ['-5', '12.345', 'abc', '1e5', '2000000000'])
      expect(contractAmountOf(bad), bad).toBeUndefined();
    expect(contractAmountProblem({ ...EMPTY_LEAD_FORM, contract_amount: 'lots' })).toBe(true);
  });

  it('is sent when it changed, as a number, and cleared as null', () => {
    const signed = { ...stored, contract_amount: 30_000 } as unknown as LeadRow;
    expect(leadFormOf(signed).contract_amount).toBe('30000');
    expect(leadChanges(leadFormOf(signed), signed)).toEqual({});
    expect(leadChanges({ ...leadFormOf(signed), contract_amount: '31,000' }, signed)).toEqual({
      contract_amount: 31_000,
    });
    expect(leadChanges({ ...leadFormOf(signed), contract_amount: '' }, signed)).toEqual({
      contract_amount: null,
    });
  });
});
