/**
 * Notifications: a device's queued `notification.read.v1`, and the notifications the server
 * creates where something concerns a user (the recipient pulls it; the actor and other orgs never).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema.ts';
import type { PullChange } from '../../src/domain/schemas/sync.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Pulled = PullChange['row'] & { is_read?: boolean; title?: string; link?: string | null };

describe.each(testDatabaseKinds())('notifications on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);
  const pulled = async (key: UserKey) =>
    (await pulledRows(t.api, t.tokens[key], 'notifications')) as Pulled[];

  it('marks the caller’s own notification read through sync; another user’s stays unread', async () => {
    const [rep2Own] = await t.tdb.handle.db
      .insert(schema.notifications)
      .values({ org_id: t.world.org, user_id: t.world.users.rep2.id, title: 'For rep2' })
      .returning();
    const mine = (await pulled('rep')).find((n) => n.is_read === false);
    if (!mine || !rep2Own) throw new Error('fixture notifications missing');
    const res = await pushMutations(t.api, t.tokens.rep, [
      { name: 'notification.read.v1', args: { id: mine._id } },
      { name: 'notification.read.v1', args: { id: rep2Own.id } },
      { name: 'notification.read.v1', args: { id: 'not-a-uuid' } },
      { name: 'notification.read.v1', args: { id: mine._id, extra: 1 } },
    ]);
    expect(res.status).toBe(200);
    expect((res.body.results as MutationResults).map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'rejected',
      'rejected',
    ]);
    const after = (await pulled('rep')).find((n) => n._id === mine._id);
    expect(after).toMatchObject({ is_read: true });
    expect(after?.version).toBeGreaterThan(mine.version);
    expect((await pulled('rep2')).find((n) => n._id === rep2Own.id)).toMatchObject({ is_read: false });
    // Another org's admin cannot reach it either.
    await pushMutations(t.api, t.tokens.outsider, [
      { name: 'notification.read.v1', args: { id: rep2Own.id } },
    ]);
    expect((await pulled('rep2')).find((n) => n._id === rep2Own.id)).toMatchObject({ is_read: false });
  });

  it('a guest marks their own too (notifications.read is every level’s, on their own)', async () => {
    const [own] = await t.tdb.handle.db
      .insert(schema.notifications)
      .values({ org_id: t.world.org, user_id: t.world.users.guest.id, title: 'For the guest' })
      .returning();
    const res = await pushMutations(t.api, t.tokens.guest, [
      { name: 'notification.read.v1', args: { id: own?.id ?? randomUUID() } },
    ]);
    expect((res.body.results as MutationResults)[0]?.status).toBe('applied');
    expect((await pulled('guest')).find((n) => n._id === own?.id)).toMatchObject({ is_read: true });
  });
});
