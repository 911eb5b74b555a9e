/**
 * What a service says when it refuses a request: a reason and a message a person can act on.
 * Services know nothing of HTTP; only the http layer (server/http/errors.ts) turns a reason into a
 * status. Messages are shown to people as they are, so they stay plain and precise.
 */

export type ServiceErrorReason =
  /** The input is wrong in a way the caller can fix. */
  | 'invalid'
  /** No one is signed in, or the credentials are wrong. */
  | 'unauthenticated'
  /** The caller is known but may not do this. */
  | 'forbidden'
  /** The thing does not exist, or the caller may not know that it does. */
  | 'not_found'
  /** The request clashes with the current state (a duplicate, an outdated version). */
  | 'conflict'
  /** The input is larger than allowed. */
  | 'too_large'
  /** The input is of a kind that is not accepted. */
  | 'unsupported_media_type'
  /** Too many attempts: try again after `retryAfterSeconds`. */
  | 'rate_limited'
  /** Not possible right now (the database is unavailable): try again after `retryAfterSeconds`. */
  | 'unavailable';

export const SERVICE_ERROR_REASONS = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
] as const satisfies readonly ServiceErrorReason[];

/** Reasons that say "try again later" rather than "this will never work". */
const TRANSIENT_REASONS: ReadonlySet<ServiceErrorReason> = new Set(['rate_limited', 'unavailable']);

export class ServiceError extends Error {
  readonly reason: ServiceErrorReason;
  /** For transient reasons: how long the caller should wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(reason: ServiceErrorReason, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ServiceError';
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** True when trying again later may succeed (rate limited, unavailable). */
  get transient(): boolean {
    return TRANSIENT_REASONS.has(this.reason);
  }
}

export const invalid = (message: string) => new ServiceError('invalid', message);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new ServiceError('unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new ServiceError('forbidden', message);
export const notFound = (message: string) => new ServiceError('not_found', message);
export const conflict = (message: string) => new ServiceError('conflict', message);
export const tooLarge = (message: string) => new ServiceError('too_large', message);
export const unsupportedMediaType = (message: string) => new ServiceError('unsupported_media_type', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new ServiceError('rate_limited', message, retryAfterSeconds);
export const unavailable = (message: string, retryAfterSeconds: number) =>
  new ServiceError('unavailable', message, retryAfterSeconds);
