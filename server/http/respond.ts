/** The API envelope: `{success: true, …}` or `{success: false, message}` with a 4xx/5xx status. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A JSON answer, sent as its UTF-8 bytes. Hono's Node adapter sends a string body with a
 * Content-Length header, and Node writes such a string far slower than the same bytes: with 150 kB
 * answers (a page of 100 leads) a plain Node server answered about half as many requests a second
 * (`npm run bench -- server` measures the API beside a bare server).
 */
export function json(
  c: Context,
  value: unknown,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
): Response {
  return c.body(Buffer.from(JSON.stringify(value)), status, {
    ...headers,
    'Content-Type': 'application/json',
  });
}

export function ok<T extends Record<string, unknown>>(c: Context, payload: T, status: 200 | 201 = 200) {
  return json(c, { success: true, ...payload }, status);
}

/** `{success: false, message}` with a 4xx or 5xx status. */
export function refuse(
  c: Context,
  message: string,
  status: ContentfulStatusCode,
  headers: Record<string, string> = {},
): Response {
  return json(c, { success: false, message }, status, headers);
}
