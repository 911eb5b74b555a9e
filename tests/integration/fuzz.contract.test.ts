/**
 * No input may ever produce a 5xx. Every route the server registers (legacy and v2) and every sync
 * mutation (pushed through POST /api/v2/sync/push) gets hostile values — NUL, lone surrogates,
 * numbers beyond their columns, impossible dates, deep nesting, wrong types, huge strings, unknown
 * and prototype keys — mixed with values the shared schemas accept, placed into otherwise valid
 * bodies built from the schemas' field names, into query strings, path parameters and the headers
 * routes read (x-org-id, content-type). fast-check generates them from a fixed seed with a bounded
 * number of runs: the same requests every time, in seconds. A failure prints the requests.
 * Besides any 5xx, a sync push answered 503, a change rejected as a server fault or held up by a
 * hostile one before it, and a value refused by the database rather than by a schema all fail.
 *
 * A route or a sync mutation added without a fuzz case fails the coverage tests below.
 * Locally: FUZZ_SEED=… and FUZZ_RUNS=<multiplier> explore further; FUZZ_DEBUG=1 prints the statuses
 * of the answers, FUZZ_DEBUG=2 also every 400 and rejection (to see how far requests get).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classifyDatabaseError } from '../../server/db/dbErrors.ts';
import * as syncService from '../../server/services/sync.ts';
import { DEFAULT_DEAL_STAGES } from '../../src/domain/dealStages.ts';
import { acceptTermsSchema, loginSchema } from '../../src/domain/schemas/auth.ts';
import { uuidSchema } from '../../src/domain/schemas/common.ts';
import { dealStageConfigSchema } from '../../src/domain/schemas/dealStages.ts';
import { interfaceEditSchema, interfaceQuerySchema } from '../../src/domain/schemas/interfaces.ts';
import {
  leadAddSchema,
  leadEditSchema,
  leadFiltersSchema,
  leadQuerySchema,
} from '../../src/domain/schemas/lead.ts';
import { errorLogSchema, sessionRegisterSchema } from '../../src/domain/schemas/logging.ts';
import { notificationQuerySchema, notificationReadSchema } from '../../src/domain/schemas/notification.ts';
import { pathQuerySchema } from '../../src/domain/schemas/paths.ts';
import {
  type RecordTable,
  recordDeleteSchema,
  recordFieldsSchema,
  recordTableSchema,
} from '../../src/domain/schemas/records.ts';
import { logsPushSchema, mutationSchema, pullQuerySchema } from '../../src/domain/schemas/sync.ts';
import {
  profileSaveSchema,
  userAddSchema,
  userEditSchema,
  userMetaQuerySchema,
  userQuerySchema,
} from '../../src/domain/schemas/user.ts';
import { type ApiWorld, type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_714);
const RUNS = Math.max(0.1, Number(process.env.FUZZ_RUNS ?? 1));
const DEBUG = process.env.FUZZ_DEBUG;

// ---------------------------------------------------------------------------------------------
// Hostile values

/** A JSON text placed into a body as it is (numbers JSON.stringify cannot write, raw keys, nesting). */
class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const deepArray = (n: number) => new RawJson(`${'['.repeat(n)}1${']'.repeat(n)}`);
const deepObject = (n: number) => new RawJson(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);

const RAW_JSON = [
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '-0',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"x\\udc00"',
  '{"__proto__":{"polluted":true}}',
  '{"__proto__":1}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '{"\\u0000":1}',
  '{"\\ud800":"x"}',
  '["\\u0000",{"k\\u0000":"v"}]',
].map((text) => new RawJson(text));

const DATE_STRINGS = [
  '0000-01-01',
  '2024-13-45',
  '2023-02-29',
  '2024-02-30',
  '2024-00-10',
  '1899-12-31',
  '2201-01-01',
  '99999-01-01',
  '2024-1-1',
  '10000-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2201-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2024-01-01T24:00:00Z',
  '2024-06-01T12:00:00-23:59',
  '2024-06-01T12:00:00.123456789Z',
];

const NUMBER_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1.5',
  '99999999999',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e400',
  '1e3',
  '0x10',
  ' 6 ',
  '6',
  '7',
];

const WEIRD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\udbff\udbff',
  '\ud83d',
  '',
  ' ',
  '%00',
  '\\u0000',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  'x'.repeat(100_001),
  '\u202e\uffff\ufeff',
  'null',
  '__proto__',
  'constructor',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'a\u0000@b.co',
  ...DATE_STRINGS,
  ...NUMBER_STRINGS,
];

const WEIRD_NUMBERS = [
  -0,
  -1,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const WEIRD_KEYS = ['constructor', 'prototype', 'toString', 'a\u0000', '\ud800', '', 'x'.repeat(300), 'id'];

/** One character of any kind: any code point, a control character, a lone surrogate, NUL. */
const anyChar = fc.oneof(
  { weight: 10, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: anyChar, maxLength: 20 }) },
);
const hostileKey = fc.oneof(fc.constantFrom(...WEIRD_KEYS), fc.string({ unit: anyChar, maxLength: 10 }));
const hostileNumber = fc.oneof(fc.constantFrom(...WEIRD_NUMBERS), fc.double(), fc.integer());
const deepNesting = fc
  .constantFrom(31, 33, 64, 5000)
  .chain((n) => fc.constantFrom(deepArray(n), deepObject(n)));

