/**
 * Integrations on the wire: OAuth 2 providers an admin sets up, a user's connections, the
 * connect/callback calls (`/api/v2/integrations/...`) and the spec's legacy `add_integration`.
 * Secrets (client secrets, tokens) come in but are never part of any answer.
 */
import { z } from 'zod';
import { boundedText, INT4_MAX, jsonObject, positiveInt4, safeString, uuidSchema } from './common.ts';

export const PROVIDER_KEY = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/;

const trimmed = (max: number) =>
  boundedText(max)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { message: 'is required' }));

/** An http(s) address the server calls or sends people to. */
export const endpointUrl = boundedText(2000).refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  },
  { message: 'must be a web address starting with https:// (or http:// for a local provider)' },
);

const scopes = z
  .array(safeString.regex(SCOPE, { message: 'must be a scope name without spaces or quotes' }))
  .max(50, { message: 'lists too many scopes (at most 50)' })
  .transform((list) => [...new Set(list)]);

const providerFields = {
  key: safeString.regex(PROVIDER_KEY, {
    message: 'must be 1 to 40 lower-case letters, digits, "-" or "_", starting with a letter or digit',
  }),
  name: trimmed(80),
  client_id: trimmed(500),
  /** Write-only: kept sealed on the server; answers only say whether one is set. */
  client_secret: boundedText(2000).optional(),
  authorize_url: endpointUrl,
  token_url: endpointUrl,
  revoke_url: endpointUrl.nullable().optional(),
  scopes: scopes.default([]),
  enabled: z.boolean({ message: 'must be true or false' }).default(true),
};

export const providerAddSchema = z.object(providerFields).strict();
export type ProviderAddInput = z.infer<typeof providerAddSchema>;

export const providerEditSchema = z
  .object({
    id: uuidSchema,
    key: providerFields.key.optional(),
    name: providerFields.name.optional(),
    client_id: providerFields.client_id.optional(),
    client_secret: boundedText(2000).nullable().optional(),
    authorize_url: endpointUrl.optional(),
    token_url: endpointUrl.optional(),
    revoke_url: endpointUrl.nullable().optional(),
    scopes: scopes.optional(),
    enabled: providerFields.enabled.optional(),
  })
  .strict();
export type ProviderEditInput = z.infer<typeof providerEditSchema>;

export const idBodySchema = z.object({ id: uuidSchema }).strict();

/** `POST /api/v2/integrations/connect`: the provider's key. */
export const connectSchema = z.object({ provider: providerFields.key }).strict();

/** `POST /api/v2/integrations/callback`: what the provider sent back to the callback page. */
export const callbackSchema = z
  .object({
    code: boundedText(4000).pipe(z.string().min(1, { message: 'is required' })),
    state: safeString.regex(/^[A-Za-z0-9_-]{20,128}$/, { message: 'is not a state this server made' }),
  })
  .strict();
export type CallbackInput = z.infer<typeof callbackSchema>;

/** A provider as admins see it (the secret only as set / not set). */
export const providerSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  authorize_url: z.string(),
  token_url: z.string(),
  revoke_url: z.string().nullable(),
  scopes: z.array(z.string()),
  enabled: z.boolean(),
});
export type Provider = z.infer<typeof providerSchema>;

/** A provider as anyone may see it, to connect to it. */
export const providerChoiceSchema = providerSchema.pick({ id: true, key: true, name: true, scopes: true });
export type ProviderChoice = z.infer<typeof providerChoiceSchema>;

/** A user's connection, without its tokens. */
export const connectionSchema = z.object({
  id: z.string(),
  provider_id: z.string().nullable(),
  provider_key: z.string().nullable(),
  name: z.string(),
  kind: z.string(),
  status: z.string(),
  scopes: z.array(z.string()),
  connected_at: z.string(),
  token_expires_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** `POST /api/v2/integrations/disconnect` answers whether the provider took the token back. */
export const disconnectAnswerSchema = z.object({ revoked: z.boolean(), revoke_error: z.string().nullable() });
export type DisconnectAnswer = z.infer<typeof disconnectAnswerSchema>;

/**
 * The spec's `POST add_integration {data, auth_token, rep_id, value}`: `data` names the kind of
 * integration (a string, or an object with `kind` and an optional `name`), `rep_id` the rep (id or
 * numeric user id), `value` what the rep is known as there (an account id). `auth_token` is the
 * legacy client's session token: it signs the request in when it carries no credentials of its own.
 */
export const addIntegrationSchema = z
  .object({
    data: z.union([
      trimmed(100),
      jsonObject.pipe(
        z.looseObject({
          kind: trimmed(100),
          name: trimmed(200).optional(),
        }),
      ),
    ]),
    auth_token: boundedText(500).optional(),
    rep_id: z.union([
      uuidSchema,
      positiveInt4,
      safeString
        .regex(/^\d{1,10}$/, { message: 'must be a user id' })
        .refine((v) => Number(v) >= 1 && Number(v) <= INT4_MAX, { message: 'must be a user id' }),
    ]),
    value: boundedText(2000),
  })
  .strict();
export type AddIntegrationInput = z.infer<typeof addIntegrationSchema>;

/** A state lives this long: long enough to sign in at the provider, short enough to be useless later. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** A token closer than this to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** The refresh job renews tokens expiring within this window. */
export const REFRESH_AHEAD_MS = 60 * 60_000;

export const STATE_UNKNOWN =
  'This connection attempt is not known or was already used. Start connecting again from Integrations.';
export const STATE_EXPIRED =
  'This connection attempt took longer than 10 minutes and expired. Start connecting again from Integrations.';
export const NEEDS_RECONNECT = 'The provider no longer accepts this connection. Connect it again.';
