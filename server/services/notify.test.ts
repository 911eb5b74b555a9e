import { describe, expect, it } from 'vitest';
import { newAssignees } from './notify.ts';

const lead = (owner: string | null, consultants: string[] | null) => ({
  id: 'l1',
  name: 'Lead',
  owner_id: owner,
  energy_consultants: consultants,
});

describe('newAssignees', () => {
  it.each([
    ['a new lead: its owner and consultants', undefined, lead('a', ['a', 'b']), ['a', 'a', 'b']],
    ['owner changed', lead('a', ['a']), lead('b', ['a']), ['b']],
    ['owner unchanged', lead('a', ['a']), lead('a', ['a']), []],
    ['owner cleared', lead('a', ['a']), lead(null, ['a']), []],
    ['a consultant added', lead('a', ['a']), lead('a', ['a', 'c']), ['c']],
    ['a consultant removed', lead('a', ['a', 'c']), lead('a', ['a']), []],
    ['consultants from none', lead('a', null), lead('a', ['c']), ['c']],
  ])('%s', (_name, before, after, expected) => {
    expect(newAssignees(before, after)).toEqual(expected);
  });
});
