/**
 * Survey template questions (SPEC sections 2 and 3: survey templates): the question schema and the
 * template rules both the device and the server apply. A question may show only when an EARLIER
 * question was answered a certain way (`show_if`), so a survey is always filled top to bottom.
 */
import { z } from 'zod';
import { boundedText, safeString } from '../schemas/common.ts';

export const QUESTION_TYPES = [
  'short_text',
  'long_text',
  'number',
  'yes_no',
  'single_choice',
  'multiple_choice',
  'date',
  'photo',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Types whose answers are picked from the question's options. */
export const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(['single_choice', 'multiple_choice']);

export const MAX_QUESTIONS = 200;
export const MAX_OPTIONS = 50;

/** A value a condition compares an earlier answer with. */
const conditionValue = z.union([boundedText(200), z.number().finite(), z.boolean()]);
export type ConditionValue = z.infer<typeof conditionValue>;

const showIfSchema = z
  .object({
    question_id: boundedText(60).min(1, { message: 'is required' }),
    equals: conditionValue.optional(),
    in: z.array(conditionValue).min(1, { message: 'must list at least one value' }).max(50).optional(),
  })
  .strict()
  .refine((c) => (c.equals === undefined) !== (c.in === undefined), {
    message: 'must give either equals or in',
  });

export const questionSchema = z
  .object({
    id: safeString
      .min(1, { message: 'is required' })
      .max(60, { message: 'must be at most 60 characters' })
      .regex(/^[A-Za-z0-9_-]+$/, { message: 'must use only letters, digits, - and _' }),
    type: z.enum(QUESTION_TYPES, { message: `must be one of: ${QUESTION_TYPES.join(', ')}` }),
    label: boundedText(500).trim().min(1, { message: 'is required' }),
    required: z.boolean().default(false),
    options: z
      .array(boundedText(200).trim().min(1, { message: 'is required' }))
      .max(MAX_OPTIONS)
      .optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    show_if: showIfSchema.optional(),
  })
  .strict();
export type Question = z.infer<typeof questionSchema>;
export type ShowIf = NonNullable<Question['show_if']>;

export interface TemplateProblem {
  /** Where: the question's index and field, e.g. [2, 'options']. */
  path: (string | number)[];
  message: string;
}

export const TEMPLATE_MESSAGES = {
  duplicateId: 'must be unique within the template',
  needsOptions: 'a choice question needs at least one option',
  duplicateOption: 'must not repeat an option',
  notEarlier: 'must refer to an earlier question',
  minAboveMax: 'must not be above max',
  noPhotoCondition: 'cannot depend on a photo answer',
} as const;

/** What is wrong with a template's questions beyond each question's own shape. */
export function templateProblems(questions: readonly Question[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const seen = new Map<string, Question>();
  questions.forEach((q, index) => {
    if (seen.has(q.id)) problems.push({ path: [index, 'id'], message: TEMPLATE_MESSAGES.duplicateId });
    if (CHOICE_TYPES.has(q.type)) {
      if (!q.options?.length)
        problems.push({ path: [index, 'options'], message: TEMPLATE_MESSAGES.needsOptions });
      else if (new Set(q.options).size !== q.options.length)
        problems.push({ path: [index, 'options'], message: TEMPLATE_MESSAGES.duplicateOption });
    }
    if (q.type === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max)
      problems.push({ path: [index, 'min'], message: TEMPLATE_MESSAGES.minAboveMax });
    if (q.show_if) {
      const target = seen.get(q.show_if.question_id);
      if (!target) problems.push({ path: [index, 'show_if'], message: TEMPLATE_MESSAGES.notEarlier });
      else if (target.type === 'photo')
        problems.push({ path: [index, 'show_if'], message: TEMPLATE_MESSAGES.noPhotoCondition });
    }
    if (!seen.has(q.id)) seen.set(q.id, q);
  });
  return problems;
}

/** A template's questions: each well formed, and together following templateProblems. */
export const templateQuestionsSchema = z
  .array(questionSchema)
  .max(MAX_QUESTIONS, { message: `must have at most ${MAX_QUESTIONS} questions` })
  .superRefine((questions, ctx) => {
    for (const problem of templateProblems(questions))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

/** Reads stored questions (a template's, a survey's snapshot), leaving out any that are malformed. */
export function readQuestions(value: unknown): Question[] {
  if (!Array.isArray(value)) return [];
  const out: Question[] = [];
  for (const item of value) {
    const parsed = questionSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}
