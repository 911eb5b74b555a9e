/** The lead form's fields as typed, and what they mean for the lead (pure: no React, no device). */
import type { LeadRow } from '#src/db/rows.ts';
import { splitAppointmentDate } from '#src/domain/appointmentDate.ts';
import { type DealForm, dealChanges, dealFormOf, EMPTY_DEAL_FORM } from '#src/domain/deal.ts';
import { formatPhone, normalizePhone } from '#src/domain/phone.ts';

export interface LeadForm {
  name: string;
  phone: string;
  email: string;
  address: string;
  /** 'YYYY-MM-DD HH:MM' as typed; split into date and time on save (SPEC section 5). */
  appointment: string;
  credit_score: string;
  preferred_language: string;
  energy_consultants: string[];
  deal_stage_status: string;
  /** The signed deal as typed: amount, size, price per watt, financing and its dates. */
  deal: DealForm;
}

export const EMPTY_LEAD_FORM: LeadForm = {
  name: '',
  phone: '',
  email: '',
  address: '',
  appointment: '',
  credit_score: '',
  preferred_language: 'english',
  energy_consultants: [],
  deal_stage_status: '',
  deal: EMPTY_DEAL_FORM,
};

/** The appointment as typed must be a date, optionally with a time (the form's own rule). */
export function appointmentProblem(form: LeadForm): boolean {
  if (!form.appointment.trim()) return false;
  return !/^\d{4}-\d{2}-\d{2}$/.test(splitAppointmentDate(form.appointment).date);
}

/** The form's fields as a stored lead fills them. */
export function leadFormOf(lead: LeadRow): LeadForm {
  return {
    name: lead.name ?? '',
    phone: formatPhone(lead.phone ?? ''),
    email: lead.email ?? '',
    address: lead.address ?? '',
    appointment: [lead.appointment_date ?? '', lead.appointment_time ?? ''].filter(Boolean).join(' '),
    credit_score: lead.credit_score ?? '',
    preferred_language: lead.preferred_language || 'english',
    energy_consultants: Array.isArray(lead.energy_consultants) ? lead.energy_consultants : [],
    deal_stage_status: lead.deal_stage_status ?? '',
    deal: dealFormOf(lead),
  };
}

/** The fields to send: all filled ones for a new lead, only the changed ones for an edit of `lead`. */
export function leadChanges(form: LeadForm, lead?: LeadRow): Record<string, unknown> {
  const split = form.appointment.trim() ? splitAppointmentDate(form.appointment) : { date: '', time: '' };
  const next: Record<string, unknown> = {
    name: form.name.trim(),
    phone: normalizePhone(form.phone),
    email: form.email.trim(),
    address: form.address.trim(),
    appointment_date: split.date || null,
    appointment_time: split.time || null,
    credit_score: form.credit_score || null,
    preferred_language: form.preferred_language,
    energy_consultants: form.energy_consultants,
    deal_stage_status: form.deal_stage_status,
  };
  if (!lead) {
    return {
      ...Object.fromEntries(
        Object.entries(next).filter(([k, v]) => v !== null && v !== '' && !(k === 'deal_stage_status' && !v)),
      ),
      ...dealChanges(form.deal),
    };
  }
  const before: Record<string, unknown> = {
    name: lead.name ?? '',
    phone: lead.phone ?? '',
    email: lead.email ?? '',
    address: lead.address ?? '',
    appointment_date: lead.appointment_date || null,
    appointment_time: lead.appointment_time || null,
    credit_score: lead.credit_score || null,
    preferred_language: lead.preferred_language || 'english',
    energy_consultants: Array.isArray(lead.energy_consultants) ? lead.energy_consultants : [],
    deal_stage_status: lead.deal_stage_status ?? '',
  };
  return {
    ...Object.fromEntries(
      Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k])),
    ),
    ...dealChanges(form.deal, lead),
  };
}
