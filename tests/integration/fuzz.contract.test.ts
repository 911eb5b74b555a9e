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
 *
 * The pieces live in tests/support/fuzz/: routeCases and mutationCases (what is fuzzed), hostileValues
 * (what is sent), schemaPaths (what the schemas accept), edits and requestBuilder (how requests are
 * made), fuzzEnv (the records the cases edit), serverFaults (what fails besides a 5xx).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { applyEdits, editsArb, type Target, targetsOf } from '../support/fuzz/edits.ts';
import type { Base, RouteFuzz } from '../support/fuzz/fuzzCase.ts';
import { createFuzzEnv, idsOf, prepareFuzzEnv } from '../support/fuzz/fuzzEnv.ts';
import { hostileKey, hostileValue, rarely } from '../support/fuzz/hostileValues.ts';
import { MUTATIONS, UNKNOWN_MUTATION, UNKNOWN_NAMES } from '../support/fuzz/mutationCases.ts';
import { toJsonText } from '../support/fuzz/rawJson.ts';
import {
  type BuiltRequest,
  buildRequest,
  describeRequest,
  routeArb,
  send,
} from '../support/fuzz/requestBuilder.ts';
import { ROUTES } from '../support/fuzz/routeCases.ts';
import { routeOf } from '../support/fuzz/routeSchemas.ts';
import { DATABASE_REFUSALS, refusedByDatabase, SERVER_FAULT } from '../support/fuzz/serverFaults.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_714);
const RUNS = Math.max(0.1, Number(process.env.FUZZ_RUNS ?? 1));
const DEBUG = process.env.FUZZ_DEBUG;

/** The seed of one case: FUZZ_SEED mixed with its name, so each case draws its own requests. */
function seedOf(name: string): number {
  let h = SEED;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h;
}

function countStatus(counts: Record<string, number>, key: string | number) {
  counts[key] = (counts[key] ?? 0) + 1;
}

/**
 * The runs on PGlite when PostgreSQL is fuzzed too: every route and mutation, with the first
 * quarter of PostgreSQL's requests. PGlite is the same PostgreSQL built to WebAssembly; its own
 * part is the embedded driver and the folder it keeps, which a quarter of the requests reaches as
 * surely as all of them. Alone (no TEST_DATABASE_URL) it gets every run.
 */
const PGLITE_SHARE_BESIDE_POSTGRES = 0.25;
const KINDS = testDatabaseKinds('both');

describe.each(KINDS)('no input answers 5xx on %s', (kind) => {
  const share = kind === 'pglite' && KINDS.includes('postgres') ? PGLITE_SHARE_BESIDE_POSTGRES : 1;
  // Throttles and stream caps would turn most repeated requests into 429s before their input is read.
  const unthrottled = { burst: 1_000_000, perSeconds: 1 };
  const t = useApiWorld(kind, ['admin', 'rep', 'guest'], {
    limits: {
      streamsPerSession: 1_000,
      streamsPerUser: 1_000,
      streamsPerProcess: 1_000,
      pullsAtOnce: 10,
      apiKey: unthrottled,
      apiKeyAddress: unthrottled,
      invite: unthrottled,
      shareEmails: { count: 1_000_000, seconds: 1 },
      smtpTest: unthrottled,
    },
  });
  const env = createFuzzEnv(t);
  beforeAll(() => prepareFuzzEnv(env));

  it('has a fuzz case for every route the server registers', () => {
    const registered = new Set(
      t.api.app.routes
        .filter((r) => !(r.method === 'ALL' && r.path.endsWith('*')))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].sort()).toEqual(Object.keys(ROUTES).sort());
    // Each case takes its schemas from its route's declaration.
    expect(Object.keys(ROUTES).filter((key) => !routeOf(key))).toEqual([]);
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
      numRuns: Math.ceil((route.runs ?? 40) * RUNS * share),
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
      numRuns: Math.ceil((name === 'record.save.v1' ? 120 : 40) * RUNS * share),
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
