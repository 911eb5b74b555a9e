/**
 * GET /api/openapi.json — the OpenAPI 3.1 document; GET /api/docs — the reference page drawn from
 * it. Both public (no session), the same for everyone, and cached briefly with an ETag.
 */
import { createHash } from 'node:crypto';
import { defineRoute, type RouteContext, type RouteDefinition } from '../defineRoute.ts';
import { openApiDocument } from './document.ts';
import { referencePage } from './referencePage.ts';

const CACHE_CONTROL = 'public, max-age=300';

interface Served {
  text: string;
  etag: string;
}

function servedOf(text: string): Served {
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
}

/** A 304 when the client holds this text already, else the text. */
function cached(c: RouteContext, served: Served, contentType: string) {
  c.header('Cache-Control', CACHE_CONTROL);
  c.header('ETag', served.etag);
  const held = c.req.header('if-none-match');
  if (held?.split(',').some((tag) => tag.trim() === served.etag)) return c.body(null, 304);
  c.header('Content-Type', contentType);
  return c.body(served.text);
}

const documents = new WeakMap<readonly RouteDefinition[], Served>();
const pages = new WeakMap<readonly RouteDefinition[], Served>();

/** The served text of these routes' document (or page), made on first use. */
function servedFor(
  kept: WeakMap<readonly RouteDefinition[], Served>,
  routes: readonly RouteDefinition[],
  make: () => string,
): Served {
  let served = kept.get(routes);
  if (!served) {
    served = servedOf(make());
    kept.set(routes, served);
  }
  return served;
}

export const openApiRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    tag: 'Service',
    access: 'public',
    answer: {
      description: 'The document.',
      content: { contentType: 'application/json', description: 'The OpenAPI 3.1 document.' },
    },
    handler: (c, { routes }) =>
      cached(
        c,
        servedFor(documents, routes, () => openApiDocument(routes).json),
        'application/json; charset=UTF-8',
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/api/docs',
    operationId: 'getApiReference',
    summary: 'The API reference page, drawn from this document',
    tag: 'Service',
    access: 'public',
    answer: {
      description: 'The page.',
      content: { contentType: 'text/html', description: 'An HTML page listing every operation.' },
    },
    handler: (c, { routes }) =>
      cached(
        c,
        servedFor(pages, routes, () => referencePage(openApiDocument(routes).document)),
        'text/html; charset=UTF-8',
      ),
  }),
];
