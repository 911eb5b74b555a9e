/** The shape of a fuzz case: a valid body (or mutation args) with its schema, a query, a route. */
import type { z } from 'zod';
import type { UserKey } from '../apiWorld.ts';
import type { Env } from './fuzzEnv.ts';
import type { Path } from './schemaPaths.ts';

/** A valid timestamp, for the bodies of the cases. */
export const iso = '2026-01-15T10:00:00Z';

/**
 * A valid body (or mutation args) and the schema that checks it; a route's case without one takes
 * the one its route declares (routeSchemas.ts).
 */
export interface Base {
  build(env: Env): unknown;
  schema?: z.ZodType;
  /** Paths to set besides those of the built value (default: the schema's top-level fields). */
  fields?: Path[];
  /** Fields never set to a value the schema accepts (deleting the fuzz's own lead ends its reach). */
  exclude?: string[];
}

export interface QuerySpec {
  base(env: Env): Record<string, string>;
  schema?: z.ZodType;
  /** The parameters to set (default: the schema's fields). */
  keys?: string[];
  /** A parameter holding JSON (lead filters), with the schema of what it holds. */
  json?: { key: string; schema: z.ZodType };
}

export interface RouteFuzz {
  /** 'throwaway': a session of its own (sign-out revokes it). */
  auth?: 'user' | 'none' | 'throwaway';
  /** Users whose tokens the requests carry (weighted by repetition); default admin, admin, rep, guest. */
  users?: UserKey[];
  bodies?: Base[];
  query?: QuerySpec;
  /** The route has a path parameter (`:id`, `:slug`): it gets hostile values as well as a real one. */
  idParam?: (env: Env) => string;
  /** Raw bytes rather than JSON (file uploads). */
  bytes?: boolean;
  runs?: number;
}
