/**
 * Survey commands: an admin's template saves and a filled survey, kept on the device at once and
 * queued as `record.save.v1`. The answers are checked with the same rules as the server
 * (src/domain/surveys) before anything is queued; a refusal carries each question's problem so
 * the page shows it by the question and keeps what was typed.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import { surveyTemplate } from '#src/db/queries/surveys.ts';
import {
  type AnswerProblem,
  type Answers,
  answerMessage,
  answerProblems,
  readQuestions,
  shownAnswers,
} from '#src/domain/surveys/index.ts';
import { InvalidChangeError } from './enqueue.ts';
import { saveRecord } from './records.ts';

/** Answers refused on the device, by question id. */
export class SurveyAnswersError extends InvalidChangeError {
  readonly problems: Record<string, AnswerProblem>;
  constructor(problems: Record<string, AnswerProblem>) {
    const [id, first] = Object.entries(problems)[0] ?? ['', { code: 'unknown' as const }];
    super(`responses.${id}: ${answerMessage(first)}`);
    this.problems = problems;
  }
}

/** Creates a template (`id` undefined) or changes the given fields of one; answers its id. */
export function saveSurveyTemplate(
  db: CrmDatabase,
  id: string | undefined,
  fields: Record<string, unknown>,
  author?: string,
): Promise<string> {
  return saveRecord(db, 'survey_templates', id, fields, author);
}

/**
 * Saves a completed survey of a lead against the template's revision on the device; answers to
 * questions not shown are left out. Answers the survey's id.
 */
export async function fillSurvey(
  db: CrmDatabase,
  input: { lead_id: string; template_id: string; answers: Answers },
  author?: string,
): Promise<string> {
  const template = await surveyTemplate(db, input.template_id);
  if (!template) throw new InvalidChangeError('This survey template is not on this device any more.');
  const questions = readQuestions(template.questions);
  const responses = shownAnswers(questions, input.answers);
  const problems = answerProblems(questions, responses);
  if (Object.keys(problems).length) throw new SurveyAnswersError(problems);
  return saveRecord(
    db,
    'surveys',
    undefined,
    {
      template_id: input.template_id,
      template_revision: template.revision ?? 1,
      lead_id: input.lead_id,
      responses,
      status: 'completed',
      completed_at: new Date().toISOString(),
    },
    author,
  );
}