/** Anything at all: hostile text and numbers, raw JSON, deep nesting, nested freely. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], { '': '' }) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JSON) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileKey, tie('value'), { maxKeys: 3 }) },
  ),
})).value;

/** Whole bodies that are not what any route expects. */
const hostileBodyText = fc.constantFrom(
  '',
  'null',
  '[]',
  '"text"',
  '123',
  '1e400',
  '{',
  '{"a":',
  '\ufeff{}',
  '{"__proto__":{"admin":true}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
  '{"a":"\\ud800"}',
  '{"\\u0000":"\\u0000"}',
);

/** Header values a client can send (no CR, LF or NUL: those never reach the server). */
const ORG_HEADERS = [...NUMBER_STRINGS, '', 'abc', '6,7', '+6', '06', 'ÿ'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/jsonx',
  'multipart/form-data; boundary=x',
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'application/pdf',
  'IMAGE/PNG',
  '',
  'ÿ/ÿ',
];
const OTHER_HEADERS: [string, string][] = [
  ['user-agent', 'ÿ'.repeat(400)],
  ['user-agent', `Mozilla/5.0 ${'x'.repeat(10_000)}`],
  ['user-agent', ''],
  ['cookie', 'hs_session=%E0%A4%A'],
  ['cookie', 'hs_session=%00'],
  ['cookie', 'hs_session="unterminated'],
  ['cookie', `hs_session=${'x'.repeat(5000)}; hs_session=y`],
  ['cookie', '=; ;;=='],
];
const TOKENS = ['garbage', 'Bearer', 'Bearer ', 'x'.repeat(5000), 'ÿÿÿ', '%00'];
const RAW_QUERY = ['%00', '%', '%ZZ', '%C0%80', '%ED%A0%80', '%E0%A4%A', '%2500', '&&', '==', '+', 'a%00b'];

