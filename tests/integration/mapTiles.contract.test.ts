import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { createTestApi, type TestApi, testConfig } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { streetArchive } from '../support/streetTiles.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PATH = '/api/v2/map/tiles.pmtiles';
const archive = streetArchive({
  center: [-112.07, 33.45],
  bbox: [-112.085, 33.44, -112.055, 33.46],
  minZoom: 12,
  maxZoom: 15,
});
const otherArchive = streetArchive({
  center: [-111.9, 33.4],
  bbox: [-111.91, 33.39, -111.89, 33.41],
  minZoom: 13,
  maxZoom: 14,
});

describe.each(testDatabaseKinds())('the org base map archive on %s', (kind) => {
  const w = useApiWorld(kind, []);
  // An app of its own over the same database, so uploads land in a directory of this test's.
  let api: TestApi;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'map-tiles-'));
    api = createTestApi(w.tdb.handle.db, testConfig({ dataDir }));
    for (const key of ['admin', 'rep', 'manager', 'outsider'] as const) {
      tokens[key] = await api.login(w.world.users[key].email, PASSWORD);
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const upload = (who: string, bytes: Uint8Array, headers: Record<string, string> = {}) =>
    api.app.request(PATH, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${tokens[who]}`,
        'content-type': 'application/octet-stream',
        ...headers,
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const read = (who: string, headers: Record<string, string> = {}) =>
    api.app.request(PATH, { headers: { authorization: `Bearer ${tokens[who]}`, ...headers } });

  it('has nothing to serve before an upload', async () => {
    const res = await read('rep', { range: 'bytes=0-16383' });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('This org has no uploaded base map.');
  });

  it('refuses an upload from someone who is not an admin, and a file that is not PMTiles', async () => {
    const rep = await upload('rep', archive.bytes);
    expect(rep.status).toBe(403);
    expect((await rep.json()).message).toBe('Only admins can change the base map.');

    const png = await upload('admin', new Uint8Array(200).fill(7));
    expect(png.status).toBe(400);
    expect((await png.json()).message).toBe('This is not a PMTiles file. Choose a .pmtiles map extract.');

    const v2 = archive.bytes.slice();
    v2[7] = 2;
    const old = await upload('admin', v2);
    expect(old.status).toBe(400);
    expect((await old.json()).message).toMatch(/version 2; only version 3 is supported/);

    const tiny = await upload('admin', archive.bytes.slice(0, 20));
    expect(tiny.status).toBe(400);

    const huge = await upload('admin', new Uint8Array(10), { 'content-length': String(600 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/larger than 512 MB/);
    // Nothing was stored by the refusals.
    expect((await read('admin')).status).toBe(404);
  });

  it('stores an admin’s upload, tells every device through sync, and serves byte ranges', async () => {
    const res = await upload('admin', archive.bytes);
    expect(res.status).toBe(200);
    const setting = (await res.json()).data;
    expect(setting).toMatchObject({
      kind: 'upload',
      size: archive.bytes.byteLength,
      min_zoom: 12,
      max_zoom: 15,
    });
    expect(setting.bounds[0]).toBeCloseTo(-112.085, 5);

    const pulled = await api.call('GET', '/api/v2/sync/pull?cursor=0&limit=5000', { token: tokens.rep });
    const row = (pulled.body.changes as PullChange[]).find(
      (c) => c.table === 'interfaces' && c.row.key === 'map_tiles',
    )?.row;
    expect(row?.data).toEqual(setting);

    const head = await read('rep', { range: 'bytes=0-16383' });
    expect(head.status).toBe(206);
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('etag')).toBe(setting.etag);
    const size = archive.bytes.byteLength;
    const end = Math.min(16383, size - 1);
    expect(head.headers.get('content-range')).toBe(`bytes 0-${end}/${size}`);
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(archive.bytes.slice(0, end + 1));

    const middle = await read('manager', { range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(archive.bytes.slice(100, 200));

    const tail = await read('rep', { range: 'bytes=-10' });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(archive.bytes.slice(size - 10));

    const whole = await read('rep');
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(archive.bytes);

    // A reader holding an older ETag gets the whole current file rather than a mixed one.
    const stale = await read('rep', { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('answers 416 to a range it cannot serve', async () => {
    const size = archive.bytes.byteLength;
    for (const range of [`bytes=${size}-`, 'bytes=5-2', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-0']) {
      const res = await read('rep', { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
      expect((await res.json()).success).toBe(false);
    }
  });

  it('keeps each org’s archive its own', async () => {
    expect((await read('outsider', { range: 'bytes=0-126' })).status).toBe(404);
    expect((await upload('outsider', otherArchive.bytes)).status).toBe(200);
    const theirs = await read('outsider', { range: 'bytes=0-126' });
    expect(new Uint8Array(await theirs.arrayBuffer())).toEqual(otherArchive.bytes.slice(0, 127));
    const ours = await read('rep', { range: 'bytes=0-126' });
    expect(new Uint8Array(await ours.arrayBuffer())).toEqual(archive.bytes.slice(0, 127));
    // Signed out: nothing.
    expect((await api.app.request(PATH, { headers: { range: 'bytes=0-1' } })).status).toBe(401);
  });

  it('points at an archive served elsewhere, and back to the default street map', async () => {
    const bad = await api.call('PUT', '/api/v2/map/tiles-url', {
      token: tokens.admin,
      body: { url: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/https:\/\/ address of a \.pmtiles file/);
    const rep = await api.call('PUT', '/api/v2/map/tiles-url', {
      token: tokens.rep,
      body: { url: 'https://tiles.example.com/phoenix.pmtiles' },
    });
    expect(rep.status).toBe(403);

    const set = await api.call('PUT', '/api/v2/map/tiles-url', {
      token: tokens.admin,
      body: { url: 'https://tiles.example.com/phoenix.pmtiles' },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ kind: 'url', url: 'https://tiles.example.com/phoenix.pmtiles' });
    // The uploaded file is gone with the choice.
    expect((await read('rep', { range: 'bytes=0-1' })).status).toBe(404);

    expect((await api.call('DELETE', '/api/v2/map/tiles', { token: tokens.rep })).status).toBe(403);
    expect((await api.call('DELETE', '/api/v2/map/tiles', { token: tokens.admin })).status).toBe(200);
    const pulled = await api.call('GET', '/api/v2/sync/pull?cursor=0&limit=5000', { token: tokens.rep });
    const row = (pulled.body.changes as PullChange[]).find(
      (c) => c.table === 'interfaces' && c.row.key === 'map_tiles',
    )?.row;
    expect(row?.deleted_at).toBeTruthy();
    // The other org's archive is untouched.
    expect((await read('outsider', { range: 'bytes=0-1' })).status).toBe(206);
  });

  const pulledSetting = async (token: string | undefined) => {
    const pulled = await api.call('GET', '/api/v2/sync/pull?cursor=0&limit=5000', { token });
    return (pulled.body.changes as PullChange[]).find(
      (c) => c.table === 'interfaces' && c.row.key === 'map_tiles',
    )?.row;
  };

  it('draws a style served elsewhere or the built-in map on every device of the org, as an admin chooses', async () => {
    const choose = (who: string, body: unknown) =>
      api.call('PUT', '/api/v2/map/base', { token: tokens[who], body });
    for (const body of [
      { kind: 'style', url: 'http://maps.example.com/style.json' },
      { kind: 'style', url: 'javascript:alert(1)' },
      { kind: 'style' },
      { kind: 'satellite' },
      { kind: 'builtin', url: 'https://x.example' },
      { kind: 'style', url: `https://maps.example.com/${'a'.repeat(2001)}` },
    ]) {
      const bad = await choose('admin', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await choose('admin', { kind: 'style', url: 'ftp://x' })).body.message).toMatch(
      /https:\/\/ address of a MapLibre style/,
    );
    expect((await choose('rep', { kind: 'builtin' })).status).toBe(403);
    expect((await choose('manager', { kind: 'builtin' })).status).toBe(403);

    const style = await choose('admin', { kind: 'style', url: 'https://maps.example.com/style.json' });
    expect(style.status).toBe(200);
    expect(style.body.data).toEqual({ kind: 'style', url: 'https://maps.example.com/style.json' });
    expect((await pulledSetting(tokens.rep))?.data).toEqual(style.body.data);

    const builtin = await choose('admin', { kind: 'builtin' });
    expect(builtin.body.data).toEqual({ kind: 'builtin' });
    const row = await pulledSetting(tokens.rep);
    expect(row?.data).toEqual({ kind: 'builtin' });
    expect(row?.deleted_at).toBeFalsy();

    // Another org's admin chooses for their own org only.
    expect(
      (await choose('outsider', { kind: 'style', url: 'https://other.example/style.json' })).status,
    ).toBe(200);
    expect((await pulledSetting(tokens.rep))?.data).toEqual({ kind: 'builtin' });
    // Their uploaded archive went with their new choice; ours is unchanged by theirs.
    expect((await read('outsider', { range: 'bytes=0-1' })).status).toBe(404);
  });
});
