/**
 * Survey answers: which questions show for the answers given so far, and what is wrong with an
 * answer. The fill page checks with these before the survey is queued; the server checks again
 * against the questions of the template revision the survey answered.
 */
import { isoDateProblem, unsafeCharacterIn } from '../schemas/common.ts';
import type { ConditionValue, Question, ShowIf } from './questions.ts';

export type Answers = Record<string, unknown>;

/** A survey being filled (kept, not yet checked for required answers) or completed. */
export const SURVEY_STATUSES = ['draft', 'completed'] as const;

/** When a survey was filled: its completion, else (a draft) its creation. */
export function surveyFilledAt(survey: {
  completed_at?: string | null;
  created_at?: string;
}): string | undefined {
  return survey.completed_at ?? survey.created_at;
}

export const MAX_SHORT_TEXT = 500;
export const MAX_LONG_TEXT = 5000;
export const MAX_PHOTOS = 10;

/** Why an answer is refused; the app words each in the user's language, the server in English. */
export type AnswerProblem =
  | { code: 'required' }
  | { code: 'text'; max: number }
  | { code: 'number' }
  | { code: 'min'; min: number }
  | { code: 'max'; max: number }
  | { code: 'yesNo' }
  | { code: 'option' }
  | { code: 'options' }
  | { code: 'date' }
  | { code: 'photo'; max: number }
  | { code: 'hidden' }
  | { code: 'unknown' };

/** The English wording of each problem (server messages and tests). */
export function answerMessage(problem: AnswerProblem): string {
  switch (problem.code) {
    case 'required':
      return 'is required';
    case 'text':
      return `must be text of at most ${problem.max} characters`;
    case 'number':
      return 'must be a number';
    case 'min':
      return `must be at least ${problem.min}`;
    case 'max':
      return `must be at most ${problem.max}`;
    case 'yesNo':
      return 'must be yes or no';
    case 'option':
      return 'must be one of the options offered';
    case 'options':
      return 'must be chosen from the options offered, each once';
    case 'date':
      return 'must be a date as YYYY-MM-DD';
    case 'photo':
      return `must be at most ${problem.max} photos of this lead`;
    case 'hidden':
      return 'is not asked for the answers given';
    case 'unknown':
      return 'is not a question of this survey';
  }
}

/** Whether a value counts as an answer (blank text and empty lists do not). */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function conditionHolds(condition: ShowIf, answer: unknown): boolean {
  const wanted: ConditionValue[] = condition.in ?? (condition.equals === undefined ? [] : [condition.equals]);
  const given = Array.isArray(answer) ? answer : [answer];
  return given.some((value) => wanted.some((w) => w === value));
}

/** The questions shown for these answers, in order: a condition holds only if its question shows. */
export function visibleQuestions(questions: readonly Question[], answers: Answers): Question[] {
  const shown = new Set<string>();
  const out: Question[] = [];
  for (const q of questions) {
    const condition = q.show_if;
    if (
      condition &&
      !(shown.has(condition.question_id) && conditionHolds(condition, answers[condition.question_id]))
    )
      continue;
    shown.add(q.id);
    out.push(q);
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const safeText = (value: unknown, max: number) =>
  typeof value === 'string' && value.length <= max && !unsafeCharacterIn(value);

/** What is wrong with one (given) answer to a shown question. */
function valueProblem(q: Question, value: unknown): AnswerProblem | undefined {
  switch (q.type) {
    case 'short_text':
      return safeText(value, MAX_SHORT_TEXT) ? undefined : { code: 'text', max: MAX_SHORT_TEXT };
    case 'long_text':
      return safeText(value, MAX_LONG_TEXT) ? undefined : { code: 'text', max: MAX_LONG_TEXT };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'number' };
      if (q.min !== undefined && value < q.min) return { code: 'min', min: q.min };
      if (q.max !== undefined && value > q.max) return { code: 'max', max: q.max };
      return undefined;
    case 'yes_no':
      return typeof value === 'boolean' ? undefined : { code: 'yesNo' };
    case 'single_choice':
      return typeof value === 'string' && (q.options ?? []).includes(value) ? undefined : { code: 'option' };
    case 'multiple_choice':
      return Array.isArray(value) &&
        value.every((v) => typeof v === 'string' && (q.options ?? []).includes(v)) &&
        new Set(value).size === value.length
        ? undefined
        : { code: 'options' };
    case 'date':
      return typeof value === 'string' && !isoDateProblem(value) ? undefined : { code: 'date' };
    case 'photo':
      return Array.isArray(value) &&
        value.length <= MAX_PHOTOS &&
        value.every((v) => typeof v === 'string' && UUID.test(v)) &&
        new Set(value).size === value.length
        ? undefined
        : { code: 'photo', max: MAX_PHOTOS };
  }
}

/**
 * Each refused answer by question id: a shown required question unanswered, an answer of the
 * wrong kind or out of range, and any answer to a question not shown (or not in the survey).
 */
export function answerProblems(
  questions: readonly Question[],
  answers: Answers,
  options: { draft?: boolean } = {},
): Record<string, AnswerProblem> {
  const problems: Record<string, AnswerProblem> = {};
  const known = new Set(questions.map((q) => q.id));
  const shown = new Set(visibleQuestions(questions, answers).map((q) => q.id));
  for (const [id, value] of Object.entries(answers)) {
    if (!known.has(id)) problems[id] = { code: 'unknown' };
    else if (!shown.has(id) && isAnswered(value)) problems[id] = { code: 'hidden' };
  }
  for (const q of questions) {
    if (!shown.has(q.id)) continue;
    const value = answers[q.id];
    if (!isAnswered(value)) {
      // A draft is kept half-filled: only its given answers are checked.
      if (q.required && !options.draft) problems[q.id] = { code: 'required' };
      continue;
    }
    const problem = valueProblem(q, value);
    if (problem) problems[q.id] = problem;
  }
  return problems;
}

/** The answers kept when saving: those to shown questions, left out when blank. */
export function shownAnswers(questions: readonly Question[], answers: Answers): Answers {
  const out: Answers = {};
  for (const q of visibleQuestions(questions, answers)) {
    const value = answers[q.id];
    if (isAnswered(value)) out[q.id] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** How many of the shown questions are answered. */
export function answeredCount(
  questions: readonly Question[],
  answers: Answers,
): { answered: number; shown: number } {
  const shown = visibleQuestions(questions, answers);
  return { answered: shown.filter((q) => isAnswered(answers[q.id])).length, shown: shown.length };
}

/** The first refused answer as `responses.<id>: <message>` (the server's 400 names the question). */
export function firstAnswerProblem(
  questions: readonly Question[],
  answers: Answers,
  options: { draft?: boolean } = {},
): string | undefined {
  const [entry] = Object.entries(answerProblems(questions, answers, options));
  if (!entry) return undefined;
  const [id, problem] = entry;
  const label = questions.find((q) => q.id === id)?.label;
  return `responses.${id}: ${label ? `“${label}” ` : ''}${answerMessage(problem)}`;
}
