import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PATH = '/api/v2/map/imagery';
const OWN = {
  kind: 'url',
  url: 'https://tiles.example.com/aerial/{z}/{x}/{y}.jpg',
  attribution: 'Imagery © Example Aerials',
};

describe.each(testDatabaseKinds())("the org's aerial imagery on %s", (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const choose = (who: UserKey, body: unknown) => t.api.call('PUT', PATH, { token: t.tokens[who], body });
  const pulled = async (who: UserKey) =>
    (await pulledRows(t.api, t.tokens[who], 'interfaces')).filter((r) => r.key === 'map_imagery');

  it('has no setting until an admin chooses (devices then use the public USGS imagery)', async () => {
    expect(await pulled('rep')).toEqual([]);
  });

  it('refuses addresses that are not https tile templates with {z} {x} {y}, and unknown kinds', async () => {
    for (const body of [
      { kind: 'url', url: 'http://tiles.example.com/{z}/{x}/{y}.jpg' },
      { kind: 'url', url: 'https://tiles.example.com/{z}/{x}.jpg' },
      { kind: 'url', url: 'https://tiles.example.com/{z}/{x}/{y}/{y}.jpg' },
      { kind: 'url', url: 'javascript:alert(1)//{z}/{x}/{y}' },
      { kind: 'url', url: `https://tiles.example.com/{z}/{x}/{y}/${'a'.repeat(2001)}` },
      { kind: 'url' },
      { kind: 'url', url: OWN.url, attribution: 'x'.repeat(301) },
      { kind: 'public', url: OWN.url },
      { kind: 'google' },
      {},
    ]) {
      const res = await choose('admin', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await choose('admin', { kind: 'url', url: 'https://tiles.example.com/{z}/{x}.jpg' });
    expect(res.body.message).toMatch(/must be an https:\/\/ tile address with \{z\}, \{x\} and \{y\}/);
    // The same rules hold through the generic interface edit.
    const generic = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.admin,
      body: { key: 'map_imagery', data: { kind: 'url', url: 'ftp://x' } },
    });
    expect(generic.status).toBe(400);
    expect(await pulled('rep')).toEqual([]);
  });

  it('refuses reps and managers', async () => {
    expect((await choose('rep', { kind: 'off' })).status).toBe(403);
    const manager = await choose('manager', OWN);
    expect(manager.status).toBe(403);
    expect(manager.body.message).toBe('Only admins can change the aerial imagery.');
  });

  it('saves the choice for the org, every member pulls it, and no other org does', async () => {
    const own = await choose('admin', OWN);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(OWN);
    expect((await pulled('rep'))[0]?.data).toEqual(OWN);

    const off = await choose('admin', { kind: 'off' });
    expect(off.body.data).toEqual({ kind: 'off' });
    expect((await pulled('manager'))[0]?.data).toEqual({ kind: 'off' });

    expect((await choose('admin', { kind: 'public' })).body.data).toEqual({ kind: 'public' });
    expect((await pulled('rep'))[0]?.data).toEqual({ kind: 'public' });

    // Another org's admin chooses for their own org only.
    expect(await pulled('outsider')).toEqual([]);
    expect((await choose('outsider', { kind: 'off' })).status).toBe(200);
    expect((await pulled('outsider'))[0]?.data).toEqual({ kind: 'off' });
    expect((await pulled('rep'))[0]?.data).toEqual({ kind: 'public' });
  });
});
