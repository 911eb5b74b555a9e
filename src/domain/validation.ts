/** Turns zod issues into one readable sentence naming each offending field (app and server alike). */
import type { ZodError } from 'zod';

/**
 * NUL and lone surrogates of a hostile key or value, shown as U+FFFD: the sentence is stored
 * (a rejected sync change keeps its message) and PostgreSQL refuses those characters.
 */
function printable(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += String.fromCharCode(code, next);
      i++;
    } else if (code === 0 || (code >= 0xd800 && code <= 0xdfff)) out += '\uFFFD';
    else out += String.fromCharCode(code);
  }
  return out;
}

export function describeZodError(error: ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : 'request';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return printable(`Invalid input — ${parts.join('; ')}${more}.`);
}
