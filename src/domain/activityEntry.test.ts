import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_PHRASES,
  type ActivityLine,
  activityLine,
  activityRefs,
  type HeldRecord,
  type LineActivity,
  RECORD_ACTIVITY,
} from './activityEntry.ts';

const LEAD = '0195f5a4-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
const GONE = '0195f5a4-1c2d-7e3f-8a9b-0c1d2e3f4a00';
const TEAM = '0195f5a4-1c2d-7e3f-8a9b-0c1d2e3f4a01';
const USER = '0195f5a4-1c2d-7e3f-8a9b-0c1d2e3f4a02';
const REGION = '0195f5a4-1c2d-7e3f-8a9b-0c1d2e3f4a03';
const ACTOR = '0195f5a4-1c2d-7e3f-8a9b-0c1d2e3f4a04';

const HELD: Record<string, HeldRecord> = {
  [`lead:${LEAD}`]: { name: 'Ada Lopez' },
  [`team:${TEAM}`]: { name: 'North Team' },
  [`user:${USER}`]: { name: 'Riley Rep' },
  [`region:${REGION}`]: { name: 'Phoenix' },
};
const held = ({ kind, id }: { kind: string; id: string }) => HELD[`${kind}:${id}`];

const lead = (fields: LineActivity): LineActivity => ({ lead_refs: [LEAD], actor_id: ACTOR, ...fields });
const line = (
  phrase: ActivityLine['phrase'],
  values: Partial<ActivityLine['values']>,
  target: string | null,
) => ({
  phrase,
  values: { message: expect.any(String), record: '', value: '', other: '', ...values },
  target,
});
const toLead = `/contacts/${LEAD}`;

