/** The API envelope: `{success: true, …}` or `{success: false, message}` with a 4xx/5xx status. */
import type { Context } from 'hono';

export function ok<T extends Record<string, unknown>>(c: Context, payload: T, status: 200 | 201 = 200) {
  return c.json({ success: true, ...payload }, status);
}
