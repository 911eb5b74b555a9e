/**
 * The OpenAPI 3.1 document of the public API, drawn from the routes' own declarations
 * (defineRoute, registered in apiRoutes.ts): request bodies and query parameters are the shared zod
 * schemas the routes check with, turned into JSON Schema (draft 2020-12, the dialect OpenAPI 3.1
 * uses), answers are the `{success: true, …}` / `{success: false, message}` envelope.
 */
import { z } from 'zod';
import packageJson from '#package.json' with { type: 'json' };
import { DEFAULT_LIMITS, describeLimit } from '#server/limits.ts';
import { scopeForRoute } from '#src/domain/apiKeys.ts';
import { SESSION_COOKIE } from '../callerAuth.ts';
import { openApiPath, type RawBody, type RouteDefinition } from '../defineRoute.ts';
import { TAGS } from './tags.ts';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description?: string;
  explode?: boolean;
  schema: JsonSchema;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    parameters: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

/** One operation of the document, as a route declares it. */
interface Operation {
  method: RouteDefinition['method'];
  /** The path in OpenAPI form: `/api/v2/media/{id}/content`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string | undefined;
  tag: string;
  auth: 'session' | 'public';
  query?: z.ZodType | undefined;
  pathParams?: z.ZodType | undefined;
  /** The component name of its JSON body. */
  body?: string | undefined;
  rawBody?: RawBody | undefined;
  success: { status: 200 | 201; description: string; schema?: z.ZodType | undefined };
  successContent?: { contentType: string; description: string } | undefined;
}

/** The operation a route declares. */
function operationFor(route: RouteDefinition): Operation {
  return {
    method: route.method,
    path: route.docPath?.path ?? openApiPath(route.path),
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tag: route.tag,
    auth: route.access === 'public' ? 'public' : 'session',
    query: route.query ?? route.documentedQuery,
    pathParams: route.docPath?.params ?? route.params,
    body: route.body?.name,
    rawBody: route.rawBody,
    success: {
      status: route.answer.status ?? 200,
      description: route.answer.description,
      schema: route.answer.schema,
    },
    successContent: route.answer.content,
  };
}

/** The JSON bodies of the routes by their component name; one name is one schema. */
function bodySchemas(routes: readonly RouteDefinition[]): Map<string, z.ZodType> {
  const bodies = new Map<string, z.ZodType>();
  for (const route of routes) {
    if (!route.body?.schema) continue;
    const { name, schema } = route.body;
    const known = bodies.get(name);
    if (known && known !== schema) throw new Error(`Two request bodies are named ${name}.`);
    bodies.set(name, schema);
  }
  return bodies;
}

export const API_TITLE = 'Home Service CRM API';
const SCHEMA_REF = '#/components/schemas/';
const SESSION_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];

/** A zod schema as JSON Schema of what a client sends (the input side of transforms and defaults). */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchema;
}

/** A zod schema as JSON Schema of what the server answers (the output side). */
function answerSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchema;
}

/** An answer's object schema with the envelope's `success: true` beside its fields. */
function withSuccess(answer: JsonSchema): JsonSchema {
  const properties = (answer.properties ?? {}) as Record<string, JsonSchema>;
  const required = (answer.required ?? []) as string[];
  return {
    ...answer,
    properties: { success: { const: true }, ...properties },
    required: ['success', ...required],
  };
}

/** A component name: OpenAPI allows letters, digits, `.`, `-` and `_`. */
function componentName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * Moves a converted schema's `$defs` into `components.schemas` under `<prefix>_<name>` and points
 * its references there (`#` — the schema itself — becomes `selfRef`), so every `$ref` resolves
 * against the OpenAPI document. Answers the schema without `$schema` and `$defs`.
 */
function hoist(
  json: JsonSchema,
  prefix: string,
  selfRef: string | undefined,
  schemas: Record<string, JsonSchema>,
): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = json;
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  const rename = (key: string) => componentName(`${prefix}_${key}`);
  const fix = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fix);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        if (inner === '#' && selfRef) out[key] = selfRef;
        else if (inner.startsWith('#/$defs/')) out[key] = SCHEMA_REF + rename(inner.slice('#/$defs/'.length));
        else out[key] = inner;
      } else out[key] = fix(inner);
    }
    return out;
  };
  for (const [key, def] of Object.entries(defs)) schemas[rename(key)] = fix(def) as JsonSchema;
  return fix(rest) as JsonSchema;
}

/** Query or path parameters: one per property of the schema's object. */
function parametersOf(
  schema: z.ZodType,
  place: 'query' | 'path',
  prefix: string,
  schemas: Record<string, JsonSchema>,
): OpenApiParameter[] {
  const json = hoist(jsonSchemaOf(schema), prefix, undefined, schemas);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: place,
      required: place === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      // A list is sent comma-separated in one parameter (`ids=a,b`).
      ...(rest.type === 'array' ? { explode: false } : {}),
      schema: rest,
    };
  });
}

