import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { LEGACY_FAILURE } from '#src/domain/schemas/legacyData.ts';
import { DEFAULT_LIMITS } from '../limits.ts';
import type { ServiceContext } from '../services/context.ts';
import { invalid, ServiceError } from '../services/serviceError.ts';
import { CallerCache } from './callerAuth.ts';
import {
  defineRoute,
  mountRoutes,
  openApiPath,
  type RouteDefinition,
  type RouteEnv,
  rawBodyPathTest,
  routeKey,
} from './defineRoute.ts';
import { answerForServiceError } from './errors.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { TOO_DEEP_BODY } from './validate.ts';

const noteSchema = z.object({ text: z.string().min(1), count: z.coerce.number().int().default(1) }).strict();
const pageSchema = z.object({ page: z.coerce.number().int().min(1) });
const idSchema = z.object({ id: z.uuid() });
const ID = '0b7e4b1e-8d0c-4d7a-9a64-1f6f2f0d7c11';

const seen: unknown[] = [];

const notes = defineRoute({
  method: 'post',
  path: '/api/v2/notes/:id',
  operationId: 'addNote',
  summary: 'Add a note',
  tag: 'Leads',
  access: 'public',
  params: idSchema,
  query: pageSchema,
  body: { name: 'NoteAdd', schema: noteSchema },
  answer: { status: 201, description: '`note`: the note.' },
  handler: (_c, { params, query, body }) => {
    expectTypeOf(params.id).toEqualTypeOf<string>();
    expectTypeOf(query.page).toEqualTypeOf<number>();
    expectTypeOf(body).toEqualTypeOf<{ text: string; count: number }>();
    seen.push({ params, query, body });
    return { note: { id: params.id, ...body, page: query.page } };
  },
});

const signedIn = defineRoute({
  method: 'get',
  path: '/api/v2/notes',
  operationId: 'listNotes',
  summary: 'List notes',
  tag: 'Leads',
  access: 'session',
  answer: { description: '`data`: the notes.' },
  handler: (_c, { actor }) => ({ data: [actor.org_id] }),
});

const legacy = defineRoute({
  method: 'post',
  path: '/api/legacy_note',
  operationId: 'legacyNote',
  summary: 'Add a note (legacy)',
  tag: 'Legacy data',
  access: 'public',
  legacy: { failure: LEGACY_FAILURE.add },
  body: { name: 'NoteAdd', schema: noteSchema },
  answer: { description: 'Nothing more.' },
  handler: () => {
    throw invalid('That note is not allowed.');
  },
});

const ownAnswer = defineRoute({
  method: 'get',
  path: '/api/v2/notes/file',
  operationId: 'noteFile',
  summary: 'A note as text',
  tag: 'Leads',
  access: 'public',
  answer: { description: 'The note.', content: { contentType: 'text/plain', description: 'Its text.' } },
  handler: (c) => c.text('a note', 200),
});

/** Two large answers alike but for the `secret` flag. */
const LARGE = { data: 'shingle '.repeat(400) };
const plainLarge = defineRoute({
  method: 'get',
  path: '/api/v2/notes/large',
  operationId: 'largeNotes',
  summary: 'Many notes',
  tag: 'Leads',
  access: 'public',
  answer: { description: '`data`: the notes.' },
  handler: () => LARGE,
});
const secretLarge = defineRoute({
  method: 'get',
  path: '/api/v2/notes/secret',
  operationId: 'secretNotes',
  summary: 'Many notes and a key',
  tag: 'Leads',
  access: 'public',
  answer: { secret: true, description: '`data`: the notes and a key.' },
  handler: () => LARGE,
});

const ROUTES: readonly RouteDefinition[] = [notes, signedIn, legacy, ownAnswer, plainLarge, secretLarge];

function testApp() {
  const app = new Hono<RouteEnv>();
  const ctx = { config: { limits: DEFAULT_LIMITS, mode: 'test' } } as unknown as ServiceContext;
  mountRoutes(app, { ctx, cache: new CallerCache(), routes: ROUTES });
  app.onError((err, c) => {
    if (!(err instanceof ServiceError)) throw err;
    const { status, message } = answerForServiceError(err);
    return c.json({ success: false, message }, status);
  });
  return app;
}

