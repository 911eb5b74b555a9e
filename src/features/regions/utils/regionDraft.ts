/** A region's page form: what it starts from and which fields a save sends. */
import { REGION_FILLS, type RegionGeometry } from '#src/domain/regionGeometry.ts';

export interface RegionDraft {
  name: string;
  color: string;
  manager_ids: string[];
  team_ids: string[];
  geometry: RegionGeometry | null;
}

/** The form's start: the stored region (a new one takes the first spec fill) and its teams. */
export function draftOf(row: Record<string, unknown> | undefined, teamIds: string[]): RegionDraft {
  return {
    name: typeof row?.name === 'string' ? row.name : '',
    color: typeof row?.color === 'string' && row.color ? row.color : REGION_FILLS[0],
    manager_ids: Array.isArray(row?.manager_ids) ? (row.manager_ids as string[]) : [],
    team_ids: teamIds,
    geometry: (row?.geometry as RegionGeometry | null | undefined) ?? null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The region's own fields that differ from `before` (all of them for a new region). */
export function changedRegionFields(before: RegionDraft, after: RegionDraft, creating: boolean) {
  const fields: Record<string, unknown> = {};
  const next = { ...after, name: after.name.trim() };
  for (const key of ['name', 'color', 'manager_ids', 'geometry'] as const)
    if (creating || !same(before[key], next[key])) fields[key] = next[key];
  return fields;
}

/** Teams to move into the region and out of it. */
export function teamChanges(before: readonly string[], after: readonly string[]) {
  return {
    added: after.filter((id) => !before.includes(id)),
    removed: before.filter((id) => !after.includes(id)),
  };
}
