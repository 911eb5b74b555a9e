/**
 * Survey templates and filled surveys on the device. A survey made on this device carries no copy
 * of its questions until the server's comes back: until then it reads with its template's
 * questions when the template is still at the revision it answered.
 */
import { type Question, readQuestions } from '#src/domain/surveys/index.ts';
import type { CrmDatabase } from '../database.ts';
import { text } from './text.ts';

/** A survey template as pulled (server/db/schema.ts `survey_templates`). */
export interface SurveyTemplateRow {
  _id: string;
  name?: string;
  description?: string;
  questions?: unknown[];
  revision?: number;
  archived?: boolean;
  updated_at?: string;
  deleted_at?: string | null;
  pending?: boolean;
}

/** A filled survey as pulled (server/db/schema.ts `surveys`). */
export interface SurveyRow {
  _id: string;
  template_id?: string;
  lead_id?: string | null;
  responses?: Record<string, unknown>;
  template_revision?: number | null;
  questions?: unknown[] | null;
  status?: string;
  completed_at?: string | null;
  created_at?: string;
  created_by?: string | null;
  deleted_at?: string | null;
  pending?: boolean;
}

/** A survey with the questions it answered and its template's name. */
export interface SurveyView {
  row: SurveyRow;
  templateName: string;
  revision: number | undefined;
  /** The questions of the revision answered (empty when the device does not know them yet). */
  questions: Question[];
}

/** The live templates, by name (archived ones too when `withArchived`). */
export async function surveyTemplates(db: CrmDatabase, withArchived = false): Promise<SurveyTemplateRow[]> {
  const rows = (await db.survey_templates.toArray()) as SurveyTemplateRow[];
  return rows
    .filter((r) => !r.deleted_at && (withArchived || !r.archived))
    .sort((a, b) => text(a.name).localeCompare(text(b.name)));
}

/** One template, or null when the device does not have it. */
export async function surveyTemplate(db: CrmDatabase, id: string): Promise<SurveyTemplateRow | null> {
  const row = (await db.survey_templates.get(id)) as SurveyTemplateRow | undefined;
  return row && !row.deleted_at ? row : null;
}

function viewOf(row: SurveyRow, template: SurveyTemplateRow | undefined): SurveyView {
  const revision = row.template_revision ?? undefined;
  const own = readQuestions(row.questions);
  const questions =
    own.length || !template || (revision !== undefined && revision !== (template.revision ?? 1))
      ? own
      : readQuestions(template.questions);
  return { row, templateName: text(template?.name), revision, questions };
}

/** A lead's surveys, newest first, each with the questions it answered. */
export async function surveysOfLead(db: CrmDatabase, leadId: string): Promise<SurveyView[]> {
  const rows = ((await db.surveys.where('lead_id').equals(leadId).toArray()) as SurveyRow[]).filter(
    (r) => !r.deleted_at,
  );
  const templates = (await db.survey_templates.bulkGet([
    ...new Set(rows.map((r) => text(r.template_id))),
  ])) as (SurveyTemplateRow | undefined)[];
  const byId = new Map(templates.filter((t) => t).map((t) => [t?._id, t]));
  return rows
    .map((r) => viewOf(r, byId.get(text(r.template_id))))
    .sort((a, b) =>
      text(b.row.completed_at ?? b.row.created_at).localeCompare(
        text(a.row.completed_at ?? a.row.created_at),
      ),
    );
}

/** One survey with its questions, or null when the device does not have it. */
export async function surveyView(db: CrmDatabase, id: string): Promise<SurveyView | null> {
  const row = (await db.surveys.get(id)) as SurveyRow | undefined;
  if (!row || row.deleted_at) return null;
  const template = (await db.survey_templates.get(text(row.template_id))) as SurveyTemplateRow | undefined;
  return viewOf(row, template);
}
