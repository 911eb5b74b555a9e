/**
 * The one HTTP client of the app (SPEC section 7). Invariants: every call carries the authorization
 * header (the development key when configured, else the session token) and the reference-id
 * header; bodies go out in snake_case; statuses 400–599 raise an ApiError; only idempotent requests
 * are retried, once, on the spec's statuses. Screens never call it: the sync engine and the auth
 * commands do.
 */
import { snakeCaseFormData, snakeCaseKeys } from './snakeCase.ts';

/**
 * The one error a call to the app's server ends in: the HTTP status with the server's own words
 * (the envelope's `message`), or status 0 when the server was not reached (no network, a dropped
 * connection).
 */
export class ApiError extends Error {
  readonly status: number;
  /** Seconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfter = retryAfter;
  }

  /** The server was not reached, so nothing it would say is known. */
  get offline(): boolean {
    return this.status === 0;
  }

  /** A call that never reached the server. */
  static unreachable(message = 'The server could not be reached.'): ApiError {
    return new ApiError(0, message);
  }
}

/** Statuses on which an idempotent request is retried once. */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Retry once on the spec's statuses; only ever honoured for idempotent methods. */
  retry?: boolean;
  signal?: AbortSignal;
}

export interface ClientCredentials {
  devKey?: string | undefined;
  token?: string | undefined;
  refId?: string | undefined;
  /** The org a super admin acts in, when not their own. */
  orgId?: number | undefined;
}

export interface ApiClientOptions {
  /** Where `/api/` paths go; empty for the app's own origin (a local-server setting overrides it). */
  baseUrl?: string;
  credentials?: () => ClientCredentials;
  fetch?: typeof fetch;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The answer as it comes, with the same credentials: for a body read as it arrives (a stream). */
  open(path: string, options?: Pick<RequestOptions, 'query' | 'signal'>): Promise<Response>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const base = (options.baseUrl ?? '').replace(/\/$/, '');

  async function once(path: string, req: RequestOptions): Promise<Response> {
    const url = new URL(base + path, base ? undefined : (globalThis.location?.origin ?? 'http://localhost'));
    for (const [k, v] of Object.entries(req.query ?? {}))
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const creds = options.credentials?.() ?? {};
    const headers: Record<string, string> = { accept: 'application/json' };
    const authorization = creds.devKey ?? (creds.token ? `Bearer ${creds.token}` : undefined);
    if (authorization) headers.authorization = authorization;
    if (creds.refId) headers['x-ref-id'] = creds.refId;
    if (creds.orgId !== undefined) headers['x-org-id'] = String(creds.orgId);
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) body = snakeCaseFormData(req.body);
    else if (req.body instanceof Blob) {
      // Raw bytes (a file upload) go as they are, typed by the file.
      headers['content-type'] = req.body.type || 'application/octet-stream';
      body = req.body;
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(snakeCaseKeys(req.body));
    }
    return doFetch(base ? url.toString() : url.pathname + url.search, {
      method: req.method ?? 'GET',
      headers,
      body,
      signal: req.signal,
      credentials: 'same-origin',
      redirect: 'follow',
    });
  }

  return {
    open: (path, req = {}) => once(path, req),
    async request<T>(path: string, req: RequestOptions = {}): Promise<T> {
      const method = req.method ?? 'GET';
      let res = await once(path, req);
      if (RETRY_STATUSES.includes(res.status) && IDEMPOTENT.has(method) && req.retry !== false) {
        res = await once(path, req);
      }
      const answer = (await res.json().catch(() => undefined)) as
        | { success?: boolean; message?: string }
        | undefined;
      if (res.status >= 400) {
        const retryAfter = Number(res.headers.get('retry-after'));
        throw new ApiError(
          res.status,
          answer?.message ?? `The server answered ${res.status}.`,
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        );
      }
      if (answer === undefined) throw new ApiError(res.status, 'No body returned');
      return answer as T;
    },
  };
}