async function send(path: string, init: { method?: string; body?: string; type?: string } = {}) {
  const res = await testApp().request(path, {
    method: init.method ?? 'POST',
    headers: init.body === undefined ? {} : { 'content-type': init.type ?? 'application/json' },
    body: init.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('defineRoute', () => {
  it('compresses a large answer the caller accepts compressed, never one that carries a secret', async () => {
    const get = (path: string) => testApp().request(path, { headers: { 'accept-encoding': 'gzip, br' } });
    const plain = await get('/api/v2/notes/large');
    expect(plain.headers.get('content-encoding')).toBe('br');
    const unpacked = brotliDecompressSync(Buffer.from(await plain.arrayBuffer())).toString();
    expect(JSON.parse(unpacked)).toEqual({ success: true, ...LARGE });
    const secret = await get('/api/v2/notes/secret');
    expect(secret.headers.get('content-encoding')).toBeNull();
    expect(await secret.json()).toEqual({ success: true, ...LARGE });
  });

  it('checks parameters, query and body with the shared schemas and hands the handler their values', async () => {
    seen.length = 0;
    const res = await send(`/api/v2/notes/${ID}?page=2`, { body: '{"text":"hi"}' });
    expect(res).toEqual({
      status: 201,
      body: { success: true, note: { id: ID, text: 'hi', count: 1, page: 2 } },
    });
    expect(seen).toEqual([{ params: { id: ID }, query: { page: 2 }, body: { text: 'hi', count: 1 } }]);
  });

  it.each([
    [
      'a bad path parameter first',
      '/api/v2/notes/nope?page=0',
      '{}',
      'application/json',
      400,
      /^Invalid input — id: /,
    ],
    [
      'then a bad query',
      `/api/v2/notes/${ID}?page=0`,
      '{}',
      'application/json',
      400,
      /^Invalid input — page: /,
    ],
    [
      'then the body',
      `/api/v2/notes/${ID}?page=1`,
      '{"text":""}',
      'application/json',
      400,
      /^Invalid input — text: /,
    ],
    [
      'an unknown field',
      `/api/v2/notes/${ID}?page=1`,
      '{"text":"a","x":1}',
      'application/json',
      400,
      /^Invalid input — request: /,
    ],
    [
      'a body that is not JSON',
      `/api/v2/notes/${ID}?page=1`,
      '{"text":',
      'application/json',
      400,
      /^The request body is not valid JSON\.$/,
    ],
    [
      'a body sent as another type',
      `/api/v2/notes/${ID}?page=1`,
      'text=a',
      'text/plain',
      415,
      /^Send the request body as JSON/,
    ],
    [
      'a body nested too deeply',
      `/api/v2/notes/${ID}?page=1`,
      `{"text":${'['.repeat(40)}${']'.repeat(40)}}`,
      'application/json',
      400,
      new RegExp(`^${TOO_DEEP_BODY.replace(/[().]/g, '\\$&')}$`),
    ],
  ])('refuses %s in readJson/readQuery’s own words', async (_what, path, body, type, status, message) => {
    const res = await send(path, { body, type });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(message);
  });

  it('refuses a route that needs a session before reading anything', async () => {
    const res = await send('/api/v2/notes', { method: 'GET' });
    expect(res.status).toBe(401);
  });

  it('answers a legacy route’s failures in the spec’s text with the reason beside it', async () => {
    const res = await send('/api/legacy_note', { body: '{"text":"a"}' });
    expect(res).toEqual({
      status: 400,
      body: { success: false, message: 'Add error', reason: 'That note is not allowed.' },
    });
  });

  it('sends a Response the handler makes as it is', async () => {
    const res = await testApp().request('/api/v2/notes/file');
    expect(await res.text()).toBe('a note');
  });

  it('records the operation the document shows', () => {
    const doc = buildOpenApiDocument(ROUTES);
    const op = doc.paths['/api/v2/notes/{id}']?.post;
    expect(op?.operationId).toBe('addNote');
    expect(op?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/NoteAdd',
    });
    expect(op?.parameters.map((p) => ('name' in p ? `${p.in} ${p.name}` : p.$ref))).toEqual([
      'path id',
      'query page',
    ]);
    expect(Object.keys(op?.responses ?? {})).toContain('201');
    expect(doc.paths['/api/v2/notes']?.get?.security).toContainEqual({ bearerToken: [] });
    expect(doc.paths['/api/v2/notes/file']?.get?.responses['200']).toMatchObject({
      content: { 'text/plain': { schema: {} } },
    });
  });

  it('refuses two different bodies under one name in the document', () => {
    const other = { ...legacy, body: { name: 'NoteAdd', schema: pageSchema } } as RouteDefinition;
    expect(() => buildOpenApiDocument([notes, other])).toThrow(/named NoteAdd/);
  });

  it.each([
    ['/api/v2/webhooks/:id', '/api/v2/webhooks/{id}'],
    ['/api/v2/webhooks/:id/rotate', '/api/v2/webhooks/{id}/rotate'],
    ['/api/x/:id{[0-9]+}', '/api/x/{id}'],
    ['/api/health', '/api/health'],
  ])('writes %s as %s in the document', (hono, openApi) => {
    expect(openApiPath(hono)).toBe(openApi);
  });

  it('keys a route as the app lists it', () => {
    expect(routeKey(notes)).toBe('POST /api/v2/notes/:id');
  });

  const upload = defineRoute({
    method: 'put',
    path: '/api/v2/files/:id/content',
    operationId: 'putFile',
    summary: 'Upload a file',
    tag: 'Media',
    access: 'public',
    rawBody: { contentTypes: ['application/octet-stream'], description: 'The bytes.' },
    answer: { description: 'Nothing more.' },
    handler: () => ({}),
  });
  const map = { ...upload, path: '/api/v2/map/tiles.pmtiles' } as RouteDefinition;

  it.each([
    ['/api/v2/files/abc/content', true],
    ['/api/v2/files/abc/content/x', false],
    ['/api/v2/files//content', false],
    ['/api/v2/map/tiles.pmtiles', true],
    ['/api/v2/map/tilesXpmtiles', false],
    [`/api/v2/notes/${ID}`, false],
  ])('takes %s for a raw body: %s', (path, raw) => {
    expect(rawBodyPathTest([notes, upload, map])(path)).toBe(raw);
  });
});
