/**
 * The one place that turns a refusal into an HTTP answer. Services (and this layer) throw a
 * ServiceError with a reason; the table below gives each reason its status, and the reasons that
 * mean "try again later" their Retry-After. Database failures are classified by
 * server/db/dbErrors.ts and answered through the same table.
 */
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import type { DatabaseFailure, DatabaseFailureKind } from '../db/dbErrors.ts';
import type { ServiceError, ServiceErrorReason } from '../services/serviceError.ts';

export type ErrorStatus = ClientErrorStatusCode | ServerErrorStatusCode;

/** Seconds a client should wait before retrying when an error does not say how long. */
export const DEFAULT_RETRY_SECONDS = 5;

/** Each reason's status; `retry` marks the answers that carry Retry-After. */
export const REASON_STATUS = {
  invalid: { status: 400 },
  unauthenticated: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  rate_limited: { status: 429, retry: true },
  unavailable: { status: 503, retry: true },
} as const satisfies Record<ServiceErrorReason, { status: ErrorStatus; retry?: true }>;

/** What the http layer answers for an error: `{ success: false, message }` with this status. */
export interface ErrorAnswer {
  status: ErrorStatus;
  message: string;
  /** Sent as Retry-After (whole seconds), only for reasons that ask for a retry. */
  retryAfterSeconds?: number;
}

export function answerForReason(
  reason: ServiceErrorReason,
  message: string,
  retryAfterSeconds?: number,
): ErrorAnswer {
  const row: { status: ErrorStatus; retry?: true } = REASON_STATUS[reason];
  if (!row.retry) return { status: row.status, message };
  const seconds =
    retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
      ? Math.ceil(retryAfterSeconds)
      : DEFAULT_RETRY_SECONDS;
  return { status: row.status, message, retryAfterSeconds: seconds };
}

export function answerForServiceError(err: ServiceError): ErrorAnswer {
  return answerForReason(err.reason, err.message, err.retryAfterSeconds);
}

/** The reason a classified database failure answers with; 'other' is the server's own fault. */
const DATABASE_REASON: Record<Exclude<DatabaseFailureKind, 'other'>, ServiceErrorReason> = {
  input: 'invalid',
  conflict: 'conflict',
  unavailable: 'unavailable',
};

/** The answer for a database failure, or undefined when it is the server's own fault (a 500). */
export function answerForDatabaseFailure(failure: DatabaseFailure): ErrorAnswer | undefined {
  if (failure.kind === 'other') return undefined;
  return answerForReason(DATABASE_REASON[failure.kind], failure.message);
}