describe('activityLine', () => {
  it.each<[string, LineActivity, ReturnType<typeof line>]>([
    [
      'a status change names the lead and its new status',
      lead({
        type: 'lead_status_change',
        message: 'changed status to Appointment Set',
        field: 'deal_stage_status',
        new: 'Appointment Set',
      }),
      line('statusChanged', { record: 'Ada Lopez', value: 'Appointment Set' }, toLead),
    ],
    [
      'a status taken away',
      lead({ type: 'lead_status_change', message: 'changed status to none', new: null }),
      line('statusCleared', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'a status change stored without its values still names the lead',
      lead({ type: 'lead_status_change', message: 'changed status to Sold' }),
      line('about', { record: 'Ada Lopez', message: 'changed status to Sold' }, toLead),
    ],
    [
      'a stage move',
      lead({ type: 'moved_to', message: 'moved to Customer', new: 'Customer' }),
      line('movedTo', { record: 'Ada Lopez', value: 'Customer' }, toLead),
    ],
    [
      'the name the device holds wins over the one stored (a rename since)',
      lead({ type: 'add_lead', message: 'added Ada Perez', lead_name: 'Ada Perez' }),
      line('added', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'a rename says both names as they were',
      lead({ type: 'name_updated', message: 'renamed to Ada Lopez', old: 'Ada Perez', new: 'Ada Lopez' }),
      line('renamed', { record: 'Ada Lopez', other: 'Ada Perez', value: 'Ada Lopez' }, toLead),
    ],
    [
      'email',
      lead({ type: 'updated_email', message: 'updated the email' }),
      line('emailUpdated', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'phone',
      lead({ type: 'updated_phone', message: 'updated the phone' }),
      line('phoneUpdated', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'roof',
      lead({ type: 'roof_requested', message: 'requested a new roof' }),
      line('roofRequested', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'install',
      lead({ type: 'lead_installed', message: 'installed the system' }),
      line('installed', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'owner',
      lead({ type: 'lead_reassigned', message: 'reassigned the lead to Sam Setter', to_name: 'Sam Setter' }),
      line('reassigned', { record: 'Ada Lopez', value: 'Sam Setter' }, toLead),
    ],
    ...Object.values(RECORD_ACTIVITY).flatMap((texts) =>
      (['added', 'edited', 'deleted'] as const).map(
        (what) =>
          [
            `${texts.type}: ${texts[what]}`,
            lead({ type: texts.type, message: texts[what] }),
            line(expect.stringMatching(/^(note|appointment|file)/) as never, { record: 'Ada Lopez' }, toLead),
          ] as [string, LineActivity, ReturnType<typeof line>],
      ),
    ),
    [
      "an automation's or a person's own words, with the lead named",
      lead({ type: 'call_made', message: 'called about the quote' }),
      line('about', { record: 'Ada Lopez', message: 'called about the quote' }, toLead),
    ],
    [
      'a lead deleted since: its stored name, nothing to open',
      { type: 'lead_deleted', message: 'deleted Bo Chen', lead_refs: [GONE] },
      line('deleted', { record: 'Bo Chen' }, null),
    ],
    [
      'a lead restored',
      lead({ type: 'lead_restored', message: 'restored Ada Lopez' }),
      line('restored', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'a lead this device does not hold, named when written',
      {
        type: 'lead_status_change',
        message: 'changed status to Sold',
        new: 'Sold',
        lead_name: 'Bo Chen',
        lead_refs: [GONE],
      },
      line('statusChanged', { record: 'Bo Chen', value: 'Sold' }, null),
    ],
    [
      'a lead neither held nor named: the server words',
      { type: 'updated_phone', message: 'updated the phone', lead_refs: [GONE] },
      line('message', { message: 'updated the phone' }, null),
    ],
    [
      'someone added to a team names the person and the team, and opens the team',
      {
        type: 'added_to_team',
        message: 'added Someone Old to Old Team',
        actor_id: ACTOR,
        team_id: TEAM,
        user_id: USER,
      },
      line('addedToTeam', { record: 'North Team', other: 'Riley Rep' }, `/teams/${TEAM}`),
    ],
    [
      'joining a team oneself',
      { type: 'added_to_team', message: 'joined North Team', actor_id: USER, team_id: TEAM, user_id: USER },
      line('joinedTeam', { record: 'North Team' }, `/teams/${TEAM}`),
    ],
    [
      'a team moved to a region names both',
      { type: 'team_to_region', message: 'Team moved to a region', team_id: TEAM, region_id: REGION },
      line('teamToRegion', { record: 'North Team', value: 'Phoenix' }, `/teams/${TEAM}`),
    ],
    [
      'a team taken out of its region',
      { type: 'team_to_region', message: 'Team moved to a region', team_id: TEAM, region_id: null },
      line('teamOutOfRegion', { record: 'North Team' }, `/teams/${TEAM}`),
    ],
    [
      "a week's record is said by its kind and count, and opens the winner's page",
      {
        type: 'most_sales_week',
        message: 'Most sales this week: Riley Rep (4)',
        actor_id: USER,
        user_refs: [USER],
        count: 4,
      },
      line('mostSalesWeek', { message: 'Most sales this week: Riley Rep (4)', value: '4' }, `/users/${USER}`),
    ],
    [
      "a week's record without its count reads as the server wrote it",
      { type: 'most_leads_week', message: 'Most leads this week: Riley Rep (9)', actor_id: USER },
      line('message', { message: 'Most leads this week: Riley Rep (9)' }, `/users/${USER}`),
    ],
    [
      'a contest won is said with the contest’s name',
      { type: 'contest_won', message: 'won June Sprint', actor_id: USER, contest_name: 'June Sprint' },
      line('contestWon', { message: 'won June Sprint', value: 'June Sprint' }, `/users/${USER}`),
    ],
    [
      'an activity about nothing in particular opens nothing',
      { type: 'visit', message: 'visited the office', actor_id: ACTOR },
      line('message', { message: 'visited the office' }, null),
    ],
    [
      'malformed references',
      { type: 'x', message: 'm', lead_refs: 'nope', team_id: 3 },
      line('message', { message: 'm' }, null),
    ],
  ])('%s', (_, activity, expected) => {
    expect(activityLine(activity, held)).toEqual(expected);
  });

  it('opens nothing for a record held only by name', () => {
    const byName = () => ({ name: 'Ada Lopez', opens: false });
    expect(
      activityLine(lead({ type: 'updated_email', message: 'updated the email' }), byName).target,
    ).toBeNull();
  });

  it('only picks phrases the catalogue has', () => {
    const phrases = new Set<string>(ACTIVITY_PHRASES);
    for (const texts of Object.values(RECORD_ACTIVITY))
      for (const what of ['added', 'edited', 'deleted'] as const)
        expect(phrases.has(activityLine(lead({ type: texts.type, message: texts[what] }), held).phrase)).toBe(
          true,
        );
  });
});

describe('activityLine of an entry written with a message key', () => {
  const keyed = (fields: LineActivity, key: string, params: Record<string, unknown>) => ({
    ...fields,
    text_key: key,
    text_params: params,
  });
  it.each<[string, LineActivity, ReturnType<typeof line>]>([
    [
      'the key decides the phrase, whatever the type and message say',
      keyed(lead({ type: 'custom', message: 'did something' }), 'activity.statusChanged', {
        lead: 'Ada Perez',
        status: 'Sold',
      }),
      line('statusChanged', { record: 'Ada Lopez', value: 'Sold' }, toLead),
    ],
    [
      'a lead the device does not hold is named by the key’s parameters',
      keyed({ type: 'moved_to', message: 'moved to Customer', lead_refs: [GONE] }, 'activity.movedTo', {
        lead: 'Bo Chen',
        stage: 'Customer',
      }),
      line('movedTo', { record: 'Bo Chen', value: 'Customer' }, null),
    ],
    [
      'a rename says the old name and the new one as written',
      keyed(lead({ type: 'name_updated' }), 'activity.renamed', { old: 'Ada Perez', lead: 'Ada P. Lopez' }),
      line('renamed', { record: 'Ada Lopez', other: 'Ada Perez', value: 'Ada P. Lopez' }, toLead),
    ],
    [
      'an owner change names the new owner',
      keyed(lead({ type: 'lead_reassigned' }), 'activity.reassigned', { lead: 'Ada', to: 'Sam Setter' }),
      line('reassigned', { record: 'Ada Lopez', value: 'Sam Setter' }, toLead),
    ],
    [
      'a note added',
      keyed(lead({ type: 'note', message: 'added a note' }), 'activity.noteAdded', { lead: 'Ada' }),
      line('noteAdded', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'someone added to a team: the person and the team as held now',
      keyed(
        { type: 'added_to_team', actor_id: ACTOR, team_id: TEAM, user_id: USER },
        'activity.addedToTeam',
        { person: 'Old Name', team: 'Old Team' },
      ),
      line('addedToTeam', { record: 'North Team', other: 'Riley Rep' }, `/teams/${TEAM}`),
    ],
    [
      'a team and region the device does not hold, by the parameters',
      keyed({ type: 'team_to_region', team_id: GONE, region_id: GONE }, 'activity.teamToRegion', {
        team: 'South Team',
        region: 'Tucson',
      }),
      line('teamToRegion', { record: 'South Team', value: 'Tucson' }, null),
    ],
    [
      'a team out of any region',
      keyed({ type: 'team_to_region', team_id: TEAM }, 'activity.teamOutOfRegion', { team: 'North' }),
      line('teamOutOfRegion', { record: 'North Team' }, `/teams/${TEAM}`),
    ],
    [
      'an unknown key: read as an entry without one',
      keyed(lead({ type: 'updated_email', message: 'updated the email' }), 'activity.teleported', {
        lead: 'Ada',
      }),
      line('emailUpdated', { record: 'Ada Lopez' }, toLead),
    ],
    [
      'parameters that do not fit the key: read as an entry without one',
      keyed(lead({ type: 'call_made', message: 'called' }), 'activity.statusChanged', { lead: 'Ada' }),
      line('about', { record: 'Ada Lopez', message: 'called' }, toLead),
    ],
    [
      'a key of another kind (a notification’s) is not an activity’s',
      keyed(lead({ type: 'call_made', message: 'called' }), 'notification.addedToTeam', { team: 'North' }),
      line('about', { record: 'Ada Lopez', message: 'called' }, toLead),
    ],
    [
      'nothing held nor named: the server words',
      keyed(
        { type: 'updated_phone', message: 'updated the phone', lead_refs: [GONE] },
        'activity.phoneUpdated',
        { lead: '' },
      ),
      line('message', { message: 'updated the phone' }, null),
    ],
  ])('%s', (_, activity, expected) => {
    expect(activityLine(activity, held)).toEqual(expected);
  });
});

describe('activityRefs', () => {
  it.each<[string, LineActivity, string[]]>([
    ['a lead', lead({ type: 'note' }), [`lead:${LEAD}`]],
    [
      'a team join names the person too',
      { type: 'added_to_team', team_id: TEAM, user_id: USER },
      [`team:${TEAM}`, `user:${USER}`],
    ],
    [
      'a team move names the region too',
      { type: 'team_to_region', team_id: TEAM, region_id: REGION },
      [`team:${TEAM}`, `region:${REGION}`],
    ],
    ['a contest won', { type: 'contest_won', actor_id: USER }, [`user:${USER}`]],
    ['nothing', { type: 'visit' }, []],
  ])('%s', (_, activity, expected) => {
    expect(activityRefs(activity).map((r) => `${r.kind}:${r.id}`)).toEqual(expected);
  });
});