/** Query text: percent-encoded, a lone surrogate as the bytes it would have in UTF-8 (invalid). */
function encodeQueryPart(text: string): string {
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

/** `arb` one time in `n`, else null (or, `mostly`, null one time in `n`). */
function rarely<T>(arb: fc.Arbitrary<T>, n: number, mostly = false): fc.Arbitrary<T | null> {
  const [off, on] = mostly ? [1, n - 1] : [n - 1, 1];
  return fc.oneof({ weight: off, arbitrary: fc.constant(null) }, { weight: on, arbitrary: arb });
}

// ---------------------------------------------------------------------------------------------
// Values the schemas accept: the candidates each field's own schema lets through

const PLAUSIBLE: unknown[] = [
  '%',
  '_',
  '\\',
  "O'Brien",
  '👩‍👩‍👧 ü ß ☃',
  '<b>bold</b>',
  '<img src=x onerror=alert(1)>',
  'x'.repeat(200),
  'a@b.co',
  'Fuzz.Person+1@Example.COM',
  '6025550100',
  '(602) 555-0100 ext 9',
  '85004',
  '85004-1234',
  '10:30',
  '1 Main St, Phoenix, AZ 85004',
  '#000000',
  '1900-01-01',
  '2200-12-31',
  '2024-02-29',
  '2024-02-29 10:00',
  '1900-01-01T00:00:00Z',
  '2200-12-31T23:59:59.999+14:00',
  '2024-02-29T12:00:00-12:00',
  ...['english', 'spanish', '700+', 'In-person', 'Scheduled', 'Lead', 'Appointment', 'contacts', 'notes'],
  ...['Admin', 'Guest', 'user', 'Leader', 'Member', 'setter_closer', 'config', 'deal_stage', 'fuzz_key'],
  ...['Prospect', 'Contact', 'Not Home 1', 'asc', 'desc', 'id', 'created_at', 'true', 'false', '1'],
  0,
  1,
  6,
  1000,
  2_147_483_647,
  1e9,
  999_999_999.99,
  -180,
  180,
  90,
  0.000001,
  true,
  false,
  null,
  [],
  {},
  [1, 2],
  ['x'],
  [-112.07, 33.45],
  { a: 1 },
  { lat: 33.45, lng: -112.07 },
  { display_address: '1 Main St', coordinates: [-112.07, 33.45] },
  [{ key: 'permit', value: 'filed' }],
  [{ url: 'https://example.com/a.png', mimetype: 'image/png' }],
  { provider: 'APS', bill: 120.5, twelve_month_usage: [1, 2, 3] },
];

type Path = (string | number)[];

interface ZodInternals {
  def: {
    type: string;
    innerType?: ZodInternals;
    in?: ZodInternals;
    out?: ZodInternals;
    shape?: Record<string, ZodInternals>;
    element?: ZodInternals;
    valueType?: ZodInternals;
    items?: ZodInternals[];
    options?: ZodInternals[];
  };
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function unwrap(schema: ZodInternals): ZodInternals {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    if (WRAPPERS.has(s.def.type) && s.def.innerType) s = s.def.innerType;
    else if (s.def.type === 'pipe' && s.def.in && s.def.out)
      s = s.def.in.def.type === 'transform' ? s.def.out : s.def.in;
    else return s;
  }
  return s;
}

/** The schema of the value at `path` of what `schema` checks, when it can be told. */
function schemaAt(schema: z.ZodType, path: Path): ZodInternals | undefined {
  let s: ZodInternals | undefined = schema as unknown as ZodInternals;
  for (const key of path) {
    if (!s) return undefined;
    let u = unwrap(s);
    if (u.def.type === 'union')
      u = unwrap(
        u.def.options?.find((o) => ['object', 'array', 'record', 'tuple'].includes(unwrap(o).def.type)) ?? u,
      );
    if (u.def.type === 'object') s = u.def.shape?.[String(key)];
    else if (u.def.type === 'array') s = u.def.element;
    else if (u.def.type === 'record') s = u.def.valueType;
    else if (u.def.type === 'tuple') s = u.def.items?.[Number(key)];
    else return undefined;
  }
  return s;
}

/** The field names of an object schema (through refinements, pipes and transforms). */
function shapeKeys(schema: z.ZodType): string[] {
  const u = unwrap(schema as unknown as ZodInternals);
  if (u.def.type !== 'object' || !u.def.shape) throw new Error('not an object schema');
  return Object.keys(u.def.shape);
}

/** What a field's schema accepts among the plausible values, the world's ids and its bounds. */
function validCandidates(field: ZodInternals | undefined, ids: string[], asText = false): unknown[] {
  if (!field) return [];
  const inner = unwrap(field);
  const bounds: unknown[] = [];
  if (typeof inner.maxLength === 'number')
    bounds.push('x'.repeat(inner.maxLength), '😀'.repeat(inner.maxLength / 2));
  for (const n of [inner.minValue, inner.maxValue])
    if (typeof n === 'number' && Number.isFinite(n)) bounds.push(n);
  // Hostile texts and numbers too: any the schema lets through is a hole worth sending.
  const pool = [
    ...PLAUSIBLE,
    ...bounds,
    ...ids,
    ids.slice(0, 2),
    ids.slice(0, 2).join(','),
    ...DATE_STRINGS,
    ...NUMBER_STRINGS,
    ...WEIRD_NUMBERS,
  ];
  const schema = field as unknown as z.ZodType;
  return pool
    .map((v) => (asText && typeof v !== 'string' ? (typeof v === 'number' ? String(v) : undefined) : v))
    .filter((v) => v !== undefined && schema.safeParse(v).success);
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Env {
  w: ApiWorld;
  /** A user the fuzz may edit freely (never the signed-in callers). */
  victim: string;
  /** A lead the fuzz may edit freely. */
  lead: string;
  template: string;
  media: string;
  throwawayToken: string;
  unique(): number;
}

/** A valid body (or mutation args) and the schema that checks it. */
interface Base {
  build(env: Env): unknown;
  schema?: z.ZodType;
  /** Paths to set besides those of the built value (default: the schema's top-level fields). */
  fields?: Path[];
  /** Fields never set to a value the schema accepts (deleting the fuzz's own lead ends its reach). */
  exclude?: string[];
}

interface QuerySpec {
  base(env: Env): Record<string, string>;
  schema?: z.ZodType;
  keys: string[];
  /** A parameter holding JSON (lead filters), with the schema of what it holds. */
  json?: { key: string; schema: z.ZodType };
}

interface RouteFuzz {
  /** 'throwaway': a session of its own (sign-out revokes it). */
  auth?: 'user' | 'none' | 'throwaway';
  /** Users whose tokens the requests carry (weighted by repetition); default admin, admin, rep, guest. */
  users?: UserKey[];
  bodies?: Base[];
  query?: QuerySpec;
  /** The route has `:id`: it gets hostile ids as well as a real one. */
  idParam?: (env: Env) => string;
  /** Raw bytes rather than JSON (file uploads). */
  bytes?: boolean;
  runs?: number;
}

interface Target {
  path: Path;
  valid: unknown[];
}

interface Edit {
  target: number;
  value: unknown;
  wrap: 'none' | 'array' | 'object';
}

interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** Every path to a leaf or a container of a JSON value, so edits can land anywhere in it. */
function pathsOf(value: unknown): Path[] {
  const out: Path[] = [];
  const stack: { v: unknown; path: Path }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: Path };
    if (path.length) out.push(path);
    if (v && typeof v === 'object' && path.length < 6) {
      for (const [k, child] of Object.entries(v))
        stack.push({ v: child, path: [...path, Array.isArray(v) ? Number(k) : k] });
    }
  }
  return out;
}

function targetsOf(base: Base, env: Env, ids: string[]): Target[] {
  const fields = base.fields ?? (base.schema ? shapeKeys(base.schema).map((k) => [k]) : []);
  const seen = new Set<string>();
  const targets: Target[] = [];
  for (const path of [...pathsOf(base.build(env)), ...fields]) {
    const key = JSON.stringify(path);
    if (seen.has(key)) continue;
    seen.add(key);
    const excluded = base.exclude?.includes(String(path[path.length - 1]));
    targets.push({
      path,
      valid: base.schema && !excluded ? validCandidates(schemaAt(base.schema, path), ids) : [],
    });
  }
  return targets;
}

/** A value the field accepts, made hostile: NUL or a lone surrogate slipped in, a number pushed out of range. */
function corruptedArb(valid: unknown[]): fc.Arbitrary<unknown> | undefined {
  const strings = valid.filter((v): v is string => typeof v === 'string' && v.length < 5000);
  const numbers = valid.filter((v): v is number => typeof v === 'number');
  const arbs: fc.Arbitrary<unknown>[] = [];
  if (strings.length)
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...strings),
          fc.constantFrom('\u0000', '\ud800', '\udc00', '\ud83d', '\u0000\u0000'),
          fc.nat(),
        )
        .map(([text, bad, at]) => {
          const i = at % (text.length + 1);
          return text.slice(0, i) + bad + text.slice(i);
        }),
    );
  if (numbers.length)
    arbs.push(
      fc
        .tuple(fc.constantFrom(...numbers), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e10, 0.5, -1, 2 ** 53))
        .map(([n, shift]) => n + shift),
    );
  return arbs.length ? fc.oneof(...arbs) : undefined;
}

