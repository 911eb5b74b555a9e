/** Turns zod issues into one readable sentence naming each offending field (app and server alike). */
import type { ZodError } from 'zod';

export function describeZodError(error: ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length ? issue.path.join('.') : 'request';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `Invalid input — ${parts.join('; ')}${more}.`;
}
