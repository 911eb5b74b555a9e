/** The teams feature's words in English, the source (its `teams` namespace; the spec's texts are kept verbatim). */
export const en = {
  myTeam: { title: 'My team', none: 'You are not on a team yet. Your manager or an admin adds you to one.' },
  teamManager: {
    title: 'Team manager',
    explained:
      'Drag a person to another team, or use the selects under their name. Changes sync like any other.',
    noAccess: 'Only admins and team leaders can change teams.',
    noTeam: 'No team',
    people_one: '{{count}} person',
    people_other: '{{count}} people',
    membersOf: 'People in {{name}}',
    roleOf: 'Team role of {{name}}',
    moveOf: 'Team of {{name}}',
    saved: 'Team Edited',
    error: 'There was an error editing the team. Please try again.',
  },
};
