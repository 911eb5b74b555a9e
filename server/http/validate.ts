/** Request parsing: JSON bodies and queries checked by the shared zod schemas. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { MAX_JSON_DEPTH } from '#src/domain/schemas/common.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { invalid, tooLarge, unsupportedMediaType } from '../services/serviceError.ts';

export const MAX_JSON_BYTES = 1024 * 1024;
export const TOO_DEEP_BODY = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * How deeply a JSON text nests objects and arrays, counted on the text itself (one pass, no
 * recursion, nothing built), so a hostile body is refused before it is parsed or validated.
 * Stops counting once past `limit`.
 */
export function jsonTextDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw unsupportedMediaType('Send the request body as JSON (Content-Type: application/json).');
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) {
    throw tooLarge('The request body is larger than 1 MB. Send fewer records at a time.');
  }
  if (jsonTextDepth(text) > MAX_JSON_DEPTH) throw invalid(TOO_DEEP_BODY);
  let body: unknown;
  try {
    body = text.length ? JSON.parse(text) : {};
  } catch {
    throw invalid('The request body is not valid JSON.');
  }
  return parse(schema, body);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parse(schema, c.req.query());
}

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describeZodError(result.error));
  return result.data;
}
