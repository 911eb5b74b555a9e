/** Server settings, read once from the environment and checked before anything starts. */
import { type RouteRule, routeRulesSchema } from '#src/domain/routeRules.ts';
import { hasControlCharacter } from '#src/domain/schemas/common.ts';
import {
  emailAddressSchema,
  SMTP_DEFAULT_PORTS,
  SMTP_SECURITY,
  type SmtpSecurity,
  smtpHostSchema,
} from '#src/domain/schemas/smtp.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';

export type ServerMode = 'development' | 'production' | 'test';

export interface ServerConfig {
  port: number;
  mode: ServerMode;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  /** SEED_CONTACTS: how many contacts the demo org is seeded with (5,000 unless set). */
  seedContacts?: number;
  /** The spec's development key: bypasses sign-in, only in development mode. */
  devKey: string | undefined;
  /** 'stable' or anything else (beta); shown as the page title's suffix. */
  channel: string;
  /** Served static app (the vite build); unset to serve the API only. */
  staticDir: string | undefined;
  /** Secure cookies when served over HTTPS. */
  secureCookies: boolean;
  /** Scheduled work (server/jobs); JOBS=off turns it off, e.g. for tests that do not need it. */
  jobs: boolean;
  /**
   * SECRETS_KEY: what stored secrets (OAuth tokens, webhook secrets) are encrypted with. Unset, a
   * random key is kept in the data folder; API instances sharing one database must share it.
   * At least 32 bytes of key material (secretsKeyBytes); the tests' fixed key only in test mode.
   */
  secretsKey: string | undefined;
  /** Third-party sign-in through OpenID Connect; set only when OIDC_CLIENT_ID is. */
  oidc: OidcConfig | undefined;
  /** ROUTE_RULES: redirects the app follows for paths it does not know (src/domain/routeRules.ts). */
  routeRules?: RouteRule[];
  /**
   * VITE_GOOGLE_MAPS_KEY is set (the app is built with it): the content security policy lets the
   * page load the Google Maps script (address suggestions, places by id).
   */
  googleMapsScript: boolean;
  /**
   * OUTBOUND_ALLOW_PRIVATE=1: webhooks and OAuth providers may be on loopback, private (RFC 1918,
   * unique-local), shared (CGNAT) addresses and plain http on this machine; unset, only public
   * addresses. Link-local (cloud metadata), unspecified and multicast addresses are refused either
   * way (server/services/outbound/addressPolicy.ts).
   */
  outboundAllowPrivate: boolean;
  /** Live stream caps and request throttles per process (server/limits.ts); tests set small ones. */
  limits: ServerLimits;
  /**
   * PLACE_LEADS=off: the server never places leads that arrive with an address and no position
   * (server/services/leadPlacement.ts) and so never calls a geocoder, e.g. on test servers and
   * air-gapped installs. Unset (or `on`), it places them through each org's address search setting.
   */
  placeLeads: boolean;
  /**
   * PLACE_LEADS_RATE: requests per second the server sends to an org's own geocoder instance when
   * placing leads (5 unless set, at most 50). The public Photon and Nominatim instances always get
   * at most one a second, as their fair-use policies ask.
   */
  placeLeadsRate: number;
  /**
   * VITE_GEOCODER_URL, when the server's environment has it as the build did: the geocoder of an
   * org that chose none (a Nominatim instance, or `off`), as on devices (src/domain/schemas/geocoder.ts).
   */
  defaultGeocoderUrl: string | undefined;
  /**
   * SMTP_HOST and the other SMTP_* settings: the mail server of every org that has not set its own
   * (Settings → Email); unset, such orgs send no email.
   */
  smtp: SmtpDefault | undefined;
  /**
   * PUBLIC_URL: the address people open the app at (an origin such as https://crm.example.com).
   * Links the server hands out to be opened later, by others or from an email (a homeowner's copy of
   * a signed proposal, a calendar feed), start with it; unset, they start with the address the
   * request came to (its Host header).
   */
  publicUrl?: string;
}

/** The server's own mail settings (the environment's SMTP_* variables). */
export interface SmtpDefault {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string;
  from_address: string;
  from_name: string;
}

export interface OidcConfig {
  /** OIDC_ISSUER: the provider's issuer address; its discovery document is read from it. */
  issuer: string;
  clientId: string;
  /** OIDC_CLIENT_SECRET: sent with HTTP basic authentication; unset for a public client (PKCE only). */
  clientSecret: string | undefined;
  /** OIDC_LABEL: the provider's name on the sign-in button ("Sign in with {label}"). */
  label: string;
  /**
   * OIDC_REDIRECT_URL: the callback address registered with the provider. Unset, it is
   * `<the address the browser used>/auth/oidc/callback`.
   */
  redirectUrl: string | undefined;
}

export class ConfigError extends Error {}

