import { useCallback, useMemo } from 'react';
import type { RegionRow, TeamRow, UserRow } from '../../db/rows.ts';
import { useRegions, useTeams } from '../../device/hooks/useTeams.ts';
import { useUsers } from '../../device/hooks/useUsers.ts';
import { formatPhone } from '../../domain/phone.ts';
import type { ColumnDefinition } from '../../domain/tables/registry.ts';

export type DisplayValue = (column: ColumnDefinition, value: unknown) => string;

type Names = Map<string, string>;

function namesOf(rows: readonly (UserRow | TeamRow | RegionRow)[]): Names {
  const map: Names = new Map();
  for (const row of rows) map.set(row._id, row.name ?? '');
  return map;
}

/**
 * How a value reads in the table (names for user, team and region ids, formatted phones and
 * dates): the same text is shown, searched, sorted, grouped and exported.
 */
export function useDisplay(): DisplayValue {
  const users = useUsers();
  const teams = useTeams();
  const regions = useRegions();
  const names = useMemo(
    () => ({ users: namesOf(users), teams: namesOf(teams), regions: namesOf(regions) }),
    [users, teams, regions],
  );
  return useCallback(
    (column: ColumnDefinition, value: unknown): string => {
      if (value === null || value === undefined || value === '') return '';
      const name = (map: Names, id: unknown) => map.get(String(id)) ?? String(id);
      switch (column.type) {
        case 'user':
          return name(names.users, value);
        case 'users':
          return Array.isArray(value) ? value.map((id) => name(names.users, id)).join(', ') : String(value);
        case 'team':
          return name(names.teams, value);
        case 'region':
          return name(names.regions, value);
        case 'phone':
          return formatPhone(String(value));
        case 'datetime': {
          const t = Date.parse(String(value));
          return Number.isNaN(t) ? String(value) : new Date(t).toLocaleString();
        }
        case 'currency': {
          const n = Number(value);
          return Number.isFinite(n)
            ? n.toLocaleString(undefined, { style: 'currency', currency: 'USD' })
            : '';
        }
        case 'boolean':
          return value === true || value === 'true' ? '✓' : '✗';
        case 'json':
          return typeof value === 'object' ? JSON.stringify(value) : String(value);
        default:
          return Array.isArray(value) ? value.join(', ') : String(value);
      }
    },
    [names],
  );
}
