import { ApiError } from './client.ts';

/** The words a screen uses when a server call does not go through. */
export interface FailureWords {
  /** The call never reached the server (offline, or the connection dropped on the way). */
  offline: string;
  /** The server failed on its side (5xx). */
  failed: string;
}

/**
 * What to tell a person when a server call failed: the server's own words for a refusal (the
 * envelope's `message`, carried by ApiError), the screen's "needs a connection" when the request
 * never reached the server, its general failure otherwise.
 */
export function serverFailure(err: unknown, words: FailureWords): string {
  if (err instanceof ApiError) return err.status >= 400 && err.status < 500 ? err.message : words.failed;
  return words.offline;
}
