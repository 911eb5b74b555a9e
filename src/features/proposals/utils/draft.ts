/**
 * The lead guide's draft: what the inputs hold (text, as typed) and how it turns into a proposal's
 * fields and back. The checks and the formula are the shared ones of src/domain/proposals.
 */

import type { ProposalRow } from '#src/db/rows.ts';
import type { LeadSurvey } from '#src/device/hooks/useProposals.ts';
import {
  annualKwhFromBill,
  DEFAULT_PANEL_WATTAGE,
  DEFAULT_SUN_HOURS,
  type GuideDraft,
  type SystemSize,
  stepProblems,
  systemSize,
} from '#src/domain/proposals/index.ts';

export type { GuideDraft } from '#src/domain/proposals/index.ts';

export function emptyDraft(leadId: string, today: string): GuideDraft {
  return {
    leadId,
    utility: '',
    usageSource: 'annual',
    annualKwh: '',
    monthlyBill: '',
    rate: '',
    sunHours: String(DEFAULT_SUN_HOURS),
    panelWattage: String(DEFAULT_PANEL_WATTAGE),
    productIds: [],
    financer: '',
    option: '',
    amount: '',
    surveyId: '',
    name: '',
    date: today,
    status: 'Draft',
  };
}

const str = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value
      : '';

/** A saved proposal back in the guide, to edit it. */
export function draftFromProposal(row: ProposalRow, today: string): GuideDraft {
  const d = (row.details ?? {}) as Record<string, unknown>;
  const base = emptyDraft(str(row.lead_id), today);
  return {
    ...base,
    utility: str(d.utility),
    usageSource: d.usage_source === 'bill' ? 'bill' : 'annual',
    annualKwh: str(d.annual_kwh),
    monthlyBill: str(d.monthly_bill),
    rate: str(d.rate),
    sunHours: str(d.sun_hours) || base.sunHours,
    panelWattage: str(d.panel_wattage) || base.panelWattage,
    productIds: Array.isArray(d.product_ids) ? (d.product_ids as string[]) : [],
    financer: str(row.financer),
    option: str(row.option),
    amount: str(row.amount),
    surveyId: str(row.survey_id),
    name: str(row.name),
    date: str(row.date) || today,
    status: str(row.status) || 'Draft',
  };
}

/** The annual usage the draft gives (typed, or from the bill), or undefined while it has a problem. */
export function annualKwhOf(draft: GuideDraft): number | undefined {
  if (Object.keys(stepProblems('usage', draft)).length) return undefined;
  return draft.usageSource === 'annual'
    ? Number(draft.annualKwh)
    : annualKwhFromBill(Number(draft.monthlyBill), Number(draft.rate));
}

/** The system size of the draft, or undefined while usage or size inputs have a problem. */
export function sizeOf(draft: GuideDraft): SystemSize | undefined {
  const annualKwh = annualKwhOf(draft);
  if (annualKwh === undefined || Object.keys(stepProblems('size', draft)).length) return undefined;
  return systemSize({
    annualKwh,
    sunHours: Number(draft.sunHours),
    panelWattage: Number(draft.panelWattage),
  });
}

const numberOrNull = (text: string) => (text.trim() ? Number(text) : null);

/** The proposal's fields from a checked draft (the attached survey's answers kept with it). */
export function proposalFields(draft: GuideDraft, survey: LeadSurvey | undefined): Record<string, unknown> {
  const size = sizeOf(draft);
  const bill = draft.usageSource === 'bill';
  return {
    lead_id: draft.leadId,
    name: draft.name.trim(),
    financer: draft.financer.trim() || null,
    option: draft.option || null,
    date: draft.date,
    panels: size?.panels ?? null,
    status: draft.status,
    amount: numberOrNull(draft.amount),
    survey_id: survey ? survey.id : null,
    survey_response: survey
      ? { template: survey.templateName, date: survey.date, answers: survey.answers }
      : null,
    details: {
      utility: draft.utility.trim() || null,
      usage_source: draft.usageSource,
      monthly_bill: bill ? numberOrNull(draft.monthlyBill) : null,
      rate: bill ? numberOrNull(draft.rate) : null,
      annual_kwh: annualKwhOf(draft) ?? null,
      sun_hours: Number(draft.sunHours),
      panel_wattage: Number(draft.panelWattage),
      ...(size ? { required_kw: size.requiredKw, system_kw: size.systemKw } : {}),
      product_ids: draft.productIds,
    },
  };
}
