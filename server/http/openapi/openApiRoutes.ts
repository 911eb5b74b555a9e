/**
 * GET /api/openapi.json — the OpenAPI 3.1 document; GET /api/docs — the reference page drawn from
 * it. Both public (no session), the same for everyone, and cached briefly with an ETag.
 */
import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { openApiDocument } from './document.ts';
import { referencePage } from './referencePage.ts';

const CACHE_CONTROL = 'public, max-age=300';

function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/** A 304 when the client holds this text already, else the text. */
function cached(c: Context, text: string, etag: string, contentType: string) {
  c.header('Cache-Control', CACHE_CONTROL);
  c.header('ETag', etag);
  const held = c.req.header('if-none-match');
  if (held?.split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304);
  c.header('Content-Type', contentType);
  return c.body(text);
}

export function openApiRoutes() {
  const app = new Hono();
  let json: { text: string; etag: string } | undefined;
  let page: { text: string; etag: string } | undefined;
  app.get('/openapi.json', (c) => {
    if (!json) {
      const text = openApiDocument().json;
      json = { text, etag: etagOf(text) };
    }
    return cached(c, json.text, json.etag, 'application/json; charset=UTF-8');
  });
  app.get('/docs', (c) => {
    if (!page) {
      const text = referencePage(openApiDocument().document);
      page = { text, etag: etagOf(text) };
    }
    return cached(c, page.text, page.etag, 'text/html; charset=UTF-8');
  });
  return app;
}
