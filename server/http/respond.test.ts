import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from './encoding.ts';
import { json, ok, refuse } from './respond.ts';

describe('JSON answers', () => {
  const app = new Hono();
  app.get('/ok', (c) => ok(c, { name: 'José’s roof ☀️' }, 201));
  app.get('/refused', (c) => {
    c.header('Retry-After', '5');
    return refuse(c, 'Not now.', 503, { 'X-Extra': 'kept' });
  });
  app.get('/plain', (c) => json(c, [1, 'two', null]));

  it('sends the envelope as UTF-8 bytes with its length, whatever the characters', async () => {
    const res = await app.request('/ok');
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    expect(JSON.parse(text)).toEqual({ success: true, name: 'José’s roof ☀️' });
    expect(bytes.byteLength).toBe(
      Buffer.byteLength(JSON.stringify({ success: true, name: 'José’s roof ☀️' })),
    );
  });

  it('refuses with the message, its status, and the headers set before and given', async () => {
    const res = await app.request('/refused');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('x-extra')).toBe('kept');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ success: false, message: 'Not now.' });
  });

  it('sends any JSON value', async () => {
    const res = await app.request('/plain');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([1, 'two', null]);
  });

  describe('compressed when large and the caller accepts it', () => {
    // Just past the threshold once enveloped: {"success":true,"text":"…"}.
    const large = { text: 'roof '.repeat(Math.ceil(COMPRESS_FROM_BYTES / 5)) };
    const small = { text: 'x'.repeat(COMPRESS_FROM_BYTES - 40) };
    app.get('/large', (c) => ok(c, large));
    app.get('/small', (c) => ok(c, small));
    const get = (path: string, acceptEncoding?: string) =>
      app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
    const raw = async (res: Response) => Buffer.from(await res.arrayBuffer());

    it.each([
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const)('Accept-Encoding %j: %s', async (header, encoding, decompress) => {
      const res = await get('/large', header);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toBe('application/json');
      const packed = await raw(res);
      expect(packed.byteLength).toBeLessThan(COMPRESS_FROM_BYTES / 4);
      expect(JSON.parse(decompress(packed).toString())).toEqual({ success: true, ...large });
    });

    it('as it is when the caller accepts no encoding we make', async () => {
      for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
        const res = await get('/large', header);
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(JSON.parse((await raw(res)).toString())).toEqual({ success: true, ...large });
      }
    });

    it('as it is when small, whatever the caller accepts', async () => {
      const res = await get('/small', 'br, gzip');
      expect(res.headers.get('content-encoding')).toBeNull();
      const bytes = await raw(res);
      expect(bytes.byteLength).toBeLessThan(COMPRESS_FROM_BYTES);
      expect(JSON.parse(bytes.toString())).toEqual({ success: true, ...small });
    });
  });
});
