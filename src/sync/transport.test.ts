import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiError } from '../api/client.ts';
import { httpTransport } from './transport.ts';

const failingWith = (err: unknown): ApiClient => ({
  request: () => Promise.reject(err),
  open: () => Promise.reject(err),
});

describe('the sync transport', () => {
  it.each([
    { err: new ApiError(401, 'Sign in again.'), status: 401, message: 'Sign in again.', offline: false },
    { err: new ApiError(429, 'Slow down.', 7), status: 429, message: 'Slow down.', offline: false },
    {
      err: new TypeError('Failed to fetch'),
      status: 0,
      message: 'The server could not be reached.',
      offline: true,
    },
    {
      err: new DOMException('aborted', 'AbortError'),
      status: 0,
      message: 'The server could not be reached.',
      offline: true,
    },
  ])(
    'fails a call with $err.name as an ApiError of status $status',
    async ({ err, status, message, offline }) => {
      const transport = httpTransport(failingWith(err));
      for (const call of [
        () => transport.push({ client_id: 'c', schema_version: 1, mutations: [] }),
        () => transport.pull({ cursor: 0, limit: 10, client_id: 'c' }),
        () => transport.pushLogs({} as never),
        () => transport.uploadMedia('m', new Blob(['x']), false),
      ]) {
        const failure = await call().catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure).toMatchObject({ status, message, offline });
      }
    },
  );

  it('keeps the server’s wait', async () => {
    const failure = await httpTransport(failingWith(new ApiError(503, 'Busy.', 30)))
      .pull({ cursor: 0, limit: 10, client_id: 'c' })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ retryAfter: 30 });
  });
});
