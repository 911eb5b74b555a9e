/**
 * ROUTES: the fuzz case of every route the server registers (legacy and v2), keyed "METHOD /path",
 * with the body and query schemas the route declares unless a case names its own. A case holds
 * only what the declaration cannot know: a valid request, who sends it, and how often.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { DEFAULT_WALK_RULES } from '#src/domain/doorEligibility.ts';
import { DEFAULT_PAY_PLAN } from '#src/domain/pay.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import { dealStageConfigSchema } from '#src/domain/schemas/dealStages.ts';
import { geocoderSettingSchema } from '#src/domain/schemas/geocoder.ts';
import { interfaceEditSchema } from '#src/domain/schemas/interfaces.ts';
import { leadAddSchema, leadFiltersSchema } from '#src/domain/schemas/lead.ts';
import { sendDataSchema, setFilterGlobalSchema } from '#src/domain/schemas/legacyData.ts';
import { mapImagerySettingSchema } from '#src/domain/schemas/mapImagery.ts';
import { baseMapChoiceSchema } from '#src/domain/schemas/mapTiles.ts';
import { payPlanSchema } from '#src/domain/schemas/payPlan.ts';
import { mutationSchema } from '#src/domain/schemas/sync.ts';
import { workspaceQuerySchema } from '#src/domain/schemas/userConfig.ts';
import { walkRulesSchema } from '#src/domain/schemas/walkRules.ts';
import { iso, type QuerySpec, type RouteFuzz } from './fuzzCase.ts';
import { withRouteSchemas } from './routeSchemas.ts';
import { shapeKeys } from './schemaPaths.ts';

/** A 1×1 PNG, as base64. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const thumbQuery: QuerySpec = {
  base: () => ({}),
  schema: z.object({ thumb: z.enum(['0', '1']) }),
  keys: ['thumb'],
};

/** The turf the turf cases work on, and an outline it may have. */
const FUZZ_TURF = randomUUID();
const FUZZ_SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [-112.1, 33.4],
      [-112, 33.4],
      [-112, 33.5],
      [-112.1, 33.5],
      [-112.1, 33.4],
    ],
  ],
};

