/**
 * Surveys on the server (src/domain/surveys holds the rules). A template whose questions change
 * gets a new revision, kept in survey_template_revisions in the same transaction; a survey is
 * checked against the questions of the revision it answered and keeps a copy of them, so it reads
 * the same after the template changes again.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '#src/domain/permissions.ts';
import { firstAnswerProblem, type Question, readQuestions } from '#src/domain/surveys/index.ts';
import { media, surveyTemplateRevisions, surveyTemplates } from '../db/schema.ts';
import type { Tx } from './context.ts';
import { invalid } from './serviceError.ts';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function keepRevision(tx: Tx, actor: Actor, templateId: string, revision: number, questions: unknown) {
  await tx
    .insert(surveyTemplateRevisions)
    .values({
      org_id: actor.org_id,
      template_id: templateId,
      revision,
      questions: Array.isArray(questions) ? questions : [],
      created_by: actor.user_id,
    })
    .onConflictDoNothing();
}

/**
 * Before a template is saved: a new template is revision 1; changed questions make the next
 * revision. Each revision's questions are written once (an older template that never had its
 * revision written gets it first, so surveys that answered it still read right).
 */
export async function versionTemplate(
  tx: Tx,
  actor: Actor,
  id: string,
  existing: Record<string, unknown> | undefined,
  values: Record<string, unknown>,
): Promise<void> {
  delete values.revision;
  if (!existing) {
    values.revision = 1;
    await keepRevision(tx, actor, id, 1, values.questions ?? []);
    return;
  }
  if (values.questions === undefined || sameJson(values.questions, existing.questions)) return;
  const current = Number(existing.revision) || 1;
  await keepRevision(tx, actor, id, current, existing.questions);
  values.revision = current + 1;
  await keepRevision(tx, actor, id, current + 1, values.questions);
}

/** The questions of a revision of one of the org's templates, or a 400 naming the field. */
async function revisionQuestions(
  tx: Tx,
  actor: Actor,
  templateId: string,
  revision: number | undefined,
): Promise<{ revision: number; questions: Question[] }> {
  const [template] = await tx
    .select()
    .from(surveyTemplates)
    .where(and(eq(surveyTemplates.id, templateId), eq(surveyTemplates.org_id, actor.org_id)));
  if (!template || template.deleted_at)
    throw invalid('Invalid input — template_id: must be a survey template of this organisation.');
  const wanted = revision ?? template.revision;
  const [kept] = await tx
    .select()
    .from(surveyTemplateRevisions)
    .where(
      and(
        eq(surveyTemplateRevisions.template_id, templateId),
        eq(surveyTemplateRevisions.org_id, actor.org_id),
        eq(surveyTemplateRevisions.revision, wanted),
      ),
    );
  if (kept) return { revision: wanted, questions: readQuestions(kept.questions) };
  // A template saved before revisions were kept: its current questions are its current revision.
  if (wanted === template.revision) return { revision: wanted, questions: readQuestions(template.questions) };
  throw invalid(`Invalid input — template_revision: ${wanted} is not a revision of this template.`);
}

/** Photo answers are files of the survey's own lead (added with it, kept with the lead's media). */
async function checkPhotos(
  tx: Tx,
  actor: Actor,
  questions: readonly Question[],
  answers: Record<string, unknown>,
  leadId: string | null | undefined,
): Promise<void> {
  for (const q of questions) {
    const ids = q.type === 'photo' && Array.isArray(answers[q.id]) ? (answers[q.id] as string[]) : [];
    if (!ids.length) continue;
    const found = leadId
      ? await tx
          .select({ id: media.id })
          .from(media)
          .where(
            and(
              inArray(media.id, ids),
              eq(media.org_id, actor.org_id),
              eq(media.lead_id, leadId),
              isNull(media.deleted_at),
            ),
          )
      : [];
    if (found.length !== ids.length)
      throw invalid(`Invalid input — responses.${q.id}: “${q.label}” must be photos of this lead.`);
  }
}

/**
 * Before a survey is saved: when its template, revision, answers or status change, the answers
 * are checked against that revision's questions, which the survey keeps. A completed survey needs
 * every shown required answer and gets its completion time.
 */
export async function checkSurvey(
  tx: Tx,
  actor: Actor,
  existing: Record<string, unknown> | undefined,
  values: Record<string, unknown>,
  now: string,
): Promise<void> {
  delete values.questions;
  const touched = ['template_id', 'template_revision', 'responses', 'status'].some(
    (k) => values[k] !== undefined,
  );
  if (existing && !touched) return;
  const templateId = String(values.template_id ?? existing?.template_id ?? '');
  if (!templateId) throw invalid('Invalid input — template_id: is required.');
  const sameTemplate = templateId === existing?.template_id;
  const revision =
    (values.template_revision as number | undefined) ??
    (sameTemplate ? (existing?.template_revision as number | undefined) : undefined) ??
    undefined;
  const found = await revisionQuestions(tx, actor, templateId, revision ?? undefined);
  const status = String(values.status ?? existing?.status ?? 'completed');
  const answers = (values.responses ?? existing?.responses ?? {}) as Record<string, unknown>;
  const problem = firstAnswerProblem(found.questions, answers, { draft: status === 'draft' });
  if (problem) throw invalid(`Invalid input — ${problem}.`);
  await checkPhotos(
    tx,
    actor,
    found.questions,
    answers,
    (values.lead_id ?? existing?.lead_id) as string | null,
  );
  values.template_revision = found.revision;
  values.questions = found.questions;
  if (status === 'completed' && !existing?.completed_at && !values.completed_at) values.completed_at = now;
}
