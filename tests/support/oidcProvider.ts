/**
 * A local OpenID Connect provider for tests (node:http on 127.0.0.1, a random or given port):
 * a discovery document, its signing key (JWKS, RS256, made at start), `/authorize` that approves
 * at once as `identity` (redirects back with a one-time code and the state, or with
 * `error=access_denied` when `deny` is set), and `/token` that checks the client's credentials,
 * the redirect address and the PKCE S256 verifier, refuses a code used twice, and issues an ID
 * token signed with `jose` carrying the nonce and the identity's email claims.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { formOf, json, s256 } from './providerHttp.ts';

export interface OidcIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at `/authorize` is. */
  identity: OidcIdentity;
  /** When true, `/authorize` answers `error=access_denied`. */
  deny: boolean;
  /** Every token request, with how it was answered. */
  readonly tokenRequests: { code: string; status: number }[];
  close(): Promise<void>;
}

interface PendingCode {
  challenge: string;
  redirectUri: string;
  nonce: string | undefined;
  identity: OidcIdentity;
}

export async function startOidcProvider(port = 0): Promise<LocalOidcProvider> {
  const clientId = `crm-${randomBytes(6).toString('hex')}`;
  const clientSecret = randomBytes(18).toString('base64url');
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomBytes(6).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const used = new Set<string>();

  const clientOk = (req: IncomingMessage, form: URLSearchParams) => {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      return id === clientId && secret === clientSecret;
    }
    return form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', provider.issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== clientId || !redirectUri) {
        return json(res, 400, { error: 'invalid_request' });
      }
      const back = new URL(redirectUri);
      if (q.get('state')) back.searchParams.set('state', q.get('state') ?? '');
      if (provider.deny) {
        back.searchParams.set('error', 'access_denied');
      } else {
        if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
          return json(res, 400, { error: 'invalid_request' });
        }
        const code = randomBytes(18).toString('base64url');
        codes.set(code, {
          challenge: q.get('code_challenge') ?? '',
          redirectUri,
          nonce: q.get('nonce') ?? undefined,
          identity: { ...provider.identity },
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = await formOf(req);
      const code = form.get('code') ?? '';
      const answer = (status: number, body: unknown) => {
        provider.tokenRequests.push({ code, status });
        return json(res, status, body);
      };
      if (!clientOk(req, form)) return answer(401, { error: 'invalid_client' });
      const pending = codes.get(code);
      codes.delete(code);
      if (!pending || used.has(code)) return answer(400, { error: 'invalid_grant' });
      used.add(code);
      if (form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== pending.redirectUri)
        return answer(400, { error: 'invalid_grant' });
      if (s256(form.get('code_verifier') ?? '') !== pending.challenge)
        return answer(400, { error: 'invalid_grant', error_description: 'PKCE verifier mismatch' });
      const { identity } = pending;
      const idToken = await new SignJWT({
        ...(identity.email !== undefined ? { email: identity.email } : {}),
        ...(identity.email_verified !== undefined ? { email_verified: identity.email_verified } : {}),
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(provider.issuer)
        .setAudience(clientId)
        .setSubject(identity.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return answer(200, {
        access_token: randomBytes(18).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    json(res, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  const provider: LocalOidcProvider = {
    issuer: `http://127.0.0.1:${bound}`,
    clientId,
    clientSecret,
    identity: { sub: 'nobody' },
    deny: false,
    tokenRequests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}