const envelopeJson = { content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}Failure` } } } };
const ERROR_RESPONSES: Record<string, { description: string } & typeof envelopeJson> = {
  Invalid: {
    description: 'The input is not valid; `message` names the field and what is wrong.',
    ...envelopeJson,
  },
  Unauthenticated: {
    description: 'No session, or it has expired or been revoked: sign in again.',
    ...envelopeJson,
  },
  Forbidden: {
    description: 'The caller’s roles do not allow this, or it belongs to another org.',
    ...envelopeJson,
  },
  TooLarge: { description: 'The request body is larger than the limit.', ...envelopeJson },
  UnsupportedMediaType: {
    description: 'The body is not sent as JSON (Content-Type: application/json).',
    ...envelopeJson,
  },
  Failure: {
    description:
      'Another failure: 404 not found, 409 conflict, 429 too many attempts or 503 unavailable (both with Retry-After), 500.',
    ...envelopeJson,
  },
};

function responsesOf(op: Operation, schemas: Record<string, JsonSchema>): Record<string, unknown> {
  let envelope: JsonSchema = { $ref: `${SCHEMA_REF}Success` };
  if (op.success.schema) {
    const name = componentName(`${op.operationId[0]?.toUpperCase()}${op.operationId.slice(1)}Answer`);
    schemas[name] = withSuccess(hoist(answerSchemaOf(op.success.schema), name, SCHEMA_REF + name, schemas));
    envelope = { $ref: SCHEMA_REF + name };
  }
  const success = op.successContent
    ? {
        description: `${op.success.description} ${op.successContent.description}`,
        content: { [op.successContent.contentType]: { schema: {} } },
      }
    : {
        description: op.success.description,
        content: { 'application/json': { schema: envelope } },
      };
  const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
  return {
    [String(op.success.status)]: success,
    // Input to refuse: parameters, a body, or (signed in) the x-org-id header.
    ...(op.query || op.pathParams || op.body || op.auth === 'session' ? { '400': ref('Invalid') } : {}),
    ...(op.auth === 'session' ? { '401': ref('Unauthenticated'), '403': ref('Forbidden') } : {}),
    ...(op.body || op.rawBody ? { '413': ref('TooLarge') } : {}),
    ...(op.body ? { '415': ref('UnsupportedMediaType') } : {}),
    default: ref('Failure'),
  };
}

/** Session security, plus an API key for the operations a key's scope opens (its scope named). */
function securityOf(op: Operation): Record<string, string[]>[] {
  const scope = scopeForRoute(op.method, op.path);
  return scope ? [...SESSION_SECURITY, { apiKey: [scope] }, { apiKeyBearer: [scope] }] : SESSION_SECURITY;
}

function operationOf(op: Operation, schemas: Record<string, JsonSchema>): OpenApiOperation {
  const parameters: OpenApiOperation['parameters'] = [
    ...(op.pathParams ? parametersOf(op.pathParams, 'path', `${op.operationId}Path`, schemas) : []),
    ...(op.query ? parametersOf(op.query, 'query', `${op.operationId}Query`, schemas) : []),
    ...(op.auth === 'session' ? [{ $ref: '#/components/parameters/OrgId' }] : []),
  ];
  let requestBody: OpenApiOperation['requestBody'];
  if (op.body) {
    requestBody = {
      required: true,
      content: { 'application/json': { schema: { $ref: SCHEMA_REF + op.body } } },
    };
  } else if (op.rawBody) {
    const content: Record<string, { schema: JsonSchema }> = {};
    for (const type of op.rawBody.contentTypes) content[type] = { schema: {} };
    requestBody = { required: true, description: op.rawBody.description, content };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.auth === 'session' ? securityOf(op) : [],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(op, schemas),
  };
}

export function buildOpenApiDocument(routes: readonly RouteDefinition[]): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {
    Success: {
      type: 'object',
      description: 'A successful answer: `success: true` and what the operation answers beside it.',
      properties: { success: { const: true } },
      required: ['success'],
      additionalProperties: true,
    },
    Failure: {
      type: 'object',
      description: 'A refused or failed request: a message to show as it is.',
      properties: { success: { const: false }, message: { type: 'string' } },
      required: ['success', 'message'],
      additionalProperties: true,
    },
  };
  for (const [name, schema] of bodySchemas(routes)) {
    schemas[name] = hoist(jsonSchemaOf(schema), name, SCHEMA_REF + name, schemas);
  }
  const paths: OpenApiDocument['paths'] = {};
  for (const op of routes.map(operationFor)) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, OpenApiOperation>)[op.method] = operationOf(op, schemas);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: API_TITLE,
      version: packageJson.version,
      description:
        'Every answer is JSON `{"success": true, …}`, or `{"success": false, "message": "…"}` with a 4xx/5xx status (files, event streams and pages excepted). Sign in with `POST /api/v2/auth/login`; then send the session cookie or `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...TAGS],
    paths,
    components: {
      schemas,
      responses: ERROR_RESPONSES,
      parameters: {
        OrgId: {
          name: 'x-org-id',
          in: 'header',
          required: false,
          description:
            'A super admin acting in another org names it here; anyone else may only name their own.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by sign-in.',
        },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token answered by sign-in.',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: `An org API key (\`hs_…\`, made by an admin under Settings → API keys). It acts only on the operations its scopes open (listed on each operation); any other answers 403, and a revoked, expired or unknown key 401. Requests are throttled per key (${describeLimit(DEFAULT_LIMITS.apiKey)}) and per client address (${describeLimit(DEFAULT_LIMITS.apiKeyAddress)}): past either, 429 with Retry-After.`,
        },
        apiKeyBearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The same API key sent as `Authorization: Bearer hs_…`.',
        },
      },
    },
  };
}

const built = new WeakMap<readonly RouteDefinition[], { json: string; document: OpenApiDocument }>();

/** The document of these routes and its JSON text, built on first use. */
export function openApiDocument(routes: readonly RouteDefinition[]): {
  json: string;
  document: OpenApiDocument;
} {
  let found = built.get(routes);
  if (!found) {
    const document = buildOpenApiDocument(routes);
    found = { document, json: JSON.stringify(document) };
    built.set(routes, found);
  }
  return found;
}
