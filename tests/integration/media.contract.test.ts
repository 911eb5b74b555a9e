import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../src/domain/media.ts';
import type { PullChange } from '../../src/domain/schemas/sync.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, mediaRecordSave, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe.each(testDatabaseKinds('both'))('media files on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'outsider']);

  const put = (who: UserKey, id: string, bytes: Uint8Array<ArrayBuffer>, type = 'image/png', thumb = false) =>
    t.api.app.request(`/api/v2/media/${id}/content${thumb ? '?thumb=1' : ''}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${t.tokens[who]}`, 'content-type': type },
      body: bytes,
    });
  const get = (who: UserKey, id: string, thumb = false) =>
    t.api.app.request(`/api/v2/media/${id}/content${thumb ? '?thumb=1' : ''}`, {
      headers: { authorization: `Bearer ${t.tokens[who]}` },
    });

  const saveMedia = async (who: UserKey, id: string, leadId: string | null) => {
    const res = await pushMutations(t.api, t.tokens[who], [mediaRecordSave(id, leadId, PNG.byteLength)]);
    expect(res.status).toBe(200);
    return (res.body.results as MutationResults)[0];
  };

  const pulledMedia = async (who: UserKey, id: string) => {
    const res = await t.api.call('GET', '/api/v2/sync/pull?cursor=0&limit=5000', { token: t.tokens[who] });
    return (res.body.changes as PullChange[]).find((c) => c.table === 'media' && c.row._id === id)?.row;
  };

  it('uploads before the record, then serves the bytes to whoever sees the lead', async () => {
    const id = randomUUID();
    const up = await put('rep', id, PNG);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ success: true, url: `/api/v2/media/${id}/content`, size: 12 });
    // Before the record exists only the uploader may read it.
    expect((await get('rep', id)).status).toBe(200);
    expect((await get('admin', id)).status).toBe(404);

    expect(await saveMedia('rep', id, t.world.contacts.repOwn)).toMatchObject({ status: 'applied' });
    expect(await pulledMedia('rep', id)).toMatchObject({ url: `/api/v2/media/${id}/content` });

    const res = await get('admin', id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    // Thumbnail: served whole until one is uploaded.
    expect(new Uint8Array(await (await get('rep', id, true)).arrayBuffer())).toEqual(PNG);
    const thumb = new Uint8Array([0xff, 0xd8, 0xff, 9]);
    expect((await put('rep', id, thumb, 'image/jpeg', true)).status).toBe(200);
    const thumbAnswer = await get('rep', id, true);
    expect(thumbAnswer.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await thumbAnswer.arrayBuffer())).toEqual(thumb);
  });

  it('a retried upload of the same bytes succeeds; different bytes never replace the file', async () => {
    const id = randomUUID();
    expect((await put('rep', id, PNG)).status).toBe(200);
    expect((await put('rep', id, PNG)).status).toBe(200);
    const again = new Uint8Array([...PNG, 5, 6]);
    const replaced = await put('rep', id, again);
    expect(replaced.status).toBe(409);
    expect(await replaced.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/new file/),
    });
    expect(new Uint8Array(await (await get('rep', id)).arrayBuffer())).toEqual(PNG);
  });

  it('a record saved before its file learns its url when the file arrives', async () => {
    const id = randomUUID();
    expect(await saveMedia('rep', id, t.world.contacts.repOwn)).toMatchObject({ status: 'applied' });
    expect((await pulledMedia('rep', id))?.url ?? null).toBeNull();
    expect((await put('rep', id, PNG)).status).toBe(200);
    expect(await pulledMedia('rep', id)).toMatchObject({ url: `/api/v2/media/${id}/content` });
  });

  it('hides files of leads the caller may not see, and of other orgs', async () => {
    const id = randomUUID();
    expect((await put('rep2', id, PNG)).status).toBe(200);
    expect(await saveMedia('rep2', id, t.world.contacts.teamB)).toMatchObject({ status: 'applied' });
    // rep cannot see the team B lead: neither read nor overwrite.
    expect((await get('rep', id)).status).toBe(404);
    expect((await put('rep', id, PNG)).status).toBe(404);
    // Another org's user sees nothing, even with the id.
    expect((await get('outsider', id)).status).toBe(404);
    expect((await put('outsider', id, PNG)).status).toBe(404);
    // Someone else's upload whose record has not arrived is not replaceable.
    const pendingId = randomUUID();
    expect((await put('rep2', pendingId, PNG)).status).toBe(200);
    expect((await put('rep', pendingId, PNG)).status).toBe(404);
    expect((await get('manager', randomUUID())).status).toBe(404);
  });

  it('refuses files too large, of the wrong type, empty, or without a session', async () => {
    const big = await put('rep', randomUUID(), new Uint8Array(MEDIA_MAX_BYTES + 1));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ success: false, message: expect.stringContaining('15 MB') });
    const html = await put('rep', randomUUID(), new TextEncoder().encode('<script>1</script>'), 'text/html');
    expect(html.status).toBe(415);
    expect((await put('rep', randomUUID(), PNG, 'image/svg+xml')).status).toBe(415);
    expect((await put('rep', randomUUID(), new Uint8Array(0))).status).toBe(400);
    const thumbFirst = await put('rep', randomUUID(), PNG, 'image/jpeg', true);
    expect(thumbFirst.status).toBe(409);
    expect((await put('rep', 'not-a-uuid', PNG)).status).toBe(400);
    const anonymous = await t.api.app.request(`/api/v2/media/${randomUUID()}/content`);
    expect(anonymous.status).toBe(401);
  });
});
