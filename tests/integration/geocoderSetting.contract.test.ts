import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PATH = '/api/v2/map/geocoder';

describe.each(testDatabaseKinds('both'))("the org's address search on %s", (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const choose = (who: UserKey, body: unknown) => t.api.call('PUT', PATH, { token: t.tokens[who], body });
  const pulled = async (who: UserKey) =>
    (await pulledRows(t.api, t.tokens[who], 'interfaces')).filter((r) => r.key === 'geocoder');

  it('has no setting until an admin chooses (devices then use the public Photon)', async () => {
    expect(await pulled('rep')).toEqual([]);
  });

  it('refuses a choice it does not know, a plain-http or missing address, and extra fields', async () => {
    for (const body of [
      { kind: 'google' },
      { kind: 'photon' },
      { kind: 'photon', url: 'http://photon.example.com' },
      { kind: 'photon', url: 'http://localhost.example.com' },
      { kind: 'photon', url: 'http://127.0.0.1@photon.example.com' },
      { kind: 'nominatim', url: 'javascript:alert(1)' },
      { kind: 'nominatim', url: 'https://osm.example.com/ with space' },
      { kind: 'photon', url: `https://photon.example.com/${'a'.repeat(2001)}` },
      { kind: 'off', url: 'https://photon.example.com' },
      { kind: 'public', extra: true },
      {},
    ]) {
      const res = await choose('admin', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const plain = await choose('admin', { kind: 'photon', url: 'ftp://photon.example.com' });
    expect(plain.body.message).toMatch(/https:\/\/ address of a Photon geocoder/);
    const nominatim = await choose('admin', { kind: 'nominatim', url: 'http://osm.example.com' });
    expect(nominatim.body.message).toMatch(/https:\/\/ address of a Nominatim geocoder/);
    // The interfaces call checks the same rule.
    const edit = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.admin,
      body: { key: 'geocoder', data: { kind: 'photon', url: 'http://photon.example.com' } },
    });
    expect(edit.status).toBe(400);
    expect(await pulled('admin')).toEqual([]);
  });

  it('refuses reps and managers', async () => {
    for (const who of ['rep', 'manager'] as const) {
      const res = await choose(who, { kind: 'off' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only admins can change the address search.');
    }
    expect(await pulled('admin')).toEqual([]);
  });

  it('stores an admin’s choice for the org, and every member of that org pulls it; no other org does', async () => {
    for (const body of [
      { kind: 'photon', url: 'https://photon.example.com' },
      { kind: 'nominatim', url: 'https://osm.example.com/nominatim' },
      // A developer's own instance beside the app: plain http on this machine only.
      { kind: 'photon', url: 'http://localhost:2322' },
      { kind: 'off' },
      { kind: 'public' },
    ]) {
      const res = await choose('admin', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.data).toEqual(body);
      const rows = await pulled('rep');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.data).toEqual(body);
    }
    expect(await pulled('outsider')).toEqual([]);

    // Another org's admin chooses for their own org only.
    expect((await choose('outsider', { kind: 'off' })).status).toBe(200);
    expect((await pulled('outsider'))[0]?.data).toEqual({ kind: 'off' });
    expect((await pulled('rep'))[0]?.data).toEqual({ kind: 'public' });
  });
});
