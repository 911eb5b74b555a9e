/**
 * The server's calls to an OAuth 2 provider: swapping a code or a refresh token for tokens
 * (RFC 6749 §4.1.3, §6) and revoking a token (RFC 7009). They go through the outgoing address
 * policy (server/services/outbound), over https (plain http only to this machine, when private
 * addresses are allowed), never follow a redirect, and tell what went wrong coarsely: a standard
 * OAuth error code, never the rest of what the provider (or an address it redirects to) answered.
 */
import { OAuth2RequestError, OAuth2Tokens } from 'arctic';
import type { ServerConfig } from '#server/config.ts';
import { isLoopbackUrl } from '../outbound/addressPolicy.ts';
import { addressRefused, OutboundError, outboundFetch } from '../outbound/outboundFetch.ts';

export interface OAuthClient {
  clientId: string;
  clientSecret: string | null;
  redirectUri: string | null;
}

/** The provider answered with a status the exchange does not expect (a redirect among them). */
export class ProviderAnswerError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The provider answered ${status}.`);
    this.name = 'ProviderAnswerError';
    this.status = status;
  }
}

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** Error codes of RFC 6749 §5.2 and RFC 7009 §2.2.1: the only part of a refusal that is shown. */
const KNOWN_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'unsupported_token_type',
  'access_denied',
  'server_error',
  'temporarily_unavailable',
]);

/**
 * Whether an address may be called in its scheme: https, or plain http only to this machine when
 * private addresses are allowed (a provider run for development or tests).
 */
export function providerSchemeAllowed(config: ServerConfig, url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && config.outboundAllowPrivate && isLoopbackUrl(url);
}

/** Why a provider address cannot be saved (undefined when it can); `connects` when the server calls it. */
export async function providerAddressProblem(
  config: ServerConfig,
  value: string,
  connects: boolean,
): Promise<string | undefined> {
  const url = new URL(value);
  if (!providerSchemeAllowed(config, url))
    return 'must start with https:// (plain http:// only for a provider on this machine, where allowed)';
  if (connects && (await addressRefused(config, url))) return 'must be a public web address';
  return undefined;
}

const jsonObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

async function post(config: ServerConfig, endpoint: string, client: OAuthClient, form: URLSearchParams) {
  const url = new URL(endpoint);
  if (!providerSchemeAllowed(config, url))
    throw new OutboundError('address', 'Provider addresses must use https.');
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    'user-agent': 'HomeServiceCRM',
  };
  if (client.clientSecret !== null) {
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
  } else form.set('client_id', client.clientId);
  const answer = await outboundFetch(config, endpoint, {
    method: 'POST',
    headers,
    body: form.toString(),
    timeoutMs: TIMEOUT_MS,
    maxBody: MAX_ANSWER_BYTES,
  });
  if (answer.status === 400 || answer.status === 401) {
    const error = jsonObject(answer.body)?.error;
    if (typeof error === 'string') throw new OAuth2RequestError(error, null, null, null);
  }
  return answer;
}

async function tokens(config: ServerConfig, endpoint: string, client: OAuthClient, form: URLSearchParams) {
  const answer = await post(config, endpoint, client, form);
  const data = answer.status === 200 ? jsonObject(answer.body) : undefined;
  if (!data) throw new ProviderAnswerError(answer.status);
  return new OAuth2Tokens(data);
}

/** Swaps an authorization code (with its PKCE verifier) for tokens. */
export function exchangeCode(
  config: ServerConfig,
  endpoint: string,
  client: OAuthClient,
  code: string,
  verifier: string,
): Promise<OAuth2Tokens> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier });
  if (client.redirectUri !== null) form.set('redirect_uri', client.redirectUri);
  return tokens(config, endpoint, client, form);
}

/** Renews tokens with a refresh token. */
export function refreshTokens(
  config: ServerConfig,
  endpoint: string,
  client: OAuthClient,
  refreshToken: string,
): Promise<OAuth2Tokens> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken });
  return tokens(config, endpoint, client, form);
}

/** Revokes a token at the provider. */
export async function revokeToken(
  config: ServerConfig,
  endpoint: string,
  client: OAuthClient,
  token: string,
): Promise<void> {
  const answer = await post(config, endpoint, client, new URLSearchParams({ token }));
  if (answer.status !== 200) throw new ProviderAnswerError(answer.status);
}

/** What went wrong talking to a provider, in words a person can act on (never a token, never its answer). */
export function providerProblem(err: unknown, provider: string): string {
  if (err instanceof OAuth2RequestError)
    return KNOWN_ERRORS.has(err.code)
      ? `${provider} refused: ${err.code}.`
      : `${provider} refused the request.`;
  if (err instanceof OutboundError)
    return err.kind === 'address'
      ? `${provider}'s address is not allowed: it must be a public https address.`
      : `${provider} could not be reached. Try again later.`;
  if (err instanceof ProviderAnswerError && err.status >= 300 && err.status < 400)
    return `${provider} answered with a redirect, which is not followed.`;
  if (err instanceof ProviderAnswerError) return `${provider} answered unexpectedly (${err.status}).`;
  return `${provider} answered unexpectedly.`;
}

/** Unreachable or slow, not refused: worth trying again later as it is. */
export function transientProblem(err: unknown): boolean {
  return err instanceof OutboundError && err.kind !== 'address';
}
