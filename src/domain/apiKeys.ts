/**
 * API keys for the public API: their form (`hs_<prefix>_<secret>`), the scopes a key may carry,
 * and which routes each scope opens. A key reaches nothing else: every other route is refused.
 */
import { z } from 'zod';
import { boundedText, isoDateTime } from './schemas/common.ts';

export const API_KEY_SCOPES = ['leads:read', 'leads:write', 'users:read', 'notifications:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** `hs_` + 12 characters of prefix (looked up) + `_` + 43 characters of secret (32 random bytes). */
export const API_KEY_FORMAT = /^hs_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

export function isApiKey(token: string): boolean {
  return API_KEY_FORMAT.test(token);
}

/** "METHOD /path" of each route a scope opens (paths as requested, no trailing slash). */
const SCOPE_ROUTES: Record<ApiKeyScope, readonly string[]> = {
  'leads:read': ['GET /api/v2/leads/get'],
  'leads:write': ['POST /api/v2/leads/add', 'POST /api/v2/leads/edit'],
  'users:read': ['GET /api/v2/users/get', 'GET /api/users/meta'],
  'notifications:read': ['GET /api/v2/notifications/get'],
};

/** The scope a request needs, or undefined when no key may make it. */
export function scopeForRoute(method: string, path: string): ApiKeyScope | undefined {
  const route = `${method.toUpperCase()} ${path.replace(/\/+$/, '')}`;
  return API_KEY_SCOPES.find((scope) => SCOPE_ROUTES[scope].includes(route));
}

export const apiKeyAddSchema = z
  .object({
    name: boundedText(80)
      .transform((v) => v.trim())
      .pipe(z.string().min(1, { message: 'is required' })),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { message: `must be one of: ${API_KEY_SCOPES.join(', ')}` }))
      .min(1, { message: 'needs at least one scope' })
      .max(API_KEY_SCOPES.length * 2, { message: 'lists too many scopes' })
      .transform((list) => [...new Set(list)].sort()),
    expires_at: isoDateTime().nullable().optional(),
  })
  .strict();
export type ApiKeyAddInput = z.infer<typeof apiKeyAddSchema>;

/** A key as listed: never its secret or hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof apiKeySchema>;

/** A new key: the whole key, answered this once. */
export const newApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type NewApiKey = z.infer<typeof newApiKeySchema>;

export const API_KEY_INVALID = 'This API key is not valid, was revoked or has expired.';
export const apiKeyScopeMissing = (scope: string) => `This API key does not have the scope ${scope}.`;
export const API_KEY_ROUTE_REFUSED =
  'API keys cannot be used for this call. Sign in, or use one of the calls the key scopes open.';
