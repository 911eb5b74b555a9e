import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cleanImage } from '#server/services/images/stripMetadata.ts';
import { MEDIA_MAX_BYTES } from '#src/domain/media.ts';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { containsText, GPS_MARK, jpegImage, pngImage, webpImage } from '../support/imageFixtures.ts';
import { type MutationResults, mediaRecordSave, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PNG = pngImage();

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
    expect(await up.json()).toMatchObject({
      success: true,
      url: `/api/v2/media/${id}/content`,
      size: PNG.byteLength,
    });
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
    const thumb = jpegImage({ width: 4, height: 4 });
    expect((await put('rep', id, thumb, 'image/jpeg', true)).status).toBe(200);
    const thumbAnswer = await get('rep', id, true);
    expect(thumbAnswer.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await thumbAnswer.arrayBuffer())).toEqual(thumb);
  });

  it('a retried upload of the same bytes succeeds; different bytes never replace the file', async () => {
    const id = randomUUID();
    expect((await put('rep', id, PNG)).status).toBe(200);
    expect((await put('rep', id, PNG)).status).toBe(200);
    const again = pngImage({ shade: 7 });
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

  describe('pictures are stored without their metadata, bounded in size, typed by their bytes', () => {
    const served = async (who: UserKey, id: string, thumb = false) =>
      new Uint8Array(await (await get(who, id, thumb)).arrayBuffer());

    it.each([
      ['a JPEG', jpegImage({ width: 40, height: 30, metadata: true }), 'image/jpeg', 40, 30],
      ['a PNG', pngImage({ width: 3, height: 2, metadata: true }), 'image/png', 3, 2],
      ['a WebP', webpImage({ metadata: true }), 'image/webp', 1, 1],
    ] as const)(
      '%s keeps no GPS position or device; a retry of the same original still succeeds',
      async (_name, original, type, width, height) => {
        expect(containsText(original, GPS_MARK)).toBe(true);
        const id = randomUUID();
        // The declared type is not what decides: the bytes are.
        const up = await put('rep', id, new Uint8Array(original), 'image/png');
        expect(up.status, await up.clone().text()).toBe(200);
        const answer = await get('rep', id);
        expect(answer.headers.get('content-type')).toBe(type);
        const bytes = new Uint8Array(await answer.arrayBuffer());
        expect(containsText(bytes, GPS_MARK)).toBe(false);
        expect(containsText(bytes, 'PhoneMaker')).toBe(false);
        expect(cleanImage(bytes)).toMatchObject({ type, width, height });
        expect((await up.json()).size).toBe(bytes.byteLength);
        // The same original again (an answer lost on the way) is a retry; other bytes are refused.
        expect((await put('rep', id, new Uint8Array(original), 'image/png')).status).toBe(200);
        expect((await put('rep', id, pngImage({ shade: 3 }))).status).toBe(409);
      },
    );

    it('a thumbnail keeps no metadata either', async () => {
      const id = randomUUID();
      expect((await put('rep', id, PNG)).status).toBe(200);
      const thumb = jpegImage({ width: 8, height: 8, metadata: true });
      expect((await put('rep', id, thumb, 'image/jpeg', true)).status).toBe(200);
      const bytes = await served('rep', id, true);
      expect(containsText(bytes, GPS_MARK)).toBe(false);
      expect(cleanImage(bytes)).toMatchObject({ width: 8, height: 8 });
      expect((await put('rep', id, thumb, 'image/jpeg', true)).status).toBe(200);
    });

    it('a PDF is stored as it is; a file claiming to be a PDF or picture that is not is refused', async () => {
      const pdf = new Uint8Array(Buffer.from(`%PDF-1.7\n% ${GPS_MARK}\n%%EOF\n`));
      const id = randomUUID();
      expect((await put('rep', id, pdf, 'application/pdf')).status).toBe(200);
      expect(await served('rep', id)).toEqual(pdf);
      const notPdf = await put('rep', randomUUID(), PNG, 'application/pdf');
      expect(notPdf.status).toBe(415);
      expect((await notPdf.json()).message).toBe('This file is not a PDF document.');
      for (const [bytes, type] of [
        [pdf, 'image/png'],
        [
          new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')),
          'image/png',
        ],
        [new Uint8Array(Buffer.from('hello')), 'image/heic'],
      ] as const) {
        const res = await put('rep', randomUUID(), new Uint8Array(bytes), type);
        expect(res.status, type).toBe(415);
        expect((await res.json()).message).toMatch(
          /Only photos \(JPEG, PNG, WebP or GIF\) and PDF documents/,
        );
      }
      expect((await put('rep', randomUUID(), pdf, 'image/jpeg', true)).status).toBe(415);
    });

    it('refuses a damaged picture or one too large in pixels with a clear 400, never a 5xx', async () => {
      const cases = [
        [PNG.subarray(0, PNG.length - 4), /PNG picture is damaged or incomplete/],
        [jpegImage().subarray(0, 40), /JPEG picture is damaged or incomplete/],
        [webpImage({ metadata: true }).subarray(0, 30), /WebP picture is damaged or incomplete/],
        [pngImage({ declared: { width: 9000, height: 100 } }), /9000×100 pixels; at most 8000 pixels a side/],
        [pngImage({ declared: { width: 7000, height: 7000 } }), /40 megapixels/],
        [jpegImage({ width: 20000, height: 20000 }), /20000×20000 pixels/],
      ] as const;
      for (const [bytes, message] of cases) {
        const res = await put('rep', randomUUID(), new Uint8Array(bytes), 'image/png');
        expect(res.status, String(message)).toBe(400);
        expect((await res.json()).message).toMatch(message);
      }
    });

    it('upload image stores the picture without its metadata, and bounds its size', async () => {
      const original = jpegImage({ width: 40, height: 30, metadata: true });
      const res = await t.api.call('POST', '/api/v2/images/upload', {
        token: t.tokens.rep,
        body: {
          image: Buffer.from(original).toString('base64'),
          name: 'roof.jpg',
          lead_id: t.world.contacts.repOwn,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const bytes = await served('rep', String(res.body._id));
      expect(containsText(bytes, GPS_MARK)).toBe(false);
      expect(cleanImage(bytes)).toMatchObject({ type: 'image/jpeg', width: 40, height: 30 });
      const huge = await t.api.call('POST', '/api/v2/images/upload', {
        token: t.tokens.rep,
        body: {
          image: Buffer.from(pngImage({ declared: { width: 50_000, height: 50_000 } })).toString('base64'),
          name: 'x.png',
        },
      });
      expect(huge.status).toBe(400);
      expect(huge.body.message).toMatch(/50000×50000 pixels/);
      const damaged = await t.api.call('POST', '/api/v2/images/upload', {
        token: t.tokens.rep,
        body: { image: Buffer.from(PNG.subarray(0, 20)).toString('base64'), name: 'x.png' },
      });
      expect(damaged.status).toBe(400);
    });

    it('a profile photo is bounded in pixels and keeps no metadata', async () => {
      const setPhoto = async (bytes: Uint8Array) => {
        const id = randomUUID();
        const up = await put('rep', id, new Uint8Array(bytes));
        if (up.status !== 200) return { status: up.status, id };
        const res = await t.api.call('POST', '/api/v2/users/pfp', {
          token: t.tokens.rep,
          body: { _id: t.world.users.rep.id, media_id: id },
        });
        return { status: res.status, id, message: res.body.message };
      };
      const tooLarge = await setPhoto(pngImage({ declared: { width: 4000, height: 3000 } }));
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.message).toMatch(/4000×3000 pixels; at most 2048 pixels a side/);
      const ok = await setPhoto(pngImage({ width: 64, height: 64, metadata: true }));
      expect(ok.status).toBe(200);
      expect(containsText(await served('manager', ok.id), GPS_MARK)).toBe(false);
    });
  });
});
