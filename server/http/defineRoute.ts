/**
 * Every API route is declared once, with `defineRoute`: its method and path, its words for the
 * API document, who may call it, the shared zod schemas of its body, query and path parameters,
 * its answer, and its handler. `mountRoutes` registers the declarations on the Hono app (sign-in,
 * the legacy data service's ways, then the body, query and parameters checked through
 * `readJson`/`readQuery`/`parse`), and the OpenAPI document (openapi/document.ts) and the fuzz
 * cases read the same declarations (the registry, apiRoutes.ts).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Actor } from '#src/domain/permissions.ts';
import type { LegacyFailureText } from '#src/domain/schemas/legacyData.ts';
import type { Caller } from '../services/actors.ts';
import type { ServiceContext } from '../services/context.ts';
import { type AuthVariables, type CallerCache, requireCaller } from './callerAuth.ts';
import { legacyFailure, requireBody } from './legacyAnswers.ts';
import { legacyAuthToken } from './legacyAuth.ts';
import type { TagName } from './openapi/tags.ts';
import { ok } from './respond.ts';
import { parse, readJson, readQuery } from './validate.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * `public`: anyone. `session`: a session (cookie or bearer token), or an API key whose scope opens
 * the route (src/domain/apiKeys.ts); refused with 401 before anything else is read.
 * `session-answered`: documented as `session`, but the handler reads the caller itself and
 * answers a missing session its own way (token validation).
 */
export type Access = 'public' | 'session' | 'session-answered';

export type RouteEnv = { Variables: AuthVariables };
export type RouteContext = Context<RouteEnv>;

/** What every handler may use besides its request: the server's services and the app's caches. */
export interface RouteDeps {
  ctx: ServiceContext;
  cache: CallerCache;
  /** Every route the app serves (the API document is drawn from them). */
  routes: readonly RouteDefinition[];
}

/** How a request body is sent when it is not JSON (files). */
export interface RawBody {
  contentTypes: string[];
  description: string;
}

export interface RouteAnswer {
  /** The success status (default 200); a handler answering a plain object is sent with it. */
  status?: 200 | 201;
  /** What the answer holds besides `success: true`, in words. */
  description: string;
  /** …and as a schema, where a shared one describes it. */
  schema?: z.ZodType;
  /** A success answer that is not the JSON envelope (files, event streams, pages). */
  content?: { contentType: string; description: string };
  /**
   * The answer hands out a secret (a session token, an invite link's token, a key or a link shown
   * once): it is never compressed, so its length on the wire says nothing about the secret
   * (the BREACH attack guesses a secret from how well an answer compresses).
   */
  secret?: true;
}

type Checked<S> = S extends z.ZodType ? z.output<S> : undefined;
interface SignedIn {
  caller: Caller;
  actor: Actor;
  /** The credential the request was signed in with (a session token or an API key). */
  token: string;
}

/** A handler's inputs: the checked body, query and path parameters, and the caller when signed in. */
export type RouteInput<B, Q, P, A extends Access> = RouteDeps & {
  body: Checked<B>;
  query: Checked<Q>;
  params: Checked<P>;
} & (A extends 'session' ? SignedIn : unknown);

type Answer = Response | Record<string, unknown>;

export interface RouteSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  A extends Access,
> {
  method: Method;
  /** The path in Hono's form: `/api/v2/webhooks/:id`. */
  path: string;
  /** The path the document shows when it is finer than the route's (`{token}.ics` for `:id`), with its parameters. */
  docPath?: { path: string; params: z.ZodType };
  operationId: string;
  summary: string;
  description?: string;
  tag: TagName;
  access: A;
  /**
   * The legacy data service's ways: the payload's `auth_token` signs in a request without
   * credentials of its own; `failure` answers every failure with the spec's text; `requireBody`
   * refuses an empty body ('No body returned').
   */
  legacy?: { failure?: LegacyFailureText; requireBody?: boolean };
  /** Middleware of the route's own, after sign-in and before anything is parsed (limits, throttles). */
  use?: (deps: RouteDeps) => MiddlewareHandler[];
  /** A JSON body checked by `schema`, shown in the document as the component `name`. */
  body?: { name: string; schema: NonNullable<B> };
  query?: Q;
  /** Query parameters the handler reads itself, with its own rules: documented, not checked here. */
  documentedQuery?: z.ZodType;
  params?: P;
  rawBody?: RawBody;
  answer: RouteAnswer;
  /** Answers a Response as it is, or a plain object inside the `{success: true, …}` envelope. */
  handler(c: RouteContext, input: RouteInput<B, Q, P, A>): Answer | Promise<Answer>;
}

/** A declared route, whatever its schemas. */
export type RouteDefinition = RouteSpec<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  Access
>;

export function defineRoute<
  A extends Access,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<B, Q, P, A>): RouteDefinition {
  return spec as unknown as RouteDefinition;
}

/** `:id` and `:id{pattern}` in Hono's form become `{id}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');
}

/** The route's key as the fuzz cases name it: `GET /api/v2/webhooks/:id`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/** Whether a request path is one of the routes taking a raw body (whatever the method). */
export function rawBodyPathTest(routes: readonly RouteDefinition[]): (path: string) => boolean {
  const patterns = routes
    .filter((route) => route.rawBody)
    .map((route) => {
      const parts = route.path
        .split(/(:\w+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      return new RegExp(`^${parts.join('')}$`);
    });
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** The middleware in front of a route's handler, in the order they run. */
function middlewareOf(
  route: RouteDefinition,
  deps: RouteDeps,
  authed: MiddlewareHandler<RouteEnv>,
): MiddlewareHandler<RouteEnv>[] {
  const chain: MiddlewareHandler<RouteEnv>[] = [];
  if (route.legacy?.failure) chain.push(legacyFailure(route.legacy.failure));
  if (route.legacy) chain.push(legacyAuthToken);
  if (route.access === 'session') chain.push(authed);
  if (route.legacy?.requireBody) chain.push(requireBody);
  chain.push(...(route.use?.(deps) ?? []));
  return chain;
}

/** Checks the request's parameters, query and body (in that order) and runs the handler. */
export async function answerRoute(c: RouteContext, route: RouteDefinition, deps: RouteDeps) {
  const params = route.params ? parse(route.params, c.req.param()) : undefined;
  const query = route.query ? readQuery(c, route.query) : undefined;
  const body = route.body ? await readJson(c, route.body.schema) : undefined;
  const signedIn =
    route.access === 'session'
      ? { caller: c.get('caller'), actor: c.get('caller').actor, token: c.get('token') }
      : {};
  const input = { ...deps, ...signedIn, params, query, body } as RouteInput<
    z.ZodType | undefined,
    z.ZodType | undefined,
    z.ZodType | undefined,
    Access
  >;
  const result = await route.handler(c, input);
  if (result instanceof Response) return result;
  return ok(c, result, route.answer.status ?? 200, { compress: !route.answer.secret });
}

/** Registers every route on the app, each with its sign-in and checks. */
export function mountRoutes(app: Hono<RouteEnv>, deps: RouteDeps): void {
  const authed = requireCaller(deps.ctx, deps.cache);
  for (const route of deps.routes) {
    const handlers = [
      ...middlewareOf(route, deps, authed),
      (c: RouteContext) => answerRoute(c, route, deps),
    ] as unknown as [MiddlewareHandler<RouteEnv>];
    app.on(route.method.toUpperCase(), route.path, ...handlers);
  }
}
