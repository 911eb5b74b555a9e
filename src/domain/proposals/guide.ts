/**
 * The lead guide's inputs, checked step by step with a problem per field. Problems are codes the
 * screen translates (`proposals.errors.<code>`), so the same check serves English and Spanish.
 */
import {
  MAX_ANNUAL_KWH,
  MAX_MONTHLY_BILL,
  PANEL_WATTAGE_RANGE,
  RATE_RANGE,
  SUN_HOURS_RANGE,
} from './sizing.ts';
import { FINANCING_OPTIONS, PROPOSAL_STATUSES } from './statuses.ts';

export type FieldProblem = 'required' | 'notNumber' | 'outOfRange' | 'notOption' | 'notDate' | 'tooLong';
export type FieldProblems = Partial<Record<string, FieldProblem>>;

/** What the guide keeps as typed between steps (text, as the inputs hold it). */
export interface GuideDraft {
  leadId: string;
  utility: string;
  usageSource: 'annual' | 'bill';
  annualKwh: string;
  monthlyBill: string;
  rate: string;
  sunHours: string;
  panelWattage: string;
  productIds: string[];
  financer: string;
  option: string;
  amount: string;
  surveyId: string;
  name: string;
  date: string;
  status: string;
}

function numberProblem(text: string, min: number, max: number, required = true): FieldProblem | undefined {
  const trimmed = text.trim();
  if (!trimmed) return required ? 'required' : undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return 'notNumber';
  return value < min || value > max ? 'outOfRange' : undefined;
}

function add(problems: FieldProblems, field: string, problem: FieldProblem | undefined) {
  if (problem) problems[field] = problem;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const GUIDE_STEPS = ['lead', 'usage', 'size', 'products', 'survey', 'proposal'] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

/** The problems of one step's fields (none: the step may be left). */
export function stepProblems(step: GuideStep, draft: GuideDraft): FieldProblems {
  const problems: FieldProblems = {};
  switch (step) {
    case 'lead':
      if (!draft.leadId) problems.leadId = 'required';
      break;
    case 'usage':
      if (draft.utility.length > 200) problems.utility = 'tooLong';
      if (draft.usageSource === 'annual')
        add(problems, 'annualKwh', numberProblem(draft.annualKwh, 1, MAX_ANNUAL_KWH));
      else {
        add(problems, 'monthlyBill', numberProblem(draft.monthlyBill, 1, MAX_MONTHLY_BILL));
        add(problems, 'rate', numberProblem(draft.rate, RATE_RANGE.min, RATE_RANGE.max));
      }
      break;
    case 'size':
      add(problems, 'sunHours', numberProblem(draft.sunHours, SUN_HOURS_RANGE.min, SUN_HOURS_RANGE.max));
      add(
        problems,
        'panelWattage',
        numberProblem(draft.panelWattage, PANEL_WATTAGE_RANGE.min, PANEL_WATTAGE_RANGE.max),
      );
      break;
    case 'products':
      if (draft.financer.length > 200) problems.financer = 'tooLong';
      if (!(FINANCING_OPTIONS as readonly string[]).includes(draft.option)) problems.option = 'notOption';
      add(problems, 'amount', numberProblem(draft.amount, 0, 1_000_000_000, false));
      break;
    case 'survey':
      break;
    case 'proposal':
      if (!draft.name.trim()) problems.name = 'required';
      else if (draft.name.length > 200) problems.name = 'tooLong';
      if (!DAY.test(draft.date) || Number.isNaN(Date.parse(`${draft.date}T00:00:00Z`)))
        problems.date = 'notDate';
      if (!(PROPOSAL_STATUSES as readonly string[]).includes(draft.status)) problems.status = 'notOption';
      break;
  }
  return problems;
}

/** The first step with a problem, or undefined when the whole guide is ready to save. */
export function firstStepWithProblems(draft: GuideDraft): GuideStep | undefined {
  return GUIDE_STEPS.find((step) => Object.keys(stepProblems(step, draft)).length > 0);
}
