/**
 * A route's requests: the arbitrary of a sample (caller, token, body edits, query, id, headers), the
 * request built from it, how a failing one is described, and sending it to the app.
 */
import fc from 'fast-check';
import type { UserKey } from '../apiWorld.ts';
import { applyEdits, type Edit, editsArb, type Target } from './edits.ts';
import type { Base, QuerySpec, RouteFuzz } from './fuzzCase.ts';
import type { Env } from './fuzzEnv.ts';
import {
  CONTENT_TYPES,
  DATE_STRINGS,
  hostileBodyText,
  hostileKey,
  hostileString,
  hostileValue,
  NUMBER_STRINGS,
  ORG_HEADERS,
  OTHER_HEADERS,
  RAW_QUERY,
  rarely,
  TOKENS,
} from './hostileValues.ts';
import { toJsonText } from './rawJson.ts';
import { schemaAt, shapeKeys, validCandidates } from './schemaPaths.ts';

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** Query text: percent-encoded, a lone surrogate as the bytes it would have in UTF-8 (invalid). */
export function encodeQueryPart(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(text[i] as string);
  }
  return out;
}

export interface RouteSample {
  who: number;
  token: 'normal' | 'none' | 'garbage';
  garbage: string;
  base: number;
  edits: Edit[];
  extra: [string, unknown] | null;
  whole: string | null;
  query: { key: string; value: string }[];
  filters: Edit[] | null;
  id: string | null;
  orgId: string | null;
  /** Other headers the server reads: user-agent (stored at sign-in), the session cookie. */
  otherHeader: [string, string] | null;
  contentType: string | null;
  bytes: Uint8Array;
}

function queryArb(
  spec: QuerySpec | undefined,
  ids: string[],
): fc.Arbitrary<{ key: string; value: string }[]> {
  if (!spec) return fc.constant([]);
  const keys = spec.keys?.length ? spec.keys : ['x'];
  const hostile = fc.oneof(
    { weight: 3, arbitrary: hostileString.map(encodeQueryPart) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBER_STRINGS, ...DATE_STRINGS).map(encodeQueryPart) },
  );
  const validByKey = keys
    .map((key) => ({
      key,
      valid: spec.schema ? (validCandidates(schemaAt(spec.schema, [key]), ids, true) as string[]) : [],
    }))
    .filter((k) => k.valid.length);
  const validParam = validByKey.length
    ? fc
        .constantFrom(...validByKey)
        .chain(({ key, valid }) =>
          fc.record({ key: fc.constant(key), value: fc.constantFrom(...valid).map(encodeQueryPart) }),
        )
    : undefined;
  const hostileKnown = fc.record({ key: fc.constantFrom(...keys), value: hostile });
  const unknown = fc.record({
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', '%00', 'a%00', '%ED%A0%80'),
      hostileString.map(encodeQueryPart),
    ),
    value: hostile,
  });
  // One to three values the schema accepts and, half the time, one hostile parameter.
  return fc
    .tuple(
      validParam
        ? fc.array(validParam, { minLength: 1, maxLength: 3 })
        : fc.constant<{ key: string; value: string }[]>([]),
      rarely(fc.oneof({ weight: 4, arbitrary: hostileKnown }, { weight: 1, arbitrary: unknown }), 2),
    )
    .map(([valid, bad]) => (bad ? [...valid, bad] : valid));
}

export function routeArb(route: RouteFuzz, targets: Target[][], ids: string[]): fc.Arbitrary<RouteSample> {
  const users = route.users ?? ['admin', 'admin', 'rep', 'guest'];
  const json = route.query?.json;
  const filterKeys = json ? shapeKeys(json.schema) : [];
  const filterTargets: Target[] = filterKeys.map((k) => ({
    path: [k],
    valid: json ? validCandidates(schemaAt(json.schema, [k]), ids) : [],
  }));
  return fc.nat({ max: Math.max(0, targets.length - 1) }).chain((base) =>
    fc.record<RouteSample>({
      who: fc.nat({ max: users.length - 1 }),
      token: fc.oneof(
        { weight: 12, arbitrary: fc.constant<RouteSample['token']>('normal') },
        { weight: 1, arbitrary: fc.constantFrom<RouteSample['token']>('none', 'garbage') },
      ),
      garbage: fc.constantFrom(...TOKENS),
      base: fc.constant(base),
      edits: targets.length ? editsArb(targets[base] as Target[]) : fc.constant([]),
      extra: rarely(fc.tuple(hostileKey, hostileValue), 6),
      whole: rarely(hostileBodyText, 15),
      query: queryArb(route.query, ids),
      filters: json ? rarely(editsArb(filterTargets), 2) : fc.constant(null),
      id: route.idParam
        ? rarely(
            fc.oneof(
              hostileString.map(encodeQueryPart),
              fc.constantFrom('%00', '%2F', '..', '%2e%2e', 'x%ED%A0%80', 'a'.repeat(5000)),
            ),
            3,
          )
        : fc.constant(null),
      orgId: rarely(fc.constantFrom(...ORG_HEADERS), 10),
      otherHeader: rarely(fc.constantFrom(...OTHER_HEADERS), 8),
      contentType: rarely(fc.constantFrom(...CONTENT_TYPES), route.bytes ? 2 : 12),
      bytes: fc.uint8Array({ maxLength: 64 }),
    }),
  );
}

