import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
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
});
