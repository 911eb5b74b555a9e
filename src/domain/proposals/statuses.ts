/**
 * Proposal statuses and financing options, and the milestone a won proposal sets on its lead:
 * when a proposal BECOMES Won the lead's status becomes Contract Signed (its stage follows by the
 * shared deal-stage rule). Device and server both ask {@link leadStatusOnSave}.
 */

export const PROPOSAL_STATUSES = ['Draft', 'Sent', 'Won', 'Lost'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const FINANCING_OPTIONS = ['Cash', 'Loan', 'Lease', 'PPA'] as const;

export const WON_STATUS: ProposalStatus = 'Won';
/** The lead status a won proposal moves its lead to. */
export const WON_LEAD_STATUS = 'Contract Signed';

/**
 * The lead status a proposal save sets, or undefined when it leaves the lead alone: only the
 * change INTO Won moves the lead, so saving an already-won proposal never pulls a lead that has
 * moved on (to install, say) back to Contract Signed.
 */
export function leadStatusOnSave(
  before: string | null | undefined,
  after: string | null | undefined,
): string | undefined {
  return after === WON_STATUS && before !== WON_STATUS ? WON_LEAD_STATUS : undefined;
}

export const PROPOSAL_LEAD_DENIED =
  'Only the lead owner, its energy consultants, their managers and admins can write proposals for this lead.';
export const PROPOSAL_SURVEY_MESSAGE = 'must be a survey of this proposal’s lead';
