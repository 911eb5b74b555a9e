import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Results = { id: number; status: string; message?: string }[];

const HOSTILE =
  '<p style="color:red" onclick="steal()">Big <b>news</b></p><script>steal()</script>' +
  '<iframe src="https://evil.example"></iframe><a href="javascript:steal()" onmouseover="x()">bad</a>' +
  '<a href="https://example.com/spiff" target="_blank" style="x">good</a><br><img src=x onerror="steal()">';

describe.each(testDatabaseKinds())('announcements through sync on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'outsider']);

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens[who],
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as Results;
  };

  const pulled = async (who: UserKey, id: string) =>
    (await pulledRows(t.api, t.tokens[who], 'announcements')).find((r) => r._id === id);

  const save = (id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table: 'announcements', id, create, fields },
  });

  it('an admin publishes one; it is stored sanitised, with its author, for the whole org only', async () => {
    const id = randomUUID();
    const results = await pushAs('admin', [
      save(id, {
        category: 'Incentives',
        title: 'Winter SPIFF',
        date: '2026-11-20T15:00:00.000Z',
        content: HOSTILE,
        link: { url: 'https://example.com/rules', button_text: 'Read the rules' },
        image_url: 'https://example.com/spiff.png',
        files: [{ name: 'rules.pdf', url: 'https://example.com/rules.pdf' }],
      }),
    ]);
    expect(results[0], JSON.stringify(results)).toMatchObject({ status: 'applied' });

    const row = await pulled('rep', id);
    expect(row).toMatchObject({
      category: 'Incentives',
      title: 'Winter SPIFF',
      author_id: t.world.users.admin.id,
      link: { url: 'https://example.com/rules', button_text: 'Read the rules' },
      image_url: 'https://example.com/spiff.png',
      files: [{ name: 'rules.pdf', url: 'https://example.com/rules.pdf' }],
    });
    const content = String(row?.content);
    expect(content).toContain('Big <b>news</b>');
    expect(content).toContain('<a href="https://example.com/spiff" target="_blank">good</a>');
    for (const banned of [
      '<script',
      'steal()',
      'onclick',
      'onmouseover',
      'style=',
      '<iframe',
      'javascript:',
      '<p',
      '<img',
    ])
      expect(content).not.toContain(banned);
    // Only the allowed tags are left.
    const tags = new Set([...content.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]?.toLowerCase()));
    expect([...tags].every((tag) => ['b', 'i', 'strong', 'a', 'br'].includes(String(tag)))).toBe(true);

    // Another org never receives it, and its admin cannot reach it by id.
    expect(await pulled('outsider', id)).toBeUndefined();
    const foreign = await pushAs('outsider', [
      save(id, { title: 'Taken over' }, false),
      { name: 'record.delete.v1', args: { table: 'announcements', id } },
    ]);
    expect(foreign.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await pulled('rep', id))?.title).toBe('Winter SPIFF');

    // An edit re-sanitises; a delete leaves a tombstone so devices drop it.
    const edit = await pushAs('admin', [
      save(id, { content: 'Now <i>final</i><script>x()</script>' }, false),
    ]);
    expect(edit[0]?.status).toBe('applied');
    expect((await pulled('rep', id))?.content).toBe('Now <i>final</i>');
    const gone = await pushAs('admin', [{ name: 'record.delete.v1', args: { table: 'announcements', id } }]);
    expect(gone[0]?.status).toBe('applied');
    expect((await pulled('rep', id))?.deleted_at).toBeTruthy();
  });

  it('a rep can neither create, edit nor delete one', async () => {
    const denied = await pushAs('rep', [save(randomUUID(), { category: 'General', title: 'Mine' })]);
    expect(denied[0]).toMatchObject({ status: 'rejected', message: 'Only admins can change this.' });

    const id = randomUUID();
    expect((await pushAs('admin', [save(id, { category: 'Policies', title: 'Hours' })]))[0]?.status).toBe(
      'applied',
    );
    const change = await pushAs('rep', [
      save(id, { title: 'Changed' }, false),
      { name: 'record.delete.v1', args: { table: 'announcements', id } },
    ]);
    expect(change.map((r) => r.message)).toEqual([
      'Only admins can change this.',
      'Only admins can change this.',
    ]);
    expect(await pulled('rep', id)).toMatchObject({ title: 'Hours', deleted_at: null });
  });

  it('bad fields are rejected: unknown category, script links, missing title', async () => {
    const results = await pushAs('admin', [
      save(randomUUID(), { category: 'Gossip', title: 'x' }),
      save(randomUUID(), {
        category: 'General',
        title: 'x',
        link: { url: 'javascript:alert(1)', button_text: 'Go' },
      }),
      save(randomUUID(), { category: 'General', title: 'x', image_url: 'data:image/png;base64,AAAA' }),
      save(randomUUID(), { category: 'General' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(results[0]?.message).toContain('must be one of: General, Incentives, Commissions, Policies');
    expect(results[1]?.message).toContain('must be a web address');
  });
});