/** ROUTE_RULES: a JSON array of `{from, to, status}`; unset or empty means none. */
function readRouteRules(value: string | undefined): RouteRule[] {
  if (!value?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('ROUTE_RULES must be a JSON array of {from, to, status}.');
  }
  const rules = routeRulesSchema.safeParse(parsed);
  if (!rules.success) throw new ConfigError(`ROUTE_RULES: ${describeZodError(rules.error)}`);
  return rules.data;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const mode = parseMode(env.NODE_ENV);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got '${env.PORT}'.`);
  }
  const devKey = env.DEV_KEY?.trim() || undefined;
  if (devKey && mode === 'production') {
    throw new ConfigError(
      'DEV_KEY is set while NODE_ENV=production. The development key bypasses sign-in; unset it to start in production.',
    );
  }
  return {
    port,
    mode,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() || './data',
    seedDemo: env.SEED_DEMO !== '0',
    seedContacts: readSeedContacts(env.SEED_CONTACTS),
    devKey,
    channel: env.APP_CHANNEL?.trim() || 'stable',
    staticDir: env.STATIC_DIR === '' ? undefined : (env.STATIC_DIR ?? './dist'),
    secureCookies: env.SECURE_COOKIES === '1',
    jobs: env.JOBS?.trim().toLowerCase() !== 'off',
    secretsKey: readSecretsKey(env.SECRETS_KEY, mode),
    oidc: readOidc(env),
    routeRules: readRouteRules(env.ROUTE_RULES),
    googleMapsScript: !!env.VITE_GOOGLE_MAPS_KEY?.trim(),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE?.trim() === '1',
    limits: readLimits(env),
    placeLeads: readSwitch('PLACE_LEADS', env.PLACE_LEADS),
    placeLeadsRate: readPlaceLeadsRate(env.PLACE_LEADS_RATE),
    defaultGeocoderUrl: env.VITE_GEOCODER_URL?.trim() || undefined,
    smtp: readSmtp(env),
    publicUrl: readPublicUrl(env.PUBLIC_URL),
  };
}

/** PUBLIC_URL as an origin: http or https, no path, query or credentials. */
function readPublicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an address such as https://crm.example.com, got '${value}'.`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  )
    throw new ConfigError(`PUBLIC_URL must be an http or https origin with no path, got '${value}'.`);
  return url.origin;
}

/** Where links the server hands out start: PUBLIC_URL, else the address the request came to. */
export function linkOrigin(config: Pick<ServerConfig, 'publicUrl'>, requestUrl: string): string {
  return config.publicUrl ?? new URL(requestUrl).origin;
}

/**
 * SMTP_HOST, SMTP_PORT (by SMTP_SECURITY unless set: 25, 587 or 465), SMTP_SECURITY (`none`,
 * `starttls` (the default) or `tls`), SMTP_USER, SMTP_PASSWORD, SMTP_FROM (required with a host)
 * and SMTP_FROM_NAME.
 */
function readSmtp(env: NodeJS.ProcessEnv): SmtpDefault | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  if (!smtpHostSchema.safeParse(host).success)
    throw new ConfigError(`SMTP_HOST must be a host name such as smtp.example.com, got '${host}'.`);
  const securityText = env.SMTP_SECURITY?.trim().toLowerCase() || 'starttls';
  if (!(SMTP_SECURITY as readonly string[]).includes(securityText))
    throw new ConfigError(`SMTP_SECURITY must be 'none', 'starttls' or 'tls', got '${env.SMTP_SECURITY}'.`);
  const security = securityText as SmtpSecurity;
  const portText = env.SMTP_PORT?.trim();
  if (portText && (!/^\d{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65_535))
    throw new ConfigError(`SMTP_PORT must be a whole number from 1 to 65535, got '${portText}'.`);
  const from = env.SMTP_FROM?.trim() ?? '';
  if (!emailAddressSchema.safeParse(from).success)
    throw new ConfigError(
      `SMTP_FROM must be the address mail is sent from, such as crm@example.com, got '${from}'.`,
    );
  const fromName = env.SMTP_FROM_NAME?.trim() ?? '';
  if (fromName.length > 100 || hasControlCharacter(fromName))
    throw new ConfigError('SMTP_FROM_NAME must be one line of at most 100 characters.');
  return {
    host,
    port: portText ? Number(portText) : SMTP_DEFAULT_PORTS[security],
    security,
    username: env.SMTP_USER?.trim() ?? '',
    password: env.SMTP_PASSWORD ?? '',
    from_address: from,
    from_name: fromName,
  };
}

/** An on/off setting: unset or `on` is on, `off` is off; anything else is refused. */
function readSwitch(name: string, value: string | undefined): boolean {
  const text = value?.trim().toLowerCase();
  if (!text || text === 'on') return true;
  if (text === 'off') return false;
  throw new ConfigError(`${name} must be 'on' or 'off', got '${value}'.`);
}