const wrapArb = fc.constantFrom<Edit['wrap']>('none', 'none', 'none', 'none', 'array', 'object');

/**
 * The edits of one request: one to three values their fields accept (any the schema lets through
 * may be a hole) and, half the time, one hostile value — often an accepted value made hostile, so
 * the rest of the body still passes.
 */
function editsArb(targets: Target[]): fc.Arbitrary<Edit[]> {
  const withValid = targets.map((t, i) => ({ t, i })).filter(({ t }) => t.valid.length);
  const validEdit: fc.Arbitrary<Edit> | undefined = withValid.length
    ? fc.constantFrom(...withValid).chain(({ t, i }) =>
        fc.record({
          target: fc.constant(i),
          value: fc.constantFrom(...t.valid),
          wrap: fc.constant<Edit['wrap']>('none'),
        }),
      )
    : undefined;
  const hostileEdit: fc.Arbitrary<Edit> = fc.nat({ max: Math.max(0, targets.length - 1) }).chain((target) => {
    const corrupted = corruptedArb(targets[target]?.valid ?? []);
    const value = corrupted
      ? fc.oneof({ weight: 3, arbitrary: corrupted }, { weight: 2, arbitrary: hostileValue })
      : hostileValue;
    return fc.record({ target: fc.constant(target), value, wrap: wrapArb });
  });
  return fc
    .tuple(
      validEdit ? fc.array(validEdit, { minLength: 1, maxLength: 3 }) : fc.constant<Edit[]>([]),
      rarely(hostileEdit, 2),
    )
    .map(([valid, hostile]) => (hostile ? [...valid, hostile] : valid));
}

function setPath(target: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  let node = target as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string | number;
    const next = node[key];
    if (!next || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1] as string | number] = value;
  return target;
}

/** A copy of a generated value (candidates are shared constants: a later edit must not change them). */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (value && typeof value === 'object' && !(value instanceof RawJson) && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, {
        value: copyOf(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

function applyEdits(value: unknown, targets: Target[], edits: Edit[], extra: [string, unknown] | null) {
  let out = value;
  for (const edit of edits) {
    const v = copyOf(
      edit.wrap === 'array' ? [edit.value] : edit.wrap === 'object' ? { value: edit.value } : edit.value,
    );
    out = setPath(out, targets[edit.target]?.path ?? [], v);
  }
  if (extra && out && typeof out === 'object') (out as Record<string, unknown>)[extra[0]] = copyOf(extra[1]);
  return out;
}

/** JSON text of a value with RawJson parts written as they are. */
function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const marker = `__raw_${randomUUID()}_`;
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `${marker}${raws.length - 1}`;
    }
    return v;
  });
  return (text ?? 'null').replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_m, i) => raws[Number(i)] as string);
}

interface RouteSample {
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
  const hostile = fc.oneof(
    { weight: 3, arbitrary: hostileString.map(encodeQueryPart) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBER_STRINGS, ...DATE_STRINGS).map(encodeQueryPart) },
  );
  const validByKey = spec.keys
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
  const hostileKnown = fc.record({ key: fc.constantFrom(...spec.keys), value: hostile });
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

