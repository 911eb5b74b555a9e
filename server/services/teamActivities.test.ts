import { describe, expect, it } from 'vitest';
import { addedToTeamMessage } from './teamActivities.ts';

describe("what an 'added_to_team' activity says after who did it", () => {
  it.each([
    [
      'someone added by another',
      { actorId: 'a', userId: 'u', userName: 'Riley Rep', teamName: 'North Team' },
      'added Riley Rep to North Team',
    ],
    [
      'names trimmed',
      { actorId: 'a', userId: 'u', userName: ' Riley Rep ', teamName: ' North Team ' },
      'added Riley Rep to North Team',
    ],
    [
      'joining themself',
      { actorId: 'u', userId: 'u', userName: 'Riley Rep', teamName: 'North Team' },
      'joined North Team',
    ],
    [
      'a team without a name',
      { actorId: 'a', userId: 'u', userName: 'Riley Rep', teamName: '' },
      'added Riley Rep to a team',
    ],
    [
      'a user not found',
      { actorId: 'a', userId: 'u', userName: undefined, teamName: 'North Team' },
      'added someone to North Team',
    ],
    [
      'neither found',
      { actorId: 'a', userId: 'u', userName: null, teamName: null },
      'added someone to a team',
    ],
  ])('%s', (_case, join, expected) => {
    expect(addedToTeamMessage(join)).toBe(expected);
  });
});
