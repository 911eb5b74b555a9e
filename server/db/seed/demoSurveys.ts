/**
 * The demo org's survey templates and the answers its reps give: a site survey (a second revision
 * of it adds a battery question, so older surveys keep the questions they answered) and the
 * homeowner interview of a first visit. Answers follow the lead's own facts where it has them
 * (roof, utility, bill), so a filled survey agrees with the lead page.
 */
import type { Question } from '#src/domain/surveys/index.ts';
import type { Random } from './random.ts';

type Answers = Record<string, unknown>;

const SITE_QUESTIONS: Question[] = [
  {
    id: 'roof_type',
    type: 'single_choice',
    label: 'Roof type',
    required: true,
    options: ['Tile', 'Shingle', 'Flat', 'Metal'],
  },
  { id: 'roof_age', type: 'number', label: 'Roof age (years)', required: true, min: 0, max: 80 },
  {
    id: 'shading',
    type: 'single_choice',
    label: 'Shading on the south and west faces',
    required: true,
    options: ['None', 'Some (trees or chimneys)', 'Heavy'],
  },
  {
    id: 'panel_rating',
    type: 'single_choice',
    label: 'Main electrical panel rating',
    required: true,
    options: ['100 A', '125 A', '150 A', '200 A', '225 A or more'],
  },
  { id: 'hoa', type: 'yes_no', label: 'Is the home in an HOA?', required: true },
  {
    id: 'hoa_name',
    type: 'short_text',
    label: 'HOA name',
    required: true,
    show_if: { question_id: 'hoa', equals: true },
  },
  { id: 'designer_notes', type: 'long_text', label: 'Notes for the designer', required: false },
];

const BATTERY_QUESTION: Question = {
  id: 'battery',
  type: 'yes_no',
  label: 'Does the homeowner want a home battery quoted?',
  required: true,
};

const INTERVIEW_QUESTIONS: Question[] = [
  { id: 'decision_makers', type: 'yes_no', label: 'Were all decision makers present?', required: true },
  { id: 'utility', type: 'single_choice', label: 'Utility', required: true, options: ['APS', 'SRP', 'TEP'] },
  {
    id: 'bill',
    type: 'number',
    label: 'Average monthly electric bill ($)',
    required: true,
    min: 0,
    max: 2000,
  },
  {
    id: 'motivations',
    type: 'multiple_choice',
    label: 'Why solar?',
    required: true,
    options: ['Lower my bill', 'Backup power', 'Clean energy', 'Home value'],
  },
  {
    id: 'timeline',
    type: 'single_choice',
    label: 'When would they like to go ahead?',
    required: true,
    options: ['Now', 'Within 3 months', 'This year', 'Just looking'],
  },
  { id: 'follow_up', type: 'date', label: 'Follow-up date', required: false },
];

export type DemoTemplateKey = 'site' | 'interview';

/** The templates as an admin saves them: name, description and each revision's questions. */
export const DEMO_SURVEY_TEMPLATES: Record<
  DemoTemplateKey,
  { name: string; description: string; revisions: Question[][] }
> = {
  site: {
    name: 'Site survey',
    description: 'What the designer needs from the roof and the panel before a proposal.',
    revisions: [SITE_QUESTIONS, [...SITE_QUESTIONS, BATTERY_QUESTION]],
  },
  interview: {
    name: 'Homeowner interview',
    description: 'Asked at the first visit, with every decision maker at the table.',
    revisions: [INTERVIEW_QUESTIONS],
  },
};

const HOA_NAMES = ['Desert Ridge HOA', 'Arcadia Lite Community', 'Val Vista Lakes', 'Sun Lakes HOA'];
const DESIGNER_NOTES = [
  'South face is clear; vent stacks on the west face.',
  'Tiles are brittle near the ridge: plan a tile crew.',
  'Meter is on the north wall, panel inside the garage.',
  'Homeowner wants no panels visible from the street.',
];

/** A lead's site survey: its roof as the lead records it, the rest drawn. */
export function siteAnswers(r: Random, lead: { data: Record<string, unknown> }, revision: number): Answers {
  const roof = lead.data.roof_type;
  const hoa = r.next() < 0.35;
  return {
    roof_type:
      typeof roof === 'string' && ['Tile', 'Shingle', 'Flat', 'Metal'].includes(roof) ? roof : 'Tile',
    roof_age: r.int(2, 28),
    shading: r.pick(['None', 'None', 'Some (trees or chimneys)', 'Heavy']),
    panel_rating: r.pick(['125 A', '150 A', '200 A', '200 A', '225 A or more']),
    hoa,
    ...(hoa ? { hoa_name: r.pick(HOA_NAMES) } : {}),
    ...(r.next() < 0.6 ? { designer_notes: r.pick(DESIGNER_NOTES) } : {}),
    ...(revision >= 2 ? { battery: r.next() < 0.4 } : {}),
  };
}

/** The first visit's interview: the lead's utility and bill, and what the homeowner said. */
export function interviewAnswers(
  r: Random,
  lead: { data: Record<string, unknown> },
  followUp: string | undefined,
): Answers {
  const utility = lead.data.utility;
  const bill = lead.data.bill;
  const motivations = ['Lower my bill', 'Backup power', 'Clean energy', 'Home value'].filter(
    (_, i) => i === 0 || r.next() < 0.35,
  );
  return {
    decision_makers: r.next() < 0.8,
    utility: typeof utility === 'string' && ['APS', 'SRP', 'TEP'].includes(utility) ? utility : 'APS',
    bill: typeof bill === 'number' ? bill : r.int(90, 420),
    motivations,
    timeline: r.pick(['Now', 'Within 3 months', 'Within 3 months', 'This year', 'Just looking']),
    ...(followUp ? { follow_up: followUp } : {}),
  };
}

/** A survey's answers as the lead guide keeps them on a proposal: each answered question in words. */
export function answersInWords(questions: readonly Question[], answers: Answers) {
  const words = (value: unknown): string => {
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) return value.map(words).filter(Boolean).join(', ');
    if (typeof value === 'boolean') return value ? '✓' : '✗';
    return String(value);
  };
  return questions.map((q) => ({ question: q.label, answer: words(answers[q.id]) })).filter((a) => a.answer);
}
