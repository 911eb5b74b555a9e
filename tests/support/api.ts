/** Calls the HTTP app in-process, as a device would over the network. */
import type { Hono } from 'hono';
import { readConfig, type ServerConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createApp } from '#server/http/app.ts';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & { success: boolean; message?: string };
  headers: Headers;
}

export interface TestApi {
  app: Hono;
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer>;
  login(email: string, password: string): Promise<string>;
}

/**
 * Test settings: the tests' receivers and providers listen on 127.0.0.1, so private addresses are
 * allowed; leads are never placed through a geocoder (PLACE_LEADS=off: no call to the internet)
 * unless a test turns it on against its own fake geocoder.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...readConfig({ NODE_ENV: 'test', STATIC_DIR: '', OUTBOUND_ALLOW_PRIVATE: '1', PLACE_LEADS: 'off' }),
    ...overrides,
  };
}

export function createTestApi(
  db: Database,
  config: ServerConfig = testConfig(),
  now: () => Date = () => new Date(),
): TestApi {
  const app = createApp({ db, config, now }) as unknown as Hono;
  const call: TestApi['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: ApiAnswer['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { success: false, message: `non-JSON answer: ${text.slice(0, 200)}` };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    app,
    call,
    async login(email, password) {
      const res = await call('POST', '/api/v2/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.body.message}`);
      return res.body.token as string;
    },
  };
}
