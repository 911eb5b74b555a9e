import { useLiveQuery } from 'dexie-react-hooks';
import {
  activeProducts,
  getProposal,
  type LeadChoice,
  type LeadSurvey,
  listProposals,
  type ProposalListItem,
  type ProposalPrintData,
  proposalLeadChoices,
  proposalPrintData,
  surveysOfLeadWithAnswers,
} from '#src/db/queries/proposals.ts';
import type { ProductRow, ProposalRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';
import { useActor } from './useActor.ts';

/** The shapes this hook answers with, for the screens that show them. */
export type { LeadSurvey, ProposalListItem, ProposalPrintData } from '#src/db/queries/proposals.ts';

/** The proposals on the device with their leads' names, newest first (undefined while reading). */
export function useProposalList(): ProposalListItem[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => listProposals(db), [db]);
}

/** One proposal (null when it is not on the device; undefined while reading). */
export function useProposal(id: string | undefined): ProposalRow | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(async () => (id ? ((await getProposal(db, id)) ?? null) : null), [db, id]);
}

/** The leads the user may write proposals for. */
export function useProposalLeads(): LeadChoice[] | undefined {
  const { db } = useDevice();
  const actor = useActor();
  return useLiveQuery(() => proposalLeadChoices(db, actor), [db, actor]);
}

/** A lead's surveys with their answers, newest first. */
export function useLeadSurveys(leadId: string): LeadSurvey[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => (leadId ? surveysOfLeadWithAnswers(db, leadId) : []), [db, leadId]);
}

/** The active products, by name. */
export function useActiveProducts(): ProductRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => activeProducts(db), [db]);
}

/** Everything the printable proposal shows, live (null when the proposal is not on the device). */
export function useProposalPrintData(id: string): ProposalPrintData | null | undefined {
  const { db } = useDevice();
  const orgId = useActor().org_id;
  return useLiveQuery(async () => (await proposalPrintData(db, id, orgId)) ?? null, [db, id, orgId]);
}
