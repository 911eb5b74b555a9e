import type { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  rateLimited,
  SERVICE_ERROR_REASONS,
  ServiceError,
  type ServiceErrorReason,
  tooLarge,
  unauthenticated,
  unavailable,
  unsupportedMediaType,
} from '../services/serviceError.ts';
import { createApp } from './app.ts';
import {
  answerForDatabaseFailure,
  answerForServiceError,
  DEFAULT_RETRY_SECONDS,
  REASON_STATUS,
} from './errors.ts';

/** The contract, written out: each reason's status, and whether it carries Retry-After. */
const EXPECTED: Record<ServiceErrorReason, { status: number; retry: boolean }> = {
  invalid: { status: 400, retry: false },
  unauthenticated: { status: 401, retry: false },
  forbidden: { status: 403, retry: false },
  not_found: { status: 404, retry: false },
  conflict: { status: 409, retry: false },
  too_large: { status: 413, retry: false },
  unsupported_media_type: { status: 415, retry: false },
  rate_limited: { status: 429, retry: true },
  unavailable: { status: 503, retry: true },
};

describe('reasons to statuses', () => {
  it('has one row per reason, and nothing else', () => {
    expect(Object.keys(REASON_STATUS).sort()).toEqual([...SERVICE_ERROR_REASONS].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...SERVICE_ERROR_REASONS].sort());
  });

  it.each(SERVICE_ERROR_REASONS)('answers %s with its status and the message as it is', (reason) => {
    const answer = answerForServiceError(new ServiceError(reason, `Because of ${reason}.`, 7));
    expect(answer.status).toBe(EXPECTED[reason].status);
    expect(answer.message).toBe(`Because of ${reason}.`);
    expect(answer.retryAfterSeconds).toBe(EXPECTED[reason].retry ? 7 : undefined);
  });

  it('asks for a retry after a default wait when the error names none, in whole seconds', () => {
    expect(answerForServiceError(new ServiceError('unavailable', 'Busy.'))).toEqual({
      status: 503,
      message: 'Busy.',
      retryAfterSeconds: DEFAULT_RETRY_SECONDS,
    });
    expect(answerForServiceError(rateLimited('Slow down.', 0)).retryAfterSeconds).toBe(DEFAULT_RETRY_SECONDS);
    expect(answerForServiceError(rateLimited('Slow down.', 1.2)).retryAfterSeconds).toBe(2);
  });

  it('builds each reason with its constructor', () => {
    const built: [ServiceError, ServiceErrorReason][] = [
      [invalid('a'), 'invalid'],
      [unauthenticated(), 'unauthenticated'],
      [forbidden(), 'forbidden'],
      [notFound('a'), 'not_found'],
      [conflict('a'), 'conflict'],
      [tooLarge('a'), 'too_large'],
      [unsupportedMediaType('a'), 'unsupported_media_type'],
      [rateLimited('a', 3), 'rate_limited'],
      [unavailable('a', 3), 'unavailable'],
    ];
    expect(built.map(([, reason]) => reason).sort()).toEqual([...SERVICE_ERROR_REASONS].sort());
    for (const [err, reason] of built) {
      expect(err).toBeInstanceOf(ServiceError);
      expect(err.reason).toBe(reason);
      expect(err.transient).toBe(reason === 'rate_limited' || reason === 'unavailable');
    }
    expect(unauthenticated().message).toBe('Please sign in to continue.');
    expect(forbidden().message).toBe('You do not have permission to do that.');
  });

  it('answers database failures through the same table', () => {
    const failure = (kind: 'input' | 'conflict' | 'unavailable' | 'other') => ({
      kind,
      code: undefined,
      message: `A ${kind} failure.`,
    });
    expect(answerForDatabaseFailure(failure('input'))).toEqual({ status: 400, message: 'A input failure.' });
    expect(answerForDatabaseFailure(failure('conflict'))).toEqual({
      status: 409,
      message: 'A conflict failure.',
    });
    expect(answerForDatabaseFailure(failure('unavailable'))).toEqual({
      status: 503,
      message: 'A unavailable failure.',
      retryAfterSeconds: DEFAULT_RETRY_SECONDS,
    });
    expect(answerForDatabaseFailure(failure('other'))).toBeUndefined();
  });
});

describe('the app answers errors', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The real app (its onError) with one more route that throws what it is given; no database is touched. */
  function appThrowing(err: () => unknown): Hono {
    const app = createApp({
      db: {} as Database,
      config: readConfig({ NODE_ENV: 'test', STATIC_DIR: '' }),
      now: () => new Date(),
    }) as unknown as Hono;
    app.get('/test-only/throw', () => {
      throw err();
    });
    return app;
  }

  it.each(SERVICE_ERROR_REASONS)('%s', async (reason) => {
    const res = await appThrowing(() => new ServiceError(reason, `No: ${reason}.`, 9)).request(
      '/test-only/throw',
    );
    expect(res.status).toBe(EXPECTED[reason].status);
    expect(await res.json()).toEqual({ success: false, message: `No: ${reason}.` });
    expect(res.headers.get('Retry-After')).toBe(EXPECTED[reason].retry ? '9' : null);
  });

  it('answers database failures by their cause, and anything else as 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pg = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });

    const duplicate = await appThrowing(() => pg('23505')).request('/test-only/throw');
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('Retry-After')).toBeNull();

    const input = await appThrowing(() => pg('22001')).request('/test-only/throw');
    expect(input.status).toBe(400);
    expect(await input.json()).toEqual({ success: false, message: 'A value is too long.' });

    const down = await appThrowing(() => pg('08006')).request('/test-only/throw');
    expect(down.status).toBe(503);
    expect(down.headers.get('Retry-After')).toBe(String(DEFAULT_RETRY_SECONDS));

    const bug = await appThrowing(() => new TypeError('x is undefined')).request('/test-only/throw');
    expect(bug.status).toBe(500);
    expect(((await bug.json()) as { message: string }).message).toMatch(/^Something went wrong on our side/);
    expect(log).toHaveBeenCalledTimes(2);
  });
});
