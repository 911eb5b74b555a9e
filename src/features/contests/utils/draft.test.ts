import { describe, expect, it } from 'vitest';
import type { ContestRow } from '#src/device/hooks/useContests.ts';
import { contestChanges, draftOf, draftProblems } from './draft.ts';

const NOW = new Date('2026-11-24T10:00:00Z');
const ROW: ContestRow = {
  _id: 'c1',
  name: 'Winter Sprint',
  start_date: '2026-11-17',
  end_date: '2026-12-15',
  description: 'Most volume wins',
  contest_type: 'General',
  contest_qualifier: 'Sales Volume',
  team_ids: ['t1'],
  region_ids: [],
};

describe('the contest form', () => {
  it('starts a new contest today for four weeks, on sales volume, for the whole org', () => {
    expect(draftOf(undefined, NOW)).toEqual({
      name: '',
      start_date: '2026-11-24',
      end_date: '2026-12-21',
      description: '',
      contest_type: 'General',
      contest_qualifier: 'Sales Volume',
      team_ids: [],
      region_ids: [],
    });
  });

  it('names each problem on its field', () => {
    const draft = { ...draftOf(undefined, NOW), name: '  ', end_date: '2026-11-23' };
    expect(draftProblems(draft)).toEqual({ name: 'required', end_date: 'endBeforeStart' });
    expect(draftProblems({ ...draft, name: 'x', start_date: '', end_date: '2026-02-30' })).toEqual({
      start_date: 'required',
      end_date: 'day',
    });
    expect(
      draftProblems({ ...draft, name: 'x', end_date: '2026-11-24', description: 'x'.repeat(2001) }),
    ).toEqual({
      description: 'tooLong',
    });
  });

  it('sends every field for a new contest and only the changed ones for an edit', () => {
    const fresh = contestChanges({ ...draftOf(undefined, NOW), name: ' Sprint ' }, undefined);
    expect(fresh).toMatchObject({ name: 'Sprint', start_date: '2026-11-24', team_ids: [] });
    const edit = { ...draftOf(ROW, NOW), description: 'Now with a prize', region_ids: ['r1'] };
    expect(contestChanges(edit, ROW)).toEqual({ description: 'Now with a prize', region_ids: ['r1'] });
    expect(contestChanges(draftOf(ROW, NOW), ROW)).toEqual({});
  });
});
