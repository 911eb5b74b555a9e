import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '#scripts/precompress.ts';
import { TERMS_PARAGRAPH_MARK, TERMS_TITLE_MARK } from '#src/domain/termsInPage.ts';
import { readConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createApp } from './app.ts';
import { PRERENDERED_DIR, TERMS_MARK } from './prerenderedPages.ts';

/** The built app as the server serves it: a small build with its compressed copies. */
describe('the built web app', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;
  const html = `<!doctype html><html><head><title>Home Service CRM</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`;
  const script = `console.log(${JSON.stringify('entry '.repeat(400))});`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hs-webapp-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny-abc.js'), 'export{};');
    writeFileSync(join(dir, 'assets', 'icon.png'), Buffer.alloc(4096));
    mkdirSync(join(dir, PRERENDERED_DIR));
    writeFileSync(join(dir, PRERENDERED_DIR, 'login.html'), '<main>drawn sign-in</main>');
    writeFileSync(
      join(dir, PRERENDERED_DIR, 'legal.html'),
      `<main><h1>${TERMS_TITLE_MARK}</h1><div>${TERMS_PARAGRAPH_MARK}</div></main>${TERMS_MARK}`,
    );
    await precompressFiles(dir);
    app = createApp({
      db: {} as Database,
      config: readConfig({ NODE_ENV: 'test', STATIC_DIR: dir }),
      now: () => new Date(),
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const get = (path: string, acceptEncoding?: string) =>
    app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

  it('sends a script as Brotli to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toContain('javascript');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip when Brotli is not accepted, and the file as it is when nothing is', async () => {
    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get('/assets/index-abc.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('leaves small and already compressed files without copies', async () => {
    const tiny = await get('/assets/tiny-abc.js', 'br');
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(await tiny.text()).toBe('export{};');
    const png = await get('/assets/icon.png', 'br, gzip');
    expect(png.headers.get('Content-Encoding')).toBeNull();
  });

  it('answers an app route with index.html, compressed and revalidated on every visit', async () => {
    const res = await get('/contacts', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
    const plain = await get('/map');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it('answers the sign-in page with the page drawn in advance', async () => {
    const res = await get('/auth/login', 'br');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(
      '<main>drawn sign-in</main>',
    );
    expect(res.headers.get('Vary')).toBe('Accept-Encoding, Accept-Language');
  });

  it('answers the sign-in page with the app to a browser that prefers Spanish (the page is drawn in English)', async () => {
    const request = (acceptLanguage: string) =>
      app.request('/auth/login', { headers: { 'Accept-Language': acceptLanguage } });
    expect(await (await request('es-MX,es;q=0.9,en;q=0.8')).text()).toBe(html);
    expect(await (await request('fr-FR, es;q=0.5')).text()).toBe(html);
    expect(await (await request('en-US,en;q=0.9,es;q=0.8')).text()).toBe('<main>drawn sign-in</main>');
    expect(await (await request('de-DE')).text()).toBe('<main>drawn sign-in</main>');
  });

  it('answers a legal page with the app when the terms cannot be read, never with the marks', async () => {
    // This app has no database: the app is sent and asks for the terms itself.
    const res = await get('/legal/privacy', 'gzip');
    expect(res.status).toBe(200);
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
  });

  it('answers a file of another build with 404, never with the app or a long cache', async () => {
    const res = await get('/assets/index-old.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBeNull();
  });

  it('still answers an unknown API path with JSON, not the app', async () => {
    const res = await get('/api/v2/nothing-here', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ success: false });
  });
});
