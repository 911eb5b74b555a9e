/** The proposals list's filters: by status and by financer (both optional). */
import type { ProposalListItem } from '#src/device/hooks/useProposals.ts';

export interface ProposalFilters {
  status: string | null;
  financer: string | null;
}

export function filterProposals(items: readonly ProposalListItem[], filters: ProposalFilters) {
  return items.filter(
    ({ row }) =>
      (!filters.status || row.status === filters.status) &&
      (!filters.financer || (row.financer ?? '') === filters.financer),
  );
}

/** The financers the proposals name, once each, in alphabetical order. */
export function financersOf(items: readonly ProposalListItem[]): string[] {
  const names = new Set(items.map(({ row }) => (row.financer ?? '').trim()).filter(Boolean));
  return [...names].sort((a, b) => a.localeCompare(b));
}
