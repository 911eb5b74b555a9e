/**
 * The OpenAPI document covers the whole public API: every `/api/…` route the server registers is
 * declared in the registry (defineRoute, server/http/apiRoutes.ts) and documented, and every
 * documented operation is a route; the document holds together as OpenAPI 3.1, each operation's
 * access (session or public) is what the server does, and the document and its reference page are
 * served publicly with cache headers.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '#server/http/apiRoutes.ts';
import { openApiPath } from '#server/http/defineRoute.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '#server/http/openapi/document.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The API routes of the app, as `METHOD /path` in OpenAPI form (middleware and catch-alls left out). */
function registeredRoutes(routes: { method: string; path: string }[]): string[] {
  const keys = routes
    .filter((r) => r.path.startsWith('/api/'))
    .filter((r) => !(r.method === 'ALL' && r.path.endsWith('*')))
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => `${r.method} ${openApiPath(r.path)}`);
  return [...new Set(keys)].sort();
}

/** The document's path of a declared route (finer than the route's own for the calendar file). */
const documentedPath = (route: (typeof API_ROUTES)[number]) => route.docPath?.path ?? openApiPath(route.path);

/** Each operation of the document as `METHOD /path` with the route it is served by. */
function documentedRoutes(doc: OpenApiDocument): string[] {
  const keys: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) {
      const route = API_ROUTES.find((r) => documentedPath(r) === path && r.method === method);
      keys.push(`${method.toUpperCase()} ${route ? openApiPath(route.path) : path}`);
    }
  }
  return keys.sort();
}

function resolvePointer(doc: unknown, ref: string): unknown {
  let node = doc;
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function allRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) allRefs(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else allRefs(value, found);
    }
  }
  return found;
}

/** A request path for an operation: a fresh uuid (or a made-up token) in each parameter. */
function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? randomUUID() : `unknown-${name}`));
}

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument(API_ROUTES);

  it('is OpenAPI 3.1 with the API’s title, its version and security schemes', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('Home Service CRM API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'apiKeyBearer',
      'bearerToken',
      'sessionCookie',
    ]);
    // An API key is offered only where its scope opens the operation, and names that scope.
    expect(doc.paths['/api/v2/leads/get']?.get?.security).toContainEqual({ apiKey: ['leads:read'] });
    expect(doc.paths['/api/v2/sync/pull']?.get?.security).not.toContainEqual(
      expect.objectContaining({ apiKey: expect.anything() }),
    );
    expect(doc.servers.length).toBeGreaterThan(0);
  });

  it('validates against the OpenAPI 3.1 specification', async () => {
    // The validator resolves references in place: it gets a copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('resolves every $ref within the document', () => {
    const refs = allRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    const broken = refs.filter((ref) => !ref.startsWith('#/') || resolvePointer(doc, ref) === undefined);
    expect(broken).toEqual([]);
    // Schemas are embedded without their own dialect or definitions: all live in components.
    expect(JSON.stringify(doc)).not.toContain('"$defs"');
  });

  it('declares every path parameter, gives each operation a unique id, a declared tag and a success', () => {
    const ids = new Set<string>();
    const tags = new Set(doc.tags.map((t) => t.name));
    const schemes = new Set(Object.keys(doc.components.securitySchemes));
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(METHODS, where).toContain(method);
        const declared = op.parameters
          .filter((p): p is Exclude<typeof p, { $ref: string }> => !('$ref' in p))
          .filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), where).toEqual(templated);
        for (const p of declared) expect(p.required, where).toBe(true);
        expect(ids.has(op.operationId), `${where}: operationId ${op.operationId} used twice`).toBe(false);
        ids.add(op.operationId);
        for (const tag of op.tags) expect(tags.has(tag), `${where}: tag ${tag}`).toBe(true);
        for (const requirement of op.security)
          for (const name of Object.keys(requirement)) expect(schemes.has(name), where).toBe(true);
        expect(
          Object.keys(op.responses).some((status) => /^2\d\d$/.test(status)),
          where,
        ).toBe(true);
        if (method === 'get') expect(op.requestBody, where).toBeUndefined();
      }
    }
  });
});

describe('the route declarations', () => {
  const routesDir = new URL('../../server/http/routes/', import.meta.url);
  const sources = readdirSync(routesDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ name, text: readFileSync(new URL(name, routesDir), 'utf8') }));

  it('check bodies, queries and parameters only through defineRoute', () => {
    const byHand = sources
      .filter(({ text }) => /\b(readJson|readQuery|parse)\(\s*c\b|\bparse\(\w+Param/.test(text))
      .map(({ name }) => name);
    expect(byHand).toEqual([]);
  });

  it('declare every API route in the registry, each operation once', () => {
    const byHono = sources.filter(({ text }) =>
      /\bapp\.(get|post|put|patch|delete|on)\(\s*'\/api/.test(text),
    );
    expect(byHono.map(({ name }) => name)).toEqual([]);
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    const ids = API_ROUTES.map((r) => r.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('mark every answer that hands out a secret, so it is never compressed (respond.ts)', () => {
    const secret = API_ROUTES.filter((r) => r.answer.secret).map((r) => r.operationId);
    expect(secret.sort()).toEqual(
      [
        // the session token
        'login',
        'validateSession',
        // an invite link's token
        'addUser',
        'legacyAddUser',
        'legacySendData',
        // a key, a signing secret or a secret link, shown once
        'addApiKey',
        'createWebhookEndpoint',
        'rotateWebhookSecret',
        'createCalendarFeed',
        'shareSignedProposal',
      ].sort(),
    );
  });
});

describe.each(testDatabaseKinds())('the OpenAPI document and the routes on %s', (kind) => {
  const t = useApiWorld(kind, []);
  const doc = buildOpenApiDocument(API_ROUTES);

  it('documents every API route the server registers, and only those', () => {
    const registered = registeredRoutes(t.api.app.routes);
    const documented = documentedRoutes(doc);
    expect(
      registered.filter((r) => !documented.includes(r)),
      'routes registered without defineRoute (server/http/apiRoutes.ts)',
    ).toEqual([]);
    expect(
      documented.filter((r) => !registered.includes(r)),
      'documented operations the server does not have',
    ).toEqual([]);
  });

  it('refuses a request without a session exactly where the document asks for one', async () => {
    const wrong: string[] = [];
    for (const route of API_ROUTES) {
      const path = documentedPath(route);
      const res = await t.api.app.request(concrete(path), { method: route.method.toUpperCase() });
      // An event stream stays open: its status is the answer.
      await res.body?.cancel();
      const refused = res.status === 401;
      if (refused !== (route.access !== 'public')) wrong.push(`${route.method} ${path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('serves the document publicly as JSON, cached, with a 304 for a copy already held', async () => {
    const res = await t.api.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
    const again = await t.api.app.request('/api/openapi.json', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves a reference page of every operation, without script, under the strict policy', async () => {
    const res = await t.api.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    for (const route of API_ROUTES) {
      expect(html, route.operationId).toContain(`id="op-${route.operationId}"`);
      expect(html).toContain(`<code>${documentedPath(route)}</code>`);
    }
    // A body's schema is shown: the sign-in body names its fields.
    expect(html).toContain('&quot;password&quot;');
  });
});
