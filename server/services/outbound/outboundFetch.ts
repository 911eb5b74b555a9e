/**
 * The server's own outgoing HTTP calls (webhook deliveries, OAuth token and revoke calls), held to
 * the address policy (addressPolicy.ts) twice: when an address is saved (`addressRefused`) and in
 * the connection itself. Calls go through an undici Agent whose name lookup resolves the host and
 * refuses to connect when any address it resolves to is not allowed, so a name that changes its
 * answer between the check and the call (DNS rebinding) is still refused; address literals, which
 * are never looked up, are judged before connecting. Redirects are never followed, and what went
 * wrong is told coarsely (`OutboundError.kind`), never with what the far end answered.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent, fetch } from 'undici';
import type { ServerConfig } from '#server/config.ts';
import { classAllowed, classifyAddress, isLocalhostName, literalHostClass } from './addressPolicy.ts';

/** Every address a host name resolves to. */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

/** Coarse reasons an outgoing call failed: the address is refused, it took too long, or it failed. */
export type OutboundFailure = 'address' | 'timeout' | 'connection';

export class OutboundError extends Error {
  readonly kind: OutboundFailure;
  constructor(kind: OutboundFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'OutboundError';
    this.kind = kind;
  }
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** How long a save waits for a name to resolve before accepting it unchecked (connect time checks). */
const SAVE_LOOKUP_MS = 3000;

interface Outbound {
  allowPrivate: boolean;
  resolve: Resolver;
  agent: Agent;
}

const outbounds = new WeakMap<ServerConfig, Outbound>();

const addressAllowed = (address: string, allowPrivate: boolean) => {
  const cls = classifyAddress(address);
  return cls !== undefined && classAllowed(cls, allowPrivate);
};

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The addresses to connect to for `hostname`, or why not (the policy refuses one, or none fits). */
async function checkedAddresses(
  hostname: string,
  family: number | undefined,
  allowPrivate: boolean,
  resolve: Resolver,
): Promise<LookupAddress[]> {
  const refused = new OutboundError('address', `${hostname} resolves to an address that is not allowed.`);
  if (isLocalhostName(hostname) && !classAllowed('loopback', allowPrivate)) throw refused;
  const found = await resolve(hostname);
  if (found.some((a) => !addressAllowed(a.address, allowPrivate))) throw refused;
  const list = family === 4 || family === 6 ? found.filter((a) => a.family === family) : found;
  if (!list.length) throw new OutboundError('connection', `${hostname} has no address.`);
  return list;
}

/** A `net.connect` lookup that resolves through `resolve` and refuses addresses the policy refuses. */
function guardedLookup(allowPrivate: boolean, resolve: Resolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    checkedAddresses(hostname, family, allowPrivate, resolve).then(
      (list) => {
        const first = list[0] as LookupAddress;
        if (options.all) callback(null, list);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

function build(allowPrivate: boolean, resolve: Resolver): Outbound {
  const agent = new Agent({
    connect: { lookup: guardedLookup(allowPrivate, resolve), timeout: 5000 },
    keepAliveTimeout: 4000,
  });
  return { allowPrivate, resolve, agent };
}

function outboundOf(config: ServerConfig): Outbound {
  let found = outbounds.get(config);
  if (!found) {
    found = build(config.outboundAllowPrivate, systemResolver);
    outbounds.set(config, found);
  }
  return found;
}

/** Resolves host names with `resolve` for calls made with these settings (tests: a chosen answer). */
export function useResolver(config: ServerConfig, resolve: Resolver): void {
  const previous = outbounds.get(config);
  outbounds.set(config, build(config.outboundAllowPrivate, resolve));
  void previous?.agent.close();
}

/**
 * Whether the policy refuses the address at `target` now: an address literal by its range, a name
 * by every address it resolves to. A name that does not resolve (yet) is accepted: the connection
 * checks it again each time.
 */
export async function addressRefused(config: ServerConfig, target: URL): Promise<boolean> {
  const { allowPrivate, resolve } = outboundOf(config);
  const literal = literalHostClass(target);
  if (literal) return !classAllowed(literal, allowPrivate);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<LookupAddress[]>((done) => {
    timer = setTimeout(() => done([]), SAVE_LOOKUP_MS);
  });
  try {
    const found = await Promise.race([resolve(target.hostname), late]);
    return found.some((a) => !addressAllowed(a.address, allowPrivate));
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The addresses the server may connect to for `host` (a name, or an address literal such as
 * `192.0.2.1` or `[2001:db8::1]`), for connections made outside HTTP (the mail server): a literal
 * by its range, a name by every address it resolves to now. The caller connects to one of these
 * addresses, never to the name again, so what was checked is what is reached. Throws an
 * {@link OutboundError}: 'address' when the policy refuses one, 'connection' when the name has none.
 */
export async function allowedAddresses(config: ServerConfig, host: string): Promise<LookupAddress[]> {
  const { allowPrivate, resolve } = outboundOf(config);
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const literal = classifyAddress(bare);
  if (literal !== undefined) {
    if (!classAllowed(literal, allowPrivate))
      throw new OutboundError('address', `${host} is not an allowed address.`);
    return [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  }
  try {
    return await checkedAddresses(host.replace(/\.$/, ''), undefined, allowPrivate, resolve);
  } catch (err) {
    if (err instanceof OutboundError) throw err;
    throw new OutboundError('connection', `${host} could not be resolved.`, { cause: err });
  }
}

/** The coarse reason behind an error from a call (its causes and aggregated errors looked through). */
function failureOf(err: unknown): OutboundError {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  let timeout = false;
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof OutboundError && e.kind === 'address') return e;
    const { name, code } = e as { name?: string; code?: string };
    if (name === 'TimeoutError' || (code && /TIMEOUT/.test(code))) timeout = true;
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
  return timeout
    ? new OutboundError('timeout', 'The call took too long.')
    : new OutboundError('connection', 'The call failed.');
}

export interface OutboundRequest {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  /** The whole call, answer included, must finish within this. */
  timeoutMs: number;
  /** Read at most this many bytes of the answer; 0 (the default) reads none. */
  maxBody?: number;
}

export interface OutboundAnswer {
  status: number;
  /** The answer's start (up to `maxBody` bytes), as text. */
  body: string;
}

/**
 * One outgoing call under the address policy. Redirects come back as they are (3xx), never
 * followed. Throws an {@link OutboundError} when the address is refused, the call times out or
 * fails.
 */
export async function outboundFetch(
  config: ServerConfig,
  target: string,
  request: OutboundRequest,
): Promise<OutboundAnswer> {
  const { allowPrivate, agent } = outboundOf(config);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError('address', 'Not a web address.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OutboundError('address', 'Not a web address.');
  const literal = literalHostClass(url);
  if (literal && !classAllowed(literal, allowPrivate))
    throw new OutboundError('address', `${url.hostname} is not an allowed address.`);
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const res = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      dispatcher: agent,
      signal,
    });
    const max = request.maxBody ?? 0;
    const chunks: Buffer[] = [];
    let size = 0;
    if (res.body && max > 0) {
      for await (const chunk of res.body) {
        const part = Buffer.from(chunk as Uint8Array);
        chunks.push(part);
        size += part.length;
        if (size >= max) break;
      }
    }
    await res.body?.cancel().catch(() => undefined);
    return { status: res.status, body: Buffer.concat(chunks).subarray(0, max).toString('utf8') };
  } catch (err) {
    throw failureOf(err);
  }
}
