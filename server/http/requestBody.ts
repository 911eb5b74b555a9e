/**
 * Request bodies the server answers before reading them in full (too large, refused, not signed
 * in). @hono/node-server drains an unread body for only 500 ms after the answer and then destroys
 * the socket; a client still sending (a phone uploading a large photo) then gets a reset instead
 * of the answer. So the rest of such a body is read and thrown away *before* answering, within a
 * bound. Past the bound the answer says `Connection: close`, and the connection *lingers*: the
 * server sends the answer, closes its side, and goes on reading and throwing away what the client
 * still sends (for at most LINGER_MS) before letting the socket go. Closing at once would reset
 * the connection under a client still sending, and a reset throws away the answer it has not read
 * yet, kept-alive connection or not.
 */

import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { refuse } from './respond.ts';

/** At most this much of an unwanted body is read and thrown away… */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** …for at most this long (a slow phone sending 15 MB). */
export const DRAIN_MAX_MS = 120_000;
/** How long a connection given up on still reads (and discards) what its client sends after the answer. */
export const LINGER_MS = 30_000;

const lingering = new WeakSet<Socket>();

/**
 * Once the answer is out, the HTTP server ends a `Connection: close` socket with `destroySoon`;
 * on this socket that becomes: close our side after the answer, keep reading and discarding
 * the request's body until the client closes its side or LINGER_MS pass, then destroy.
 */
function lingerOnClose(socket: Socket, incoming: IncomingMessage): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  let started = false;
  socket.destroySoon = function lingerThenDestroy(this: Socket) {
    if (started || this.destroyed) return;
    started = true;
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    // Whatever was reading the body stopped: let the rest flow into nothing.
    incoming.removeAllListeners('data');
    incoming.on('data', () => {});
    incoming.resume();
  };
}

/** Answers with `Connection: close`, without resetting a client that is still sending. */
function closeReadably(c: Context): void {
  c.header('Connection', 'close');
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socket = incoming?.socket;
  if (incoming && socket && typeof socket.destroySoon === 'function') lingerOnClose(socket, incoming);
}

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** Reads and discards the rest of a body; true when it ended within the bounds. */
async function discardRest(reader: Reader, budgetBytes: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DRAIN_MAX_MS);
  });
  try {
    let left = budgetBytes;
    for (;;) {
      const next = await Promise.race([reader.read(), timedOut]);
      if (next === 'timeout') return false;
      if (next.done) return true;
      left -= next.value.byteLength;
      if (left < 0) return false;
    }
  } catch {
    // The client went away: there is no one left to answer.
    return true;
  } finally {
    clearTimeout(timer);
  }
}

function declaredLength(c: Context): number | undefined {
  if (c.req.raw.headers.has('transfer-encoding')) return undefined;
  const header = c.req.raw.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/** Discards the body of a request that will not be used; false when it could not be read to its end. */
async function discardBody(c: Context, request: Request): Promise<boolean> {
  if (request.bodyUsed || !request.body || request.body.locked) return true;
  const length = declaredLength(c);
  if (length !== undefined && length > DRAIN_MAX_BYTES) return false;
  return discardRest(request.body.getReader(), DRAIN_MAX_BYTES);
}

/**
 * Answers 413 with `message` when the body is larger than `maxSize` bytes; the body is read (and
 * kept, so the route can read it again) only when its length is not declared.
 */
export function limitBody(options: { maxSize: number; message: string }): MiddlewareHandler {
  const tooLarge = (c: Context, drained: boolean) => {
    if (!drained) closeReadably(c);
    return refuse(c, options.message, 413);
  };
  return async (c, next) => {
    // A GET or HEAD never has a body (reading `body` would build the whole Request for nothing).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const request = c.req.raw;
    if (!request.body) return next();
    const length = declaredLength(c);
    if (length !== undefined) {
      return length > options.maxSize ? tooLarge(c, await discardBody(c, request)) : next();
    }
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxSize) return tooLarge(c, await discardRest(reader, DRAIN_MAX_BYTES - size));
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(request, { body });
    return next();
  };
}

/**
 * Reads and discards whatever body an answered request left unread (refused before its body was
 * looked at: not signed in, from another site, a bad id), so the client reliably gets the answer.
 */
export function drainUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
    if (!(await discardBody(c, request))) closeReadably(c);
  };
}
