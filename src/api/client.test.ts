import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.ts';
import { toSnakeCase } from './snakeCase.ts';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(answers: { status: number; body?: unknown; headers?: Record<string, string> }[]) {
  const calls: Call[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers.shift() ?? { status: 200, body: { success: true } };
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: a.headers,
    });
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

describe('api client', () => {
  it('sends the session token and reference id, and snake_case bodies', async () => {
    const { calls, fetchFn } = fakeFetch([{ status: 200, body: { success: true, ok: 1 } }]);
    const api = createApiClient({ fetch: fetchFn, credentials: () => ({ token: 'tok', refId: 'ref-1' }) });
    const answer = await api.request<{ ok: number }>('/api/v2/auth/accept', {
      method: 'POST',
      body: { tosVersion: '1', nestedThing: [{ camelKey: 1 }] },
    });
    expect(answer.ok).toBe(1);
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['x-ref-id']).toBe('ref-1');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({
      tos_version: '1',
      nested_thing: [{ camel_key: 1 }],
    });
  });

  it('names the org a super admin acts in, and no org otherwise', async () => {
    const { calls, fetchFn } = fakeFetch([
      { status: 200, body: { success: true } },
      { status: 200, body: { success: true } },
    ]);
    await createApiClient({ fetch: fetchFn, credentials: () => ({ token: 'tok', orgId: 7 }) }).request('/a');
    await createApiClient({ fetch: fetchFn, credentials: () => ({ token: 'tok' }) }).request('/b');
    const first = calls[0]?.init.headers as Record<string, string>;
    expect(first['x-org-id']).toBe('7');
    expect(calls[1]?.init.headers as Record<string, string>).not.toHaveProperty('x-org-id');
  });

  it('opens a stream with the same credentials and leaves its answer, even a refusal, to the caller', async () => {
    const { calls, fetchFn } = fakeFetch([{ status: 401, body: { success: false } }]);
    const signal = new AbortController().signal;
    const res = await createApiClient({
      fetch: fetchFn,
      credentials: () => ({ token: 'tok', orgId: 7 }),
    }).open('/api/v2/events/stream', { signal });
    expect(res.status).toBe(401);
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['x-org-id']).toBe('7');
    expect(calls[0]?.init.signal).toBe(signal);
  });

  it('prefers the development key when one is configured', async () => {
    const { calls, fetchFn } = fakeFetch([{ status: 200, body: { success: true } }]);
    await createApiClient({ fetch: fetchFn, credentials: () => ({ devKey: 'dev', token: 'tok' }) }).request(
      '/api/v2/leads/get',
    );
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.authorization).toBe('dev');
  });

  it('converts form data names to snake_case', async () => {
    const { calls, fetchFn } = fakeFetch([{ status: 200, body: { success: true } }]);
    const form = new FormData();
    form.append('fileName', 'a.png');
    await createApiClient({ fetch: fetchFn }).request('/api/v2/upload', { method: 'POST', body: form });
    expect([...((calls[0]?.init.body as FormData | undefined)?.keys() ?? [])]).toEqual(['file_name']);
  });

  it('retries an idempotent request once on the spec statuses, never a POST', async () => {
    const get = fakeFetch([
      { status: 503, body: { success: false, message: 'busy' } },
      { status: 200, body: { success: true } },
    ]);
    await createApiClient({ fetch: get.fetchFn }).request('/api/v2/leads/get');
    expect(get.calls).toHaveLength(2);
    const twice = fakeFetch([
      { status: 429 },
      { status: 429, body: { success: false, message: 'slow down' }, headers: { 'retry-after': '7' } },
    ]);
    const err = await createApiClient({ fetch: twice.fetchFn })
      .request('/api/v2/leads/get')
      .catch((e) => e);
    expect(twice.calls).toHaveLength(2);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, message: 'slow down', retryAfter: 7 });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const post = fakeFetch([{ status: 503, body: { success: false, message: 'busy' } }]);
      await expect(
        createApiClient({ fetch: post.fetchFn }).request('/api/v2/x', { method, body: {} }),
      ).rejects.toMatchObject({ status: 503 });
      expect(post.calls).toHaveLength(1);
    }
  });

  it('does not retry other statuses, and raises the server message for 400–599', async () => {
    const bad = fakeFetch([
      { status: 400, body: { success: false, message: 'Invalid input — limit: must be at most 100.' } },
    ]);
    await expect(
      createApiClient({ fetch: bad.fetchFn }).request('/api/v2/leads/get', { query: { limit: 500 } }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Invalid input — limit: must be at most 100.',
    });
    expect(bad.calls).toHaveLength(1);
    expect(bad.calls[0]?.url).toBe('/api/v2/leads/get?limit=500');
  });

  it('names keys in snake_case the way the server expects', () => {
    expect(toSnakeCase('tosVersion')).toBe('tos_version');
    expect(toSnakeCase('already_snake')).toBe('already_snake');
    expect(toSnakeCase('userID')).toBe('user_id');
    expect(toSnakeCase('signedUrl')).toBe('signed_url');
  });
});