/** PLACE_LEADS_RATE: requests per second to an org's own geocoder, a whole number from 1 to 50. */
function readPlaceLeadsRate(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return 5;
  if (!/^\d{1,2}$/.test(text) || Number(text) < 1 || Number(text) > 50)
    throw new ConfigError(`PLACE_LEADS_RATE must be a whole number from 1 to 50, got '${text}'.`);
  return Number(text);
}

/** SEED_CONTACTS: a whole number from 0 to 1,000,000, or unset for the demo's own count. */
function readSeedContacts(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (!/^\d{1,7}$/.test(text) || Number(text) > 1_000_000)
    throw new ConfigError(`SEED_CONTACTS must be a whole number from 0 to 1000000, got '${text}'.`);
  return Number(text);
}

/**
 * LIVE_STREAMS_PER_SESSION, LIVE_STREAMS_PER_USER, LIVE_STREAMS_MAX (per process): the caps on open
 * live update streams; SYNC_PULLS_AT_ONCE: the sync pulls a process answers at once; unset, the
 * defaults of server/limits.ts (3, 6, 2,000; 4).
 */
function readLimits(env: NodeJS.ProcessEnv): ServerLimits {
  const cap = (name: string, fallback: number): number => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    const n = Number(value);
    if (!/^\d{1,7}$/.test(value) || n < 1)
      throw new ConfigError(`${name} must be a whole number of at least 1, got '${value}'.`);
    return n;
  };
  return {
    ...DEFAULT_LIMITS,
    streamsPerSession: cap('LIVE_STREAMS_PER_SESSION', DEFAULT_LIMITS.streamsPerSession),
    streamsPerUser: cap('LIVE_STREAMS_PER_USER', DEFAULT_LIMITS.streamsPerUser),
    pullsAtOnce: cap('SYNC_PULLS_AT_ONCE', DEFAULT_LIMITS.pullsAtOnce),
    streamsPerProcess: cap('LIVE_STREAMS_MAX', DEFAULT_LIMITS.streamsPerProcess),
  };
}

/** The key test mode seals with when SECRETS_KEY is unset; refused in any other mode. */
export const TEST_SECRETS_KEY = 'home-service-crm test secrets key';
/** The least key material a secrets key holds: 256 bits. */
export const SECRETS_KEY_MIN_BYTES = 32;

const HEX = /^(?:[0-9a-f]{2})+$/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * How many bytes of key material a secrets key holds: hex (`openssl rand -hex 32`) and base64 or
 * base64url (`openssl rand -base64 32`) count what they decode to; any other text its UTF-8 bytes.
 */
export function secretsKeyBytes(value: string): number {
  if (HEX.test(value)) return value.length / 2;
  if (BASE64.test(value)) return Math.floor((value.replace(/=+$/, '').length * 3) / 4);
  return Buffer.byteLength(value, 'utf8');
}

/** Why a secrets key cannot be used, or undefined when it can. */
export function secretsKeyProblem(value: string, mode: ServerMode): string | undefined {
  if (value === TEST_SECRETS_KEY && mode !== 'test')
    return 'is the tests’ fixed key, which anyone can read; make a random one (openssl rand -base64 32).';
  const bytes = secretsKeyBytes(value);
  if (bytes < SECRETS_KEY_MIN_BYTES)
    return `holds ${bytes} bytes of key material; it needs at least ${SECRETS_KEY_MIN_BYTES} (256 bits), e.g. openssl rand -base64 32.`;
  return undefined;
}

function readSecretsKey(value: string | undefined, mode: ServerMode): string | undefined {
  const key = value?.trim();
  if (!key) return undefined;
  const problem = secretsKeyProblem(key, mode);
  if (problem) throw new ConfigError(`SECRETS_KEY ${problem}`);
  return key;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an address may be plain HTTP: only a provider on this machine (development, tests). */
export function isLocalAddress(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname);
}

function readOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) return undefined;
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer)
    throw new ConfigError('OIDC_CLIENT_ID is set without OIDC_ISSUER, the provider to sign in with.');
  checkAddress('OIDC_ISSUER', issuer);
  const redirectUrl = env.OIDC_REDIRECT_URL?.trim() || undefined;
  if (redirectUrl) checkAddress('OIDC_REDIRECT_URL', redirectUrl);
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET?.trim() || undefined,
    label: env.OIDC_LABEL?.trim().slice(0, 60) || 'single sign-on',
    redirectUrl,
  };
}

function checkAddress(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an address such as https://sign-in.example.com, got '${value}'.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalAddress(url))) {
    throw new ConfigError(`${name} must use https (plain http only for this machine), got '${value}'.`);
  }
}

function parseMode(value: string | undefined): ServerMode {
  if (value === 'development' || value === 'test') return value;
  return 'production';
}
