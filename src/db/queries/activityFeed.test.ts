import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { consolidatedActivity, latestActivity } from './activityFeed.ts';

describe('consolidated activity on the device', () => {
  it("holds a team's and a region's activity, newest first, without tombstones, up to the limit", async () => {
    const db = new CrmDatabase('activity-feed', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.teams.bulkPut([
      { _id: 't1', name: 'North', region_id: 'r1' },
      { _id: 't2', name: 'South', region_id: 'r2' },
    ]);
    await db.team_members.bulkPut([
      { _id: 'm1', team_id: 't1', user_id: 'u1', role: 'Member' },
      { _id: 'm2', team_id: 't2', user_id: 'u2', role: 'Member' },
    ]);
    await db.users.bulkPut([{ _id: 'u1', name: 'Ann' }]);
    await db.activities.bulkPut([
      { _id: 'a1', date: '2026-01-01T00:00:00Z', actor_id: 'u1', lead_refs: ['x'] },
      {
        _id: 'a2',
        date: '2026-01-03T00:00:00Z',
        actor_id: 'admin',
        name: 'Admin',
        team_id: 't1',
        user_id: 'admin',
        type: 'added_to_team',
      },
      { _id: 'a3', date: '2026-01-02T00:00:00Z', actor_id: 'u2', lead_refs: ['L1'] },
      { _id: 'a4', date: '2026-01-04T00:00:00Z', actor_id: 'u2', lead_refs: ['y'] },
      { _id: 'a5', date: '2026-01-05T00:00:00Z', actor_id: 'u1', deleted_at: '2026-01-06T00:00:00Z' },
    ]);

    const team = await consolidatedActivity(db, { teamIds: ['t1'], leadIds: new Set(['L1']) }, 10);
    expect(team.map((e) => e.row._id)).toEqual(['a2', 'a3', 'a1']);
    expect(team.map((e) => e.who)).toEqual(['Admin', '', 'Ann']);
    // An entry names its record as the device holds it now and opens it.
    expect(team[0]?.line).toMatchObject({
      phrase: 'joinedTeam',
      values: { record: 'North' },
      target: '/teams/t1',
    });
    // A region takes its teams in: t1's members and the team itself.
    const region = await consolidatedActivity(db, { regionId: 'r1', leadIds: new Set() }, 10);
    expect(region.map((e) => e.row._id)).toEqual(['a2', 'a1']);
    expect(await consolidatedActivity(db, { teamIds: ['t1'], leadIds: new Set(['L1']) }, 1)).toHaveLength(1);
    // The activity panel: everything held, newest first, without tombstones.
    expect((await latestActivity(db, 3)).map((e) => e.row._id)).toEqual(['a4', 'a2', 'a3']);
    db.close();
  });
});
