/**
 * A route's fuzz case takes the body and query schemas the route catalogue names (the ones the
 * route itself reads with) unless the case names its own, so the two lists cannot drift apart.
 */
import { BODY_SCHEMAS, OPERATIONS, type Operation } from '../../../server/http/openapi/catalogue.ts';
import type { RouteFuzz } from './fuzzCase.ts';
import { shapeKeys } from './schemaPaths.ts';

/** The catalogue's operation served by a route given as `METHOD /path/:param`. */
export function operationOf(key: string): Operation | undefined {
  const [method = '', path = ''] = key.split(' ');
  const openApiPath = path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');
  return OPERATIONS.find((op) => op.method === method.toLowerCase() && (op.route ?? op.path) === openApiPath);
}

/** Each case with the catalogue's schemas filled in where it names none. */
export function withCatalogueSchemas(cases: Record<string, RouteFuzz>): Record<string, RouteFuzz> {
  return Object.fromEntries(
    Object.entries(cases).map(([key, route]) => {
      const op = operationOf(key);
      const body = op?.body ? BODY_SCHEMAS[op.body] : undefined;
      const query = op?.query;
      const filled: RouteFuzz = {
        ...route,
        bodies: route.bodies?.map((b) => ({ ...b, schema: b.schema ?? body })),
        query: route.query && {
          ...route.query,
          schema: route.query.schema ?? query,
          keys: route.query.keys ?? (query ? shapeKeys(query) : ['x']),
        },
      };
      return [key, filled];
    }),
  );
}
