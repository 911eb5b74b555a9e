/** Request parsing: JSON bodies and queries checked by the shared zod schemas. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, describeZodError, HttpError } from './errors.ts';

export const MAX_JSON_BYTES = 1024 * 1024;

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) {
    throw new HttpError(413, 'The request body is larger than 1 MB. Send fewer records at a time.');
  }
  let body: unknown;
  try {
    body = text.length ? JSON.parse(text) : {};
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return parse(schema, body);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parse(schema, c.req.query());
}

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}
