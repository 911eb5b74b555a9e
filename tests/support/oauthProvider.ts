/**
 * A local OAuth 2 provider for tests (node:http on 127.0.0.1, a random port): `/authorize`
 * approves at once (redirects back with a code and the state, or with `error=access_denied` when
 * the authorize address carries `deny=1`), `/token` checks the client's credentials, the
 * redirect address and the PKCE S256 verifier against the challenge and issues access and refresh
 * tokens (and renews them on the refresh grant), `/revoke` takes a token back.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formOf, json, s256 } from './providerHttp.ts';

export interface LocalOAuthProvider {
  origin: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Seconds each access token lives (change between calls to test expiry). */
  expiresIn: number;
  /** Access tokens issued and not revoked. */
  readonly liveTokens: Set<string>;
  /** Refresh tokens revoked so far. */
  readonly revoked: string[];
  /** Every grant the token endpoint answered, in order. */
  readonly grants: string[];
  /** When true, `/revoke` answers 503 (to test a failed revoke). */
  failRevoke: boolean;
  close(): Promise<void>;
}

interface PendingCode {
  challenge: string;
  redirectUri: string;
  scope: string;
}

const token = (kind: string) => `${kind}_${randomBytes(24).toString('base64url')}`;

export async function startOAuthProvider(): Promise<LocalOAuthProvider> {
  const clientId = `client-${randomBytes(6).toString('hex')}`;
  const clientSecret = randomBytes(18).toString('base64url');
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Map<string, string>();

  const clientOk = (req: IncomingMessage, form: URLSearchParams) => {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!basic) return false;
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return id === clientId && secret === clientSecret && !form.has('client_secret');
  };

  const issue = (scope: string) => {
    const access = token('at');
    const refresh = token('rt');
    provider.liveTokens.add(access);
    refreshTokens.set(refresh, scope);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: provider.expiresIn,
      scope,
    };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirect = q.get('redirect_uri');
      if (q.get('client_id') !== clientId || !redirect) return json(res, 400, { error: 'invalid_client' });
      const back = new URL(redirect);
      back.searchParams.set('state', q.get('state') ?? '');
      if (q.get('deny') === '1') {
        back.searchParams.set('error', 'access_denied');
      } else if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        back.searchParams.set('error', 'invalid_request');
      } else {
        const code = token('code');
        codes.set(code, {
          challenge: q.get('code_challenge') ?? '',
          redirectUri: redirect,
          scope: q.get('scope') ?? '',
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = await formOf(req);
      if (!clientOk(req, form)) return json(res, 401, { error: 'invalid_client' });
      const grant = form.get('grant_type') ?? '';
      provider.grants.push(grant);
      if (grant === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!pending) return json(res, 400, { error: 'invalid_grant', error_description: 'Unknown code' });
        if (pending.redirectUri !== form.get('redirect_uri'))
          return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' });
        if (s256(form.get('code_verifier') ?? '') !== pending.challenge)
          return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        return json(res, 200, issue(pending.scope));
      }
      if (grant === 'refresh_token') {
        const old = form.get('refresh_token') ?? '';
        const scope = refreshTokens.get(old);
        if (scope === undefined)
          return json(res, 400, { error: 'invalid_grant', error_description: 'Refresh token revoked' });
        refreshTokens.delete(old);
        return json(res, 200, issue(scope));
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && url.pathname === '/revoke') {
      const form = await formOf(req);
      if (!clientOk(req, form)) return json(res, 401, { error: 'invalid_client' });
      if (provider.failRevoke) return json(res, 503, { error: 'temporarily_unavailable' });
      const given = form.get('token') ?? '';
      provider.liveTokens.delete(given);
      if (refreshTokens.delete(given)) provider.revoked.push(given);
      res.writeHead(200);
      return res.end();
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: LocalOAuthProvider = {
    origin,
    clientId,
    clientSecret,
    authorizeUrl: `${origin}/authorize`,
    tokenUrl: `${origin}/token`,
    revokeUrl: `${origin}/revoke`,
    expiresIn: 3600,
    liveTokens: new Set(),
    revoked: [],
    grants: [],
    failRevoke: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}

/** Follows `/authorize` as a browser would and answers where the provider sent it back. */
export async function approveAt(authorizationUrl: string, deny = false): Promise<URL> {
  const url = new URL(authorizationUrl);
  if (deny) url.searchParams.set('deny', '1');
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`);
  return new URL(location);
}