export function buildRequest(
  key: string,
  route: RouteFuzz,
  targets: Target[][],
  s: RouteSample,
  env: Env,
): BuiltRequest {
  const [method, pattern] = key.split(' ') as [string, string];
  const headers: Record<string, string> = {};
  const users = route.users ?? ['admin', 'admin', 'rep', 'guest'];
  const auth = route.auth ?? 'user';
  if (s.token === 'garbage') headers.authorization = `Bearer ${s.garbage}`;
  else if (s.token === 'normal' && auth === 'user')
    headers.authorization = `Bearer ${env.w.tokens[users[s.who] as UserKey]}`;
  else if (s.token === 'normal' && auth === 'throwaway')
    headers.authorization = `Bearer ${env.throwawayToken}`;
  if (s.orgId !== null) headers['x-org-id'] = s.orgId;
  if (s.otherHeader) headers[s.otherHeader[0]] = s.otherHeader[1];

  const param = route.idParam && (s.id ?? route.idParam(env));
  const path = param === undefined ? pattern : pattern.replace(/:\w+/, () => param);
  let url = path;
  if (route.query) {
    const params = new Map(Object.entries(route.query.base(env)).map(([k, v]) => [k, encodeQueryPart(v)]));
    for (const { key: name, value } of s.query) params.set(name, value);
    if (route.query.json && s.filters) {
      const keys = shapeKeys(route.query.json.schema);
      const filters = applyEdits(
        {},
        keys.map((k) => ({ path: [k], valid: [] })),
        s.filters,
        null,
      );
      params.set(route.query.json.key, encodeQueryPart(toJsonText(filters)));
    }
    const query = [...params].map(([k, v]) => `${k}=${v}`).join('&');
    if (query) url = `${path}?${query}`;
  }

  let body: string | Uint8Array | undefined;
  if (route.bytes) {
    body = s.bytes;
    headers['content-type'] = s.contentType ?? 'image/png';
  } else if (route.bodies?.length) {
    const base = route.bodies[s.base] as Base;
    const value = applyEdits(structuredClone(base.build(env)), targets[s.base] ?? [], s.edits, s.extra);
    body = s.whole ?? toJsonText(value);
    headers['content-type'] = s.contentType ?? 'application/json';
  }
  return { method, url, headers, ...(body !== undefined ? { body } : {}) };
}

export function describeRequest(req: BuiltRequest, status: number, answer: string): string {
  const text = typeof req.body === 'string' ? req.body : undefined;
  const body =
    req.body === undefined
      ? ''
      : text !== undefined
        ? `\n  body: ${JSON.stringify(text.length > 1500 ? `${text.slice(0, 1500)}…(${text.length} chars)` : text)}`
        : `\n  body: ${(req.body as Uint8Array).byteLength} bytes`;
  const url = req.url.length > 800 ? `${req.url.slice(0, 800)}…` : req.url;
  const headers = { ...req.headers };
  if (headers.authorization) headers.authorization = `${headers.authorization.slice(0, 16)}…`;
  return `${req.method} ${url}\n  headers: ${JSON.stringify(headers)}${body}\n  → ${status} ${answer.slice(0, 500)}`;
}

export async function send(env: Env, req: BuiltRequest) {
  const res = await env.w.api.app.request(req.url, {
    method: req.method,
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body as BodyInit } : {}),
  });
  // An event stream stays open: its status is the answer, and the stream is closed at once.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, text: '' };
  }
  return { status: res.status, text: await res.text() };
}