const CASES: Record<string, RouteFuzz> = {
  'GET /api/health': { auth: 'none', query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'GET /api/openapi.json': { auth: 'none', query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'GET /api/docs': { auth: 'none', query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'GET /api/v2/route-rules': {
    query: {
      base: () => ({ path: '/no-such-screen' }),
    },
    runs: 30,
  },
  'POST /api/v2/auth/login': {
    auth: 'none',
    bodies: [
      {
        build: (e) => ({ email: `fuzz.${e.unique()}@test.local`, password: 'not the password' }),
      },
    ],
    // Each sign-in that reaches the password check costs a password hash (even for unknown emails).
    runs: 15,
  },
  'POST /api/v2/auth/logout': { auth: 'throwaway', bodies: [{ build: () => ({}) }], runs: 15 },
  'POST /api/v2/auth/validate': { bodies: [{ build: () => ({}) }], runs: 20 },
  'GET /api/v2/auth/options': { auth: 'none', query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'POST /api/v2/auth/accept': {
    bodies: [{ build: () => ({ tosVersion: '2026-01' }) }],
  },
  'GET /api/v2/legal/terms': { auth: 'none', query: { base: () => ({ org: '6' }), keys: ['org'] }, runs: 25 },
  'GET /api/v2/legal/documents/:slug': {
    auth: 'none',
    idParam: () => 'privacy',
    query: { base: () => ({ org: '6' }), keys: ['org'] },
    runs: 25,
  },
  'POST /api/v2/legal/terms': {
    bodies: [
      {
        build: (e) => ({
          version: `fuzz-${e.unique()}`,
          title: 'Terms',
          content: '<p>Terms <b>text</b></p>',
        }),
      },
    ],
    runs: 25,
  },
  'GET /api/v2/orgs/list': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'GET /api/v2/leads/get': {
    query: {
      base: (e) => ({ ids: e.lead, limit: '5' }),
      json: { key: 'filters', schema: leadFiltersSchema },
    },
    runs: 60,
  },
  'GET /api/v2/leads/deleted': { query: { base: () => ({ q: 'a', limit: '5' }) }, runs: 25 },
  'POST /api/v2/leads/add': {
    bodies: [
      {
        build: () => ({ name: 'Fuzz Lead', phone: '6025550100', address: '1 Main St, Phoenix, AZ 85004' }),
      },
    ],
    runs: 60,
  },
  'POST /api/v2/leads/edit': {
    bodies: [
      {
        build: (e) => ({ _id: e.lead, appointment_notes: 'Ring twice' }),
        exclude: ['deleted'],
      },
    ],
    runs: 60,
  },
  'GET /api/v2/users/get': {
    query: {
      base: () => ({ q: 'a', limit: '5' }),
    },
  },
  'POST /api/v2/users/add': {
    bodies: [
      {
        build: (e) => ({ name: 'Fuzz User', email: `fuzz.user.${e.unique()}@test.local` }),
      },
    ],
    users: ['admin', 'admin', 'admin', 'guest'],
  },
  'POST /api/v2/users/edit': {
    bodies: [{ build: (e) => ({ id: e.victim, name: 'Victor Victim' }) }],
    users: ['admin', 'admin', 'admin', 'guest'],
    runs: 50,
  },
  'GET /api/v2/users/activity': {
    query: {
      base: (e) => ({ _id: e.victim }),
    },
  },
  'GET /api/v2/users/last-active': { query: { base: () => ({}), keys: ['x'] }, runs: 20 },
  'POST /api/v2/users/pfp': {
    bodies: [{ build: (e) => ({ _id: e.victim, media_id: e.media }) }],
    users: ['admin', 'admin', 'rep', 'guest'],
  },
  'POST /api/v2/auth/invite': {
    auth: 'none',
    bodies: [
      {
        build: () => ({ token: 'not-a-real-invite-token', password: 'long enough pw' }),
      },
    ],
    runs: 40,
  },
  'GET /api/users/meta': {
    query: {
      base: (e) => ({ ids: `${e.w.world.users.admin.id},1000` }),
    },
  },
  'POST /api/ls_leads_get_dash_cards': {
    bodies: [{ build: () => ({ card_ids: [randomUUID(), randomUUID()] }) }],
  },
  'GET /api/get_card': {
    query: {
      base: () => ({ card_id: randomUUID() }),
    },
  },
  'GET /api/v2/notifications/get': {
    query: {
      base: () => ({ page: '1', limit: '10' }),
    },
  },
  'POST /api/v2/notifications/read': {
    bodies: [{ build: () => ({ ids: [1, 2] }) }],
  },
  'GET /api/v2/interfaces/get': {
    query: {
      base: () => ({ key: 'deal_stage' }),
    },
  },
  'POST /api/v2/interfaces/edit': {
    bodies: [
      {
        build: () => ({ key: 'fuzz_config', type: 'config', data: { a: [1, 'b'] } }),
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
      },
    ],
    runs: 60,
  },
  'GET /api/v2/roles/get': { query: { base: () => ({}), keys: ['x'] }, runs: 15 },
  'POST /api/v2/roles/add': {
    bodies: [
      {
        build: (e) => ({ name: `Fuzz role ${e.unique()}`, permissions: ['teams.manage'] }),
      },
    ],
    users: ['admin', 'admin', 'admin', 'rep'],
    runs: 40,
  },
  'POST /api/v2/roles/edit': {
    bodies: [{ build: (e) => ({ id: 100, name: `Fuzz edit ${e.unique()}` }) }],
    users: ['admin', 'admin', 'admin', 'guest'],
    runs: 40,
  },
  'POST /api/v2/roles/delete': {
    bodies: [{ build: () => ({ id: 101 }) }],
    users: ['admin', 'admin', 'rep'],
    runs: 25,
  },
  // One turf the cases cut, change and delete in turn (region A has no outline: any shape fits).
  'POST /api/v2/turfs/cut': {
    bodies: [
      {
        build: (e) => ({
          region_id: e.w.world.regions.a,
          turfs: [
            {
              id: FUZZ_TURF,
              name: `Fuzz turf ${e.unique()}`,
              user_id: e.w.world.users.rep.id,
              geometry: FUZZ_SQUARE,
            },
          ],
        }),
      },
    ],
    users: ['admin', 'admin', 'rep', 'guest'],
    runs: 40,
  },
  'POST /api/v2/turfs/edit': {
    bodies: [{ build: (e) => ({ id: FUZZ_TURF, name: `Fuzz edit ${e.unique()}`, geometry: FUZZ_SQUARE }) }],
    users: ['admin', 'admin', 'rep', 'guest'],
    runs: 30,
  },
  'POST /api/v2/turfs/delete': {
    bodies: [{ build: () => ({ id: FUZZ_TURF }) }],
    users: ['admin', 'rep', 'guest'],
    runs: 20,
  },
  'GET /api/v2/paths/get': {
    query: {
      base: (e) => ({ date: '2026-01-15', tz_offset: '0', user_ids: e.w.world.users.admin.id }),
    },
  },
  'GET /api/v2/knocks/field-time': {
    query: {
      base: (e) => ({
        from: '2026-01-15T00:00:00Z',
        to: '2026-01-16T00:00:00Z',
        user_ids: e.w.world.users.rep.id,
      }),
      keys: ['from', 'to', 'user_ids'],
    },
  },
  'PUT /api/v2/media/:id/content': {
    idParam: (e) => e.media,
    query: thumbQuery,
    bytes: true,
  },
  'GET /api/v2/media/:id/content': { idParam: (e) => e.media, query: thumbQuery },
  // The fuzz world's proposal ids are unknown (404): each field's hostile values are the point.
  'POST /api/v2/proposals/:id/share': {
    bodies: [{ build: () => ({ days: 7 }) }],
    idParam: () => randomUUID(),
    users: ['admin', 'rep', 'guest'],
    runs: 20,
  },
  'POST /api/v2/proposals/:id/share/email': {
    bodies: [{ build: () => ({ to: 'homeowner@example.com', language: 'es', days: 7 }) }],
    idParam: () => randomUUID(),
    users: ['admin', 'rep', 'guest'],
    runs: 20,
  },
  'GET /api/v2/proposals/:id/share/emails': {
    idParam: () => randomUUID(),
    query: { base: () => ({}), keys: ['x'] },
    users: ['admin', 'rep', 'guest'],
    runs: 15,
  },
  // Public: the token is the only key (an unknown one answers 404).
  'GET /api/v2/shared/proposals/:token': {
    auth: 'none',
    idParam: () => 'A'.repeat(43),
    query: { base: () => ({}), keys: ['x'] },
    runs: 20,
  },
  'GET /api/v2/shared/proposals/:token/pdf': {
    auth: 'none',
    idParam: () => 'A'.repeat(43),
    query: { base: () => ({}), keys: ['x'] },
    runs: 20,
  },
  'GET /api/v2/map/tiles.pmtiles': { query: { base: () => ({}), keys: ['v'] }, runs: 10 },
  'PUT /api/v2/map/tiles.pmtiles': { bytes: true, runs: 10 },
  'PUT /api/v2/map/tiles-url': {
    bodies: [{ build: () => ({ url: 'https://tiles.example.com/area.pmtiles' }) }],
    runs: 10,
  },
  'PUT /api/v2/map/base': {
    bodies: [
      {
        build: () => ({ kind: 'style', url: 'https://maps.example.com/style.json' }),
        schema: baseMapChoiceSchema.options[0],
      },
      { build: () => ({ kind: 'builtin' }), schema: baseMapChoiceSchema.options[1] },
    ],
    runs: 10,
  },
  'PUT /api/v2/map/imagery': {
    bodies: [
      { build: () => ({ kind: 'public' }), schema: mapImagerySettingSchema.options[0] },
      {
        build: () => ({
          kind: 'url',
          url: 'https://tiles.example.com/aerial/{z}/{x}/{y}.jpg',
          attribution: 'Imagery © Example',
        }),
        schema: mapImagerySettingSchema.options[1],
      },
      { build: () => ({ kind: 'off' }), schema: mapImagerySettingSchema.options[2] },
    ],
    runs: 10,
  },
  'DELETE /api/v2/map/tiles': { bodies: [{ build: () => ({}) }], runs: 10 },
  'PUT /api/v2/pay/plan': {
    bodies: [{ build: () => structuredClone(DEFAULT_PAY_PLAN), schema: payPlanSchema }],
    runs: 10,
  },
  'PUT /api/v2/map/walk-rules': {
    bodies: [{ build: () => structuredClone(DEFAULT_WALK_RULES), schema: walkRulesSchema }],
    runs: 10,
  },
  'PUT /api/v2/map/geocoder': {
    bodies: [
      { build: () => ({ kind: 'public' }), schema: geocoderSettingSchema.options[0] },
      {
        build: () => ({ kind: 'photon', url: 'https://photon.example.com' }),
        schema: geocoderSettingSchema.options[1],
      },
      {
        build: () => ({ kind: 'nominatim', url: 'https://nominatim.example.com' }),
        schema: geocoderSettingSchema.options[2],
      },
      { build: () => ({ kind: 'off' }), schema: geocoderSettingSchema.options[3] },
    ],
    runs: 10,
  },
  'GET /api/v2/events/stream': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'GET /api/v2/calendar/feed': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'POST /api/v2/calendar/feed': { bodies: [{ build: () => ({}) }], runs: 10 },
  'DELETE /api/v2/calendar/feed': { bodies: [{ build: () => ({}) }], runs: 10 },
  // The public feed: `:id` is the file name `{token}.ics` (an unknown token answers 404).
  'GET /api/calendar/:id': {
    auth: 'none',
    idParam: () => `${'A'.repeat(43)}.ics`,
    query: { base: () => ({}), keys: ['x'] },
    runs: 20,
  },
  // Integrations: providers point at addresses nobody answers; no case reaches a provider.
  'GET /api/v2/settings/email': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  // A closed port on this machine: a test email fails at once rather than waiting out a timeout.
  'PUT /api/v2/settings/email': {
    bodies: [
      {
        build: () => ({
          host: '127.0.0.1',
          port: 9,
          security: 'none',
          username: 'crm',
          password: 'secret',
          from_address: 'crm@example.com',
          from_name: 'Fuzz Solar',
        }),
      },
    ],
    runs: 15,
  },
  'DELETE /api/v2/settings/email': { runs: 5 },
  'POST /api/v2/settings/email/test': {
    bodies: [{ build: () => ({ to: 'admin@example.com', language: 'en' }) }],
    runs: 10,
  },
  'GET /api/v2/integrations/providers': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'POST /api/v2/integrations/providers/add': {
    bodies: [
      {
        build: (e) => ({
          key: `fuzz-${e.unique()}`,
          name: 'Fuzz provider',
          client_id: 'fuzz-client',
          client_secret: 'fuzz-secret',
          authorize_url: 'https://provider.invalid/authorize',
          token_url: 'https://provider.invalid/token',
          scopes: ['read'],
        }),
      },
    ],
    users: ['admin', 'admin', 'admin', 'rep'],
    runs: 40,
  },
  'POST /api/v2/integrations/providers/edit': {
    bodies: [{ build: () => ({ id: randomUUID(), name: 'Fuzz provider' }) }],
    users: ['admin', 'admin', 'rep'],
    runs: 30,
  },
  'POST /api/v2/integrations/providers/delete': {
    bodies: [{ build: () => ({ id: randomUUID() }) }],
    users: ['admin', 'admin', 'rep'],
    runs: 20,
  },
  'GET /api/v2/integrations/list': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'POST /api/v2/integrations/connect': {
    bodies: [{ build: () => ({ provider: 'no-such-provider' }) }],
    runs: 25,
  },
  'POST /api/v2/integrations/callback': {
    bodies: [{ build: () => ({ code: 'fuzz-code', state: 'A'.repeat(43) }) }],
    runs: 25,
  },
  'POST /api/v2/integrations/disconnect': {
    bodies: [{ build: () => ({ id: randomUUID() }) }],
    runs: 20,
  },
  'GET /api/v2/api-keys/list': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'POST /api/v2/api-keys/add': {
    bodies: [{ build: (e) => ({ name: `Fuzz key ${e.unique()}`, scopes: ['leads:read'] }) }],
    users: ['admin', 'admin', 'rep'],
    runs: 30,
  },
  'POST /api/v2/api-keys/revoke': {
    bodies: [{ build: () => ({ id: randomUUID() }) }],
    users: ['admin', 'admin', 'rep'],
    runs: 20,
  },
  'POST /api/v2/notion/event-sync': {
    bodies: [
      {
        build: () => ({
          fingerprints: [{ id: randomUUID(), fingerprint: 'fp-fuzz', creation_date: iso }],
          sessions: [{ id: randomUUID(), fingerprint: 'fp-fuzz', start_time: iso, end_time: iso }],
          events: [
            {
              id: randomUUID(),
              type: 'screen_view',
              ref: '/',
              table: null,
              value: { path: '/' },
              timestamp: iso,
            },
          ],
          errors: [{ id: randomUUID(), event: 'fuzz', code: 'E1', log: { message: 'x' } }],
        }),
      },
    ],
    runs: 30,
  },
  'GET /api/v2/sessions/rep': {
    query: {
      base: (e) => ({ rep_id: e.victim }),
    },
    runs: 30,
  },
  'POST /api/update_session': {
    bodies: [{ build: () => ({ _id: randomUUID(), auth_token: 'legacy' }) }],
    runs: 30,
  },
  'GET /api/get_rep_sessions': {
    query: {
      base: (e) => ({ rep_id: e.victim }),
    },
    runs: 30,
  },
  'POST /api/add_integration': {
    bodies: [
      {
        build: (e) => ({
          data: 'enerflo',
          auth_token: 'legacy',
          rep_id: e.victim,
          value: `acct-${e.unique()}`,
        }),
      },
    ],
    runs: 40,
  },
  // Automations and webhooks (admins): endpoints point at an address nobody answers, and no job runs here.
  'GET /api/fetch_automations': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  // The legacy data service: each doc_type's fields fuzzed inside doc_data.
  'POST /api/send-data': {
    bodies: [
      {
        build: () => ({ doc_type: 'contacts', doc_data: { name: 'Legacy Fuzz', phone: '6025550100' } }),
        fields: [
          ...shapeKeys(sendDataSchema).map((k) => [k]),
          ...shapeKeys(leadAddSchema).map((k) => ['doc_data', k]),
        ],
      },
      {
        build: (e) => ({ doc_type: 'teams', doc_data: { name: `Fuzz team ${e.unique()}` } }),
        fields: [
          ['doc_type'],
          ['doc_data', '_id'],
          ['doc_data', 'name'],
          ['doc_data', 'leader_id'],
          ['doc_data', 'region_id'],
        ],
      },
    ],
    runs: 60,
  },
  'POST /api/update-data': {
    bodies: [
      {
        build: (e) => ({ _id: e.lead, doc_type: 'contacts', doc_data: { utility_notes: 'x' } }),
        fields: [
          ['_id'],
          ['doc_type'],
          ['user_id'],
          ...shapeKeys(leadAddSchema)
            .filter((k) => k !== 'owner_id' && k !== 'energy_consultants' && k !== 'team_id')
            .map((k) => ['doc_data', k]),
        ],
      },
      {
        build: (e) => ({ _id: e.victim, doc_type: 'users', doc_data: { name: 'Victor Victim' } }),
        fields: [
          ['doc_data', 'name'],
          ['doc_data', 'phone'],
          ['doc_data', 'roles'],
          ['doc_data', 'teams'],
        ],
      },
    ],
    users: ['admin', 'admin', 'rep'],
    runs: 60,
  },
  'GET /api/fetch-data': {
    query: {
      base: () => ({ doc_type: 'contacts', city: 'Phoenix' }),
      keys: [
        'doc_type',
        'limit',
        'after',
        'city',
        'name',
        'new_roof',
        'owner_id',
        'created_at',
        'version',
        '_id',
        'energy_consultants',
        'id',
      ],
    },
    runs: 60,
  },
  'POST /api/add-data-bulk': {
    bodies: [
      {
        build: (e) => ({
          doc_type: 'products',
          docs: [{ name: `Fuzz panel ${e.unique()}` }, { name: 'Inverter', price: 10 }],
        }),
        fields: [['doc_type'], ['docs'], ['docs', 0, 'name'], ['docs', 1, 'price'], ['docs', 1, '_id']],
      },
    ],
    users: ['admin', 'admin', 'rep'],
    runs: 40,
  },
  'POST /api/set_filter_global': {
    bodies: [
      {
        build: () => ({
          filter_id: randomUUID(),
          is_global: false,
          filter_data: { name: 'Fuzz view', table: 'contacts' },
        }),
        fields: [
          ...shapeKeys(setFilterGlobalSchema).map((k) => [k]),
          ...['name', 'table', 'view_type', 'properties', 'headers', 'groupings', 'is_workshop'].map((k) => [
            'filter_data',
            k,
          ]),
        ],
      },
    ],
    runs: 40,
  },
  'GET /api/get_table_filters': {
    query: {
      base: () => ({ table: 'contacts' }),
    },
  },
  'POST /api/add-user': {
    bodies: [
      {
        build: (e) => ({ name: 'Legacy Fuzz User', email: `legacy.fuzz.${e.unique()}@test.local` }),
      },
    ],
    users: ['admin', 'admin', 'admin', 'guest'],
  },
  // The serverless functions as v2 calls.
  'GET /api/v2/activity/get': {
    query: {
      base: (e) => ({ ref_id: e.lead }),
    },
  },
  'POST /api/v2/activity/add': {
    bodies: [
      {
        build: (e) => ({
          type: 'call_made',
          message: 'Called them',
          lead_refs: [e.lead],
          user_refs: [e.victim],
        }),
      },
    ],
  },
  'GET /api/v2/activity/consolidated': {
    query: {
      base: (e) => ({ team_ids: e.w.world.teams.a }),
    },
  },
  'POST /api/v2/images/upload': {
    bodies: [
      {
        build: (e) => ({ image: TINY_PNG, name: 'roof.png', lead_id: e.lead }),
      },
    ],
    runs: 30,
  },
  'POST /api/v2/leads-data/log': {
    bodies: [
      {
        build: (e) => ({ lead_id: e.lead, type: 'lead_data.viewed', value: { field: 'phone' } }),
      },
    ],
  },
  'GET /api/v2/automations/runs/latest': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'GET /api/v2/automations/:id/runs': { idParam: () => randomUUID(), runs: 20 },
  'GET /api/v2/webhooks': { query: { base: () => ({}), keys: ['x'] }, runs: 10 },
  'POST /api/v2/webhooks': {
    bodies: [
      {
        build: (e) => ({
          name: `Fuzz hook ${e.unique()}`,
          url: 'https://hooks.invalid/fuzz',
          event_types: ['note.added'],
          enabled: false,
        }),
      },
    ],
    users: ['admin', 'admin', 'rep'],
    runs: 30,
  },
  'PATCH /api/v2/webhooks/:id': {
    idParam: () => randomUUID(),
    bodies: [{ build: () => ({ name: 'Renamed', enabled: false }) }],
    users: ['admin', 'admin', 'rep'],
    runs: 25,
  },
  'DELETE /api/v2/webhooks/:id': { idParam: () => randomUUID(), runs: 15 },
  'POST /api/v2/webhooks/:id/rotate': {
    idParam: () => randomUUID(),
    bodies: [{ build: () => ({}) }],
    runs: 15,
  },
  'GET /api/v2/webhooks/:id/deliveries': { idParam: () => randomUUID(), runs: 15 },
  'GET /api/v2/user-config': {
    query: {
      base: () => ({}),
    },
    runs: 20,
  },
  'POST /api/v2/user-config/add': {
    bodies: [{ build: () => ({ filters: [{ a: 1 }] }) }],
    runs: 30,
  },
  'POST /api/v2/user-config/update': {
    bodies: [
      {
        build: () => ({
          map_layouts: [
            { name: 'lead_map', layers: { pins: true }, view: { longitude: -112, latitude: 33, zoom: 10 } },
          ],
          pins: [{ id: randomUUID(), name: 'Office', longitude: -112, latitude: 33.4 }],
        }),
      },
    ],
    runs: 40,
  },
  'GET /api/v2/workspaces': {
    query: { base: () => ({}), keys: shapeKeys(workspaceQuerySchema) },
    runs: 20,
  },
  'POST /api/v2/workspaces/create': {
    bodies: [
      {
        build: (e) => ({
          workspace_key: `fuzz_${e.unique()}`,
          dash_data: { contacts: { headers: ['name'] } },
        }),
      },
    ],
    users: ['admin', 'admin', 'rep'],
    runs: 30,
  },
  'POST /api/v2/workspaces/update': {
    bodies: [
      {
        build: () => ({ workspace_key: 'fuzz_missing', table: 'contacts', table_data: { filters: [] } }),
      },
    ],
    users: ['admin', 'admin', 'rep'],
    runs: 30,
  },
};

export const ROUTES = withRouteSchemas(CASES);
