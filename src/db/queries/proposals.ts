/**
 * What the proposals screens read on the device: the proposals with their leads' names, one
 * proposal, the leads a user may write proposals for, a lead's surveys with their answers, the
 * active products, and everything the printable proposal shows.
 */
import { type Actor, scopeOf } from '#src/domain/permissions.ts';
import type { CrmDatabase, EntityRow } from '../database.ts';
import type { LeadRow, ProductRow, ProposalRow } from '../rows.ts';
import { type OrgBranding, orgBranding } from './branding.ts';
import { text } from './text.ts';

export interface ProposalListItem {
  row: ProposalRow;
  leadName: string;
}

/** Every proposal on the device (the ones of leads the user may see), newest date first. */
export async function listProposals(db: CrmDatabase): Promise<ProposalListItem[]> {
  const rows = ((await db.proposals.toArray()) as ProposalRow[]).filter((p) => !p.deleted_at);
  const leadIds = [...new Set(rows.map((p) => text(p.lead_id)).filter(Boolean))];
  const leads = await db.contacts.bulkGet(leadIds);
  const names = new Map(leads.filter((l) => l).map((l) => [String(l?._id), text(l?.name)]));
  return rows
    .map((row) => ({ row, leadName: names.get(text(row.lead_id)) ?? '' }))
    .sort(
      (a, b) =>
        text(b.row.date).localeCompare(text(a.row.date)) ||
        text(b.row.created_at).localeCompare(text(a.row.created_at)),
    );
}

export async function getProposal(db: CrmDatabase, id: string): Promise<ProposalRow | undefined> {
  const row = (await db.proposals.get(id)) as ProposalRow | undefined;
  return row && !row.deleted_at ? row : undefined;
}

export interface LeadChoice {
  value: string;
  label: string;
}

/**
 * The leads this user may write proposals for (those they may edit), by name. Managers are
 * offered every lead on their device (which holds only what they may see); the server decides.
 */
export async function proposalLeadChoices(db: CrmDatabase, actor: Actor): Promise<LeadChoice[]> {
  const scope = scopeOf(actor, 'contacts.edit');
  const mayEdit = (lead: LeadRow) => {
    if (scope === 'org' || scope === 'managed') return true;
    if (scope !== 'owned') return false;
    const consultants = Array.isArray(lead.energy_consultants) ? (lead.energy_consultants as unknown[]) : [];
    return lead.owner_id === actor.user_id || consultants.includes(actor.user_id);
  };
  const rows = (await db.contacts.toArray()) as LeadRow[];
  return rows
    .filter((lead) => !lead.deleted_at && mayEdit(lead))
    .map((lead) => ({
      value: String(lead._id),
      label: [text(lead.name) || '—', text(lead.address)].filter(Boolean).join(' · '),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** One answered question, as the proposal keeps and prints it. */
export interface SurveyAnswer {
  question: string;
  answer: string;
}

export interface LeadSurvey {
  id: string;
  templateName: string;
  date: string;
  answers: SurveyAnswer[];
}

interface QuestionLike {
  id: string;
  label: string;
}

/** The questions of a survey: its own snapshot when it has one, else its template's. */
function questionsOf(value: unknown): QuestionLike[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((q) =>
    q && typeof q === 'object' && typeof (q as QuestionLike).id === 'string'
      ? [{ id: (q as QuestionLike).id, label: text((q as QuestionLike).label) || (q as QuestionLike).id }]
      : [],
  );
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A lead's surveys with their answered questions in the template's order, newest first. */
export async function surveysOfLeadWithAnswers(db: CrmDatabase, leadId: string): Promise<LeadSurvey[]> {
  const surveys = (await db.surveys.where('lead_id').equals(leadId).toArray()).filter((s) => !s.deleted_at);
  const templateIds = [...new Set(surveys.map((s) => text(s.template_id)).filter(Boolean))];
  const templates = await db.survey_templates.bulkGet(templateIds);
  const byId = new Map(templates.filter((t) => t).map((t) => [String(t?._id), t as EntityRow]));
  return surveys
    .map((survey) => {
      const template = byId.get(text(survey.template_id));
      const snapshot = questionsOf(survey.questions);
      const questions = snapshot.length ? snapshot : questionsOf(template?.questions);
      const responses = (survey.responses ?? {}) as Record<string, unknown>;
      const answers = questions
        .map((q) => ({ question: q.label, answer: answerText(responses[q.id]) }))
        .filter((a) => a.answer);
      return {
        id: String(survey._id),
        templateName: text(template?.name),
        date: text(survey.updated_at ?? survey.created_at).slice(0, 10),
        answers,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** Products a proposal may include: the active ones, by name. */
export async function activeProducts(db: CrmDatabase): Promise<ProductRow[]> {
  const rows = (await db.products.toArray()) as ProductRow[];
  return rows
    .filter((p) => !p.deleted_at && p.active !== false)
    .sort((a, b) => text(a.name).localeCompare(text(b.name)));
}

export interface ProposalPrintData {
  proposal: ProposalRow;
  lead: LeadRow | undefined;
  products: ProductRow[];
  branding: OrgBranding;
}

/** Everything the printable proposal shows, read from the device (so it prints offline). */
export async function proposalPrintData(
  db: CrmDatabase,
  id: string,
  orgId: number,
): Promise<ProposalPrintData | undefined> {
  const proposal = await getProposal(db, id);
  if (!proposal) return undefined;
  const details = (proposal.details ?? {}) as { product_ids?: unknown };
  const productIds = Array.isArray(details.product_ids) ? (details.product_ids as string[]) : [];
  const [lead, products, branding] = await Promise.all([
    proposal.lead_id ? (db.contacts.get(proposal.lead_id) as Promise<LeadRow | undefined>) : undefined,
    db.products.bulkGet(productIds),
    orgBranding(db, orgId),
  ]);
  return {
    proposal,
    lead,
    products: products.filter((p): p is ProductRow => !!p && !p.deleted_at),
    branding,
  };
}
