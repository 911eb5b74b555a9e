/** What the local OAuth 2 and OpenID Connect providers of the tests share: PKCE and HTTP plumbing. */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The S256 code challenge of a PKCE verifier. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A request's form-encoded body. */
export async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A JSON answer that no cache keeps (tokens, as the specs require). */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
