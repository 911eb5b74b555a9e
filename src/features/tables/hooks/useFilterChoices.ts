import { useCallback, useMemo } from 'react';
import type { TableRow } from '#src/db/rows.ts';
import { useNamedRows } from '#src/device/hooks/useTableRows.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';

/** Choices for the filter builder's select-like columns (statuses, stages, people, options). */
export function useFilterChoices(stages: DealStage[]) {
  const users = useNamedRows('users');
  const teams = useNamedRows('teams');
  const regions = useNamedRows('regions');
  const people = useMemo(() => ({ users, teams, regions }), [users, teams, regions]);
  return useCallback(
    (column: ColumnDefinition) => {
      const named = (list: TableRow[] | undefined) =>
        (list ?? []).map((r) => ({ value: r._id, label: String(r.name ?? r._id) }));
      switch (column.type) {
        case 'status':
          return stages.flatMap((s) =>
            s.options.map((o) => ({ value: o.value, label: `${s.label}: ${o.label}` })),
          );
        case 'stage':
          return stages.map((s) => ({ value: s.value, label: s.label }));
        case 'user':
        case 'users':
          return named(people?.users);
        case 'team':
          return named(people?.teams);
        case 'region':
          return named(people?.regions);
        default:
          return (column.options ?? []).map((o) => ({ value: o, label: o }));
      }
    },
    [stages, people],
  );
}