function routeArb(route: RouteFuzz, targets: Target[][], ids: string[]): fc.Arbitrary<RouteSample> {
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

function buildRequest(
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

  const path = route.idParam ? pattern.replace(':id', s.id ?? route.idParam(env)) : pattern;
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

function describeRequest(req: BuiltRequest, status: number, answer: string): string {
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

async function send(env: Env, req: BuiltRequest) {
  const res = await env.w.api.app.request(req.url, {
    method: req.method,
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body as BodyInit } : {}),
  });
  return { status: res.status, text: await res.text() };
}

function seedOf(name: string): number {
  let h = SEED;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h;
}

function countStatus(counts: Record<string, number>, key: string | number) {
  counts[key] = (counts[key] ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------
// The routes

const iso = '2026-01-15T10:00:00Z';
const thumbQuery: QuerySpec = {
  base: () => ({}),
  schema: z.object({ thumb: z.enum(['0', '1']) }),
  keys: ['thumb'],
};

const ROUTES: Record<string, RouteFuzz> = {
  'GET /api/health': { auth: 'none', query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'POST /api/v2/auth/login': {
    auth: 'none',
    bodies: [
      {
        build: (e) => ({ email: `fuzz.${e.unique()}@test.local`, password: 'not the password' }),
        schema: loginSchema,
      },
    ],
    // Each sign-in that reaches the password check costs a password hash (even for unknown emails).
    runs: 15,
  },
  'POST /api/v2/auth/logout': { auth: 'throwaway', bodies: [{ build: () => ({}) }], runs: 15 },
  'POST /api/v2/auth/validate': { bodies: [{ build: () => ({}) }], runs: 20 },
  'POST /api/v2/auth/accept': {
    bodies: [{ build: () => ({ tosVersion: '2026-01' }), schema: acceptTermsSchema }],
  },
  'GET /api/v2/legal/terms': { auth: 'none', query: { base: () => ({ org: '6' }), keys: ['org'] }, runs: 25 },
  'GET /api/v2/leads/get': {
    query: {
      base: (e) => ({ ids: e.lead, limit: '5' }),
      schema: leadQuerySchema,
      keys: shapeKeys(leadQuerySchema),
      json: { key: 'filters', schema: leadFiltersSchema },
    },
    runs: 60,
  },
  'POST /api/v2/leads/add': {
    bodies: [
      {
        build: () => ({ name: 'Fuzz Lead', phone: '6025550100', address: '1 Main St, Phoenix, AZ 85004' }),
        schema: leadAddSchema,
      },
    ],
    runs: 60,
  },
  'POST /api/v2/leads/edit': {
    bodies: [
      {
        build: (e) => ({ _id: e.lead, appointment_notes: 'Ring twice' }),
        schema: leadEditSchema,
        exclude: ['deleted'],
      },
    ],
    runs: 60,
  },
  'GET /api/v2/users/get': {
    query: {
      base: () => ({ q: 'a', limit: '5' }),
      schema: userQuerySchema,
      keys: shapeKeys(userQuerySchema),
    },
  },
  'POST /api/v2/users/add': {
    bodies: [
      {
        build: (e) => ({ name: 'Fuzz User', email: `fuzz.user.${e.unique()}@test.local` }),
        schema: userAddSchema,
      },
    ],
    users: ['admin', 'admin', 'admin', 'guest'],
  },
  'POST /api/v2/users/edit': {
    bodies: [{ build: (e) => ({ id: e.victim, name: 'Victor Victim' }), schema: userEditSchema }],
    users: ['admin', 'admin', 'admin', 'guest'],
    runs: 50,
  },
  'GET /api/users/meta': {
    query: {
      base: (e) => ({ ids: `${e.w.world.users.admin.id},1000` }),
      schema: userMetaQuerySchema,
      keys: shapeKeys(userMetaQuerySchema),
    },
  },
  'GET /api/v2/notifications/get': {
    query: {
      base: () => ({ page: '1', limit: '10' }),
      schema: notificationQuerySchema,
      keys: shapeKeys(notificationQuerySchema),
    },
  },
  'POST /api/v2/notifications/read': {
    bodies: [{ build: () => ({ ids: [1, 2] }), schema: notificationReadSchema }],
  },
  'GET /api/v2/interfaces/get': {
    query: {
      base: () => ({ key: 'deal_stage' }),
      schema: interfaceQuerySchema,
      keys: shapeKeys(interfaceQuerySchema),
    },
  },
  'POST /api/v2/interfaces/edit': {
    bodies: [
      {
        build: () => ({ key: 'fuzz_config', type: 'config', data: { a: [1, 'b'] } }),
        schema: interfaceEditSchema,
      },
      {
        build: () => ({ key: 'deal_stage', type: 'config', data: DEFAULT_DEAL_STAGES.slice(0, 2) }),
        schema: interfaceEditSchema.extend({ data: dealStageConfigSchema }),
      },
    ],
    users: ['admin', 'admin', 'admin', 'rep'],
  },
  'POST /api/v2/notion/session': {
    bodies: [
      {
        build: (e) => ({
          fingerprint: {
            fingerprint: 'fp-1',
            user: e.w.world.users.admin.id,
            device: 'Pixel',
            browser: 'Chrome',
            creation_date: iso,
          },
          user_id: e.w.world.users.admin.id,
          session: { _id: randomUUID(), fingerprint: 'fp-1', start_time: iso, end_time: iso },
        }),
        schema: sessionRegisterSchema,
      },
    ],
    users: ['admin'],
  },
  'POST /api/v2/notion/log': {
    bodies: [
      {
        build: (e) => ({
          event: 'fuzz',
          error: { code: 'E1', stack: ['a'] },
          session_id: null,
          user_id: e.w.world.users.admin.id,
        }),
        schema: errorLogSchema,
      },
    ],
    users: ['admin'],
  },
  'POST /api/v2/sync/push': {
    bodies: [
      {
        build: () => ({
          client_id: randomUUID(),
          schema_version: 1,
          mutations: [{ id: 1, name: 'profile.save.v1', args: { name: 'Fuzz Admin', phone: '' } }],
        }),
        schema: z.object({
          client_id: uuidSchema,
          schema_version: z.number(),
          mutations: z.array(mutationSchema),
        }),
      },
    ],
    runs: 50,
  },
  'GET /api/v2/sync/pull': {
    query: {
      base: () => ({ cursor: '0', limit: '5', client_id: randomUUID() }),
      schema: pullQuerySchema,
      keys: shapeKeys(pullQuerySchema),
    },
  },
  'POST /api/v2/sync/logs': {
    bodies: [
      {
        build: () => {
          const session = randomUUID();
          const path = randomUUID();
          return {
            client_id: randomUUID(),
            sessions: [{ id: session, fingerprint: 'fp', start_time: iso, end_time: null }],
            events: [
              {
                id: randomUUID(),
                session_id: session,
                type: 'click',
                ref: 'x',
                table: 'contacts',
                value: { a: 1 },
                timestamp: iso,
              },
            ],
            errors: [
              { id: randomUUID(), session_id: session, event: 'oops', code: 'E1', log: { stack: 'x' } },
            ],
            fingerprints: [
              { id: randomUUID(), fingerprint: 'fp', device: 'd', browser: 'b', creation_date: iso },
            ],
            paths: [{ id: path, name: 'walk', started_at: iso, ended_at: null }],
            path_points: [
              { id: randomUUID(), path_id: path, lat: 33.4, lng: -112.1, accuracy: 5, recorded_at: iso },
            ],
          };
        },
        schema: logsPushSchema,
      },
    ],
    runs: 60,
  },
  'GET /api/v2/paths/get': {
    query: {
      base: (e) => ({ date: '2026-01-15', tz_offset: '0', user_ids: e.w.world.users.admin.id }),
      schema: pathQuerySchema,
      keys: shapeKeys(pathQuerySchema),
    },
  },
  'PUT /api/v2/media/:id/content': {
    idParam: (e) => e.media,
    query: thumbQuery,
    bytes: true,
  },
  'GET /api/v2/media/:id/content': { idParam: (e) => e.media, query: thumbQuery },
};

// ---------------------------------------------------------------------------------------------
// The sync mutations, pushed through POST /api/v2/sync/push

const UNKNOWN_MUTATION = '(unknown name)';

const recordBase = (table: RecordTable, fields: (e: Env) => Record<string, unknown>): Base => ({
  build: (e) => ({ table, id: randomUUID(), create: true, fields: fields(e) }),
  schema: z.object({
    table: recordTableSchema,
    id: uuidSchema,
    create: z.boolean(),
    fields: recordFieldsSchema(table, true),
  }),
  fields: [
    ['table'],
    ['id'],
    ['create'],
    ...shapeKeys(recordFieldsSchema(table, false)).map((k) => ['fields', k]),
  ],
});

const MUTATIONS: Record<string, Base[]> = {
  'lead.add.v1': [
    { build: () => ({ id: randomUUID(), name: 'Sync Fuzz', phone: '6025550111' }), schema: leadAddSchema },
  ],
  'lead.edit.v1': [
    {
      build: (e) => ({ _id: e.lead, utility_notes: 'x', base_versions: { deal_stage_status: 0 } }),
      schema: leadEditSchema,
      exclude: ['deleted'],
      fields: [...shapeKeys(leadEditSchema).map((k) => [k]), ['base_versions', 'owner_id']],
    },
  ],
  'profile.save.v1': [
    { build: () => ({ name: 'Fuzz Admin', phone: '6025550199' }), schema: profileSaveSchema },
  ],
  'user.edit.v1': [{ build: (e) => ({ id: e.victim, first_name: 'Victor' }), schema: userEditSchema }],
  'record.save.v1': [
    recordBase('table_views', () => ({
      name: 'Fuzz view',
      table_name: 'contacts',
      headers: [{ key: 'name' }],
    })),
    recordBase('notes', (e) => ({ lead_id: e.lead, type: 'Lead', body: 'Fuzz note' })),
    recordBase('appointments', (e) => ({
      lead_id: e.lead,
      start_time: iso,
      end_time: iso,
      appointment_date: '2026-01-15',
    })),
    recordBase('media', (e) => ({ lead_id: e.lead, name: 'roof.png', mimetype: 'image/png', size: 10 })),
    recordBase('teams', (e) => ({ name: 'Fuzz team', region_id: e.w.world.regions.a })),
    recordBase('products', () => ({ name: 'Panel', price: 10.5, active: true })),
    recordBase('sales_channels', () => ({ name: 'Door' })),
    recordBase('orgs', () => ({ name: 'Org' })),
    recordBase('regions', () => ({ name: 'Fuzz region', color: '#21A1D6', geometry: { type: 'Polygon' } })),
    recordBase('survey_templates', () => ({ name: 'Survey', questions: [{ q: 'Roof age?' }] })),
    recordBase('surveys', (e) => ({ template_id: e.template, lead_id: e.lead, responses: { roof: '10' } })),
    // Edits of existing records (the fuzz world's lead is no note: this one is a missing record).
    {
      build: (e) => ({ table: 'notes', id: e.lead, fields: { body: 'edit' } }),
      fields: [['table'], ['id'], ['fields']],
    },
    {
      build: (e) => ({ table: 'media', id: e.media, fields: { name: 'renamed.png' } }),
      fields: [
        ['fields', 'name'],
        ['fields', 'size'],
      ],
    },
  ],
  'record.delete.v1': [
    { build: () => ({ table: 'notes', id: randomUUID() }), schema: recordDeleteSchema },
    {
      build: (e) => ({ table: 'survey_templates', id: e.template }),
      schema: recordDeleteSchema,
      fields: [['table']],
    },
  ],
  [UNKNOWN_MUTATION]: [{ build: () => ({ name: 'x' }) }],
};

const UNKNOWN_NAMES = [
  'lead.add.v2',
  'LEAD.ADD.V1',
  '',
  '__proto__',
  'constructor',
  'toString',
  'lead.add.v1\u0000',
  '\ud800',
  'x'.repeat(101),
];

/**
 * What the server says when the database refused a value (22xxx, 23xxx, 54xxx): a value the
 * schemas let through but cannot be stored — a hole in a schema, to be closed there.
 */
const DATABASE_REFUSALS = new Set(
  [
    '22000',
    '22P02',
    '22001',
    '22003',
    '22007',
    '22008',
    '22009',
    '22021',
    '22P05',
    '23000',
    '23502',
    '23503',
    '23514',
    '54001',
  ].map((code) => classifyDatabaseError({ code })?.message as string),
);
const refusedByDatabase = (text: string) => {
  try {
    return DATABASE_REFUSALS.has((JSON.parse(text) as { message?: string }).message ?? '');
  } catch {
    return false;
  }
};

/** The sync service's words for a change rejected because of a fault of its own, when it has them. */
const SERVER_FAULT = (syncService as Record<string, unknown>).SERVER_FAULT_MESSAGE as string | undefined;

// ---------------------------------------------------------------------------------------------

describe.each(testDatabaseKinds())('no input answers 5xx on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'guest']);
  let counter = 0;
  const env = { w: t, unique: () => ++counter } as Env;

  beforeAll(async () => {
    const { world } = t;
    env.throwawayToken = await t.api.login(world.users.rep2.email, PASSWORD);
    const victim = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: { name: 'Victor Victim', email: `victim.${randomUUID()}@test.local` },
    });
    expect(victim.status, JSON.stringify(victim.body)).toBe(201);
    env.victim = (victim.body.data as { _id: string })._id;
    const lead = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.admin,
      body: { name: 'Fuzz Target', phone: '6025550123' },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    env.lead = (lead.body.data as { _id: string })._id;
    env.template = randomUUID();
    env.media = randomUUID();
    const record = (id: number, table: string, recordId: string, fields: object) => ({
      id,
      name: 'record.save.v1',
      args: { table, id: recordId, create: true, fields },
    });
    const setup = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens.admin,
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: [
          record(1, 'survey_templates', env.template, { name: 'T' }),
          record(2, 'media', env.media, { lead_id: env.lead, name: 'a.png', mimetype: 'image/png', size: 3 }),
        ],
      },
    });
    expect((setup.body.results as { status: string }[]).map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it('has a fuzz case for every route the server registers', () => {
    const registered = new Set(
      t.api.app.routes
        .filter((r) => !(r.method === 'ALL' && r.path.endsWith('*')))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('has a fuzz case for every sync mutation the server applies', () => {
    const source = readFileSync(new URL('../../server/services/sync.ts', import.meta.url), 'utf8');
    const applied = [...source.matchAll(/case '([\w.]+\.v\d+)'/g)].map((m) => m[1] as string);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.sort()).toEqual(
      Object.keys(MUTATIONS)
        .filter((n) => n !== UNKNOWN_MUTATION)
        .sort(),
    );
  });

  it.each(Object.keys(ROUTES))('%s', async (key) => {
    const route = ROUTES[key] as RouteFuzz;
    const ids = idsOf(env);
    const targets = (route.bodies ?? []).map((b) => targetsOf(b, env, ids));
    const samples = fc.sample(routeArb(route, targets, ids), {
      seed: seedOf(key),
      numRuns: Math.ceil((route.runs ?? 40) * RUNS),
    });
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const sample of samples) {
      const req = buildRequest(key, route, targets, sample, env);
      const { status, text } = await send(env, req);
      countStatus(statuses, status);
      if (DEBUG === '2' && status === 400) console.log(describeRequest(req, status, text));
      if (status >= 500) failures.push(describeRequest(req, status, text));
      else if (status === 400 && refusedByDatabase(text))
        failures.push(describeRequest(req, status, `refused by the database, not the schema: ${text}`));
    }
    if (DEBUG) console.log(key, JSON.stringify(statuses));
    expect(
      failures,
      `${failures.length} of ${samples.length} requests failed:\n${failures.slice(0, 5).join('\n')}`,
    ).toEqual([]);
  });

  it.each(Object.keys(MUTATIONS))('sync mutation %s', async (name) => {
    const bases = MUTATIONS[name] as Base[];
    const ids = idsOf(env);
    const targets = bases.map((b) => targetsOf(b, env, ids));
    const arbitrary = fc.nat({ max: bases.length - 1 }).chain((base) =>
      fc.record({
        base: fc.constant(base),
        edits: editsArb(targets[base] as Target[]),
        extra: rarely(fc.tuple(hostileKey, hostileValue), 6),
        wholeArgs: rarely(hostileValue, 12),
        name: fc.constantFrom(...UNKNOWN_NAMES),
        who: fc.constantFrom<UserKey>('admin', 'admin', 'admin', 'rep', 'guest'),
      }),
    );
    const samples = fc.sample(arbitrary, {
      seed: seedOf(name),
      numRuns: Math.ceil((name === 'record.save.v1' ? 120 : 40) * RUNS),
    });
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const s of samples) {
      const base = bases[s.base] as Base;
      let args = applyEdits(structuredClone(base.build(env)), targets[s.base] ?? [], s.edits, s.extra);
      if (s.wholeArgs !== null) args = s.wholeArgs;
      const req: BuiltRequest = {
        method: 'POST',
        url: '/api/v2/sync/push',
        headers: { authorization: `Bearer ${t.tokens[s.who]}`, 'content-type': 'application/json' },
        body: toJsonText({
          client_id: randomUUID(),
          schema_version: 1,
          // A valid change behind the hostile one: it must not be held up by it.
          mutations: [
            { id: 1, name: name === UNKNOWN_MUTATION ? s.name : name, args },
            { id: 2, name: 'profile.save.v1', args: { name: 'Fuzz Admin', phone: '' } },
          ],
        }),
      };
      const { status, text } = await send(env, req);
      countStatus(statuses, status);
      if (status >= 500) {
        failures.push(describeRequest(req, status, text));
        continue;
      }
      // A body nested too deeply is refused whole (400) before any mutation is looked at.
      if (status !== 200) continue;
      const results = (JSON.parse(text) as { results: { status: string; message?: string }[] }).results;
      countStatus(statuses, results[0]?.status ?? 'none');
      if (DEBUG === '2' && results[0]?.status === 'rejected') console.log(results[0].message);
      if (SERVER_FAULT !== undefined && results.some((r) => r.message === SERVER_FAULT))
        failures.push(describeRequest(req, status, `rejected as a fault of the server: ${text}`));
      else if (DATABASE_REFUSALS.has(results[0]?.message ?? ''))
        failures.push(describeRequest(req, status, `refused by the database, not the schema: ${text}`));
      else if (results[1]?.status !== 'applied')
        failures.push(describeRequest(req, status, `the valid change behind it was not applied: ${text}`));
    }
    if (DEBUG) console.log(name, JSON.stringify(statuses));
    expect(
      failures,
      `${failures.length} of ${samples.length} pushes failed:\n${failures.slice(0, 5).join('\n')}`,
    ).toEqual([]);
  });

  it('refuses the reviewed inputs with 400 and says why', async () => {
    const admin = { token: t.tokens.admin };
    const cases: [string, unknown, RegExp][] = [
      ['/api/v2/leads/add', { name: 'a\u0000b' }, /name: must not contain control characters such as NUL/],
      ['/api/v2/leads/add', { name: 'a\ud800b' }, /name: contains an invalid character/],
      [
        '/api/v2/leads/add',
        { contract_signed_date: '2024-13-45' },
        /contract_signed_date: must be a real date/,
      ],
      ['/api/v2/leads/add', { crc_date: '0000-01-01' }, /crc_date: must be between the years 1900 and 2200/],
      ['/api/v2/leads/add', { crc_date: '2023-02-29' }, /crc_date: must be a real date/],
      ['/api/v2/leads/add', { bill: 1e12 }, /bill: must be at most/],
      ['/api/v2/notifications/read', { ids: [2 ** 31] }, /ids\.0/],
      [
        '/api/v2/users/add',
        { name: 'x', email: 'n@x.co', monday_id: 2 ** 31 },
        /monday_id: must be at most 2147483647/,
      ],
      [
        '/api/v2/interfaces/edit',
        { key: 'k', data: { a: ['\u0000'] } },
        /data\.a\.0: must not contain control/,
      ],
      [
        '/api/v2/notion/log',
        { event: 'e', error: { '\u0000': 1 } },
        /error: has a key that must not contain/,
      ],
      [
        '/api/v2/sync/logs',
        { client_id: randomUUID(), paths: [{ id: randomUUID(), started_at: '10000-01-01T00:00:00Z' }] },
        /paths\.0\.started_at/,
      ],
    ];
    for (const [path, body, message] of cases) {
      const res = await t.api.call('POST', path, { ...admin, body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const deep = await t.api.call('POST', '/api/v2/leads/add', {
      ...admin,
      raw: `{"milestones":${'['.repeat(40)}${']'.repeat(40)}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe('The request body is nested too deeply (at most 32 levels).');
    for (const url of ['/api/v2/paths/get?date=2024-13-45', '/api/v2/paths/get?date=2024-02-30']) {
      const res = await t.api.call('GET', url, admin);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/date: must be a real date/);
    }
    for (const url of [
      '/api/v2/leads/get?q=a%00b',
      '/api/v2/leads/get?q%00=1',
      '/api/v2/media/%00/content',
      `/api/v2/leads/get?filters=${encodeURIComponent('{"city":"a')}%00${encodeURIComponent('"}')}`,
    ]) {
      const res = await t.api.call('GET', url, admin);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/NUL/);
    }
    const filters = await t.api.call(
      'GET',
      `/api/v2/leads/get?filters=${encodeURIComponent('{"updated_since":"10000-01-01T00:00:00Z"}')}`,
      admin,
    );
    expect(filters.status).toBe(400);
    // Through sync: a hostile change is rejected on its own (never a 503), the next one applied.
    const push = await t.api.call('POST', '/api/v2/sync/push', {
      ...admin,
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: [
          { id: 1, name: 'lead.add.v1', args: { name: 'a\u0000b', crc_date: '2024-13-45' } },
          { id: 2, name: 'lead.add.v1\u0000', args: {} },
          { id: 3, name: 'lead.edit.v1', args: { _id: randomUUID(), '\u0000': 1 } },
          { id: 4, name: 'profile.save.v1', args: { name: 'Fuzz Admin', phone: '' } },
        ],
      },
    });
    expect(push.status, JSON.stringify(push.body)).toBe(200);
    const results = push.body.results as { status: string; message?: string }[];
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(results[0]?.message).toMatch(/name: must not contain control characters such as NUL/);
    expect(results[1]?.message).toMatch(/name: must not contain control characters such as NUL/);
    expect(results[2]?.message).toMatch(/args: has a key that must not contain control characters/);
  });
});

/** The ids of the fuzz world: real leads, users, teams, regions and records (some of another org). */
function idsOf(env: Env): string[] {
  const { world } = env.w;
  return [
    env.victim,
    env.lead,
    env.template,
    env.media,
    ...Object.values(world.contacts),
    ...Object.values(world.teams),
    ...Object.values(world.regions),
    world.users.rep.id,
    world.users.outsider.id,
  ];
}
