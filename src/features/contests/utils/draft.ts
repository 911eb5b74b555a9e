/** The contest form's values, their problems, and the fields a save sends. */
import type { ContestRow } from '#src/device/hooks/useContests.ts';
import {
  CONTEST_QUALIFIERS,
  CONTEST_TYPES,
  type ContestQualifier,
  type ContestType,
  dayStart,
} from '#src/domain/contests.ts';

export interface ContestDraft {
  name: string;
  /** YYYY-MM-DD, both included. */
  start_date: string;
  end_date: string;
  description: string;
  contest_type: ContestType;
  contest_qualifier: ContestQualifier;
  team_ids: string[];
  region_ids: string[];
}

export const DESCRIPTION_MAX = 2000;

const pick = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A contest's values, or a new one's: today to four weeks on, General, Sales Volume, the whole org. */
export function draftOf(row: ContestRow | undefined, now: Date): ContestDraft {
  return {
    name: row?.name ?? '',
    start_date: row?.start_date ?? utcDay(now.getTime()),
    end_date: row?.end_date ?? utcDay(now.getTime() + 27 * 86_400_000),
    description: row?.description ?? '',
    contest_type: pick(row?.contest_type, CONTEST_TYPES, 'General'),
    contest_qualifier: pick(row?.contest_qualifier, CONTEST_QUALIFIERS, 'Sales Volume'),
    team_ids: [...(row?.team_ids ?? [])],
    region_ids: [...(row?.region_ids ?? [])],
  };
}

/** Which fields are wrong, each with its message key (`contests.errors.*`). */
export type ContestDraftProblems = Partial<
  Record<
    'name' | 'start_date' | 'end_date' | 'description',
    'required' | 'day' | 'endBeforeStart' | 'tooLong'
  >
>;

export function draftProblems(draft: ContestDraft): ContestDraftProblems {
  const problems: ContestDraftProblems = {};
  if (!draft.name.trim()) problems.name = 'required';
  if (!draft.start_date) problems.start_date = 'required';
  else if (Number.isNaN(dayStart(draft.start_date))) problems.start_date = 'day';
  if (!draft.end_date) problems.end_date = 'required';
  else if (Number.isNaN(dayStart(draft.end_date))) problems.end_date = 'day';
  else if (!problems.start_date && draft.end_date < draft.start_date) problems.end_date = 'endBeforeStart';
  if (draft.description.length > DESCRIPTION_MAX) problems.description = 'tooLong';
  return problems;
}

/** The fields a save sends: all of them for a new contest, only the changed ones for an edit. */
export function contestChanges(
  draft: ContestDraft,
  existing: ContestRow | undefined,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    name: draft.name.trim(),
    start_date: draft.start_date,
    end_date: draft.end_date,
    description: draft.description,
    contest_type: draft.contest_type,
    contest_qualifier: draft.contest_qualifier,
    team_ids: draft.team_ids,
    region_ids: draft.region_ids,
  };
  if (!existing) return fields;
  const before = draftOf(existing, new Date());
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const was = key === 'name' ? before.name.trim() : before[key as keyof ContestDraft];
    if (JSON.stringify(was) !== JSON.stringify(value)) changed[key] = value;
  }
  return changed;
}
