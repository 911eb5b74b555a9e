/**
 * Guards in front of every API route: state-changing requests a browser sent from another site are
 * refused (the session cookie rides along; a bearer token cannot), and bodies the server refuses
 * before reading them in full (too large, not signed in) still get their answer to a client that is
 * still sending — checked over a real socket, with and without Content-Length.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_MAX_BYTES } from '#server/http/requestBody.ts';
import { CROSS_SITE_REFUSED } from '#server/http/sameOrigin.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { pngImage } from '../support/imageFixtures.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PNG = pngImage();
const MB = 1024 * 1024;

describe.each(testDatabaseKinds())('request guards on %s', (kind) => {
  const t = useApiWorld(kind, ['rep']);

  describe('cross-site requests', () => {
    const cookie = () => `hs_session=${t.tokens.rep}`;
    const logs = () => ({ client_id: randomUUID(), events: [] });
    const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      t.api.call(method, path, { headers: { host: 'crm.example.com', ...headers }, body });

    it('refuses a cookie-authenticated change from another site', async () => {
      const variants: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'https://crm.example.com.evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://crm.example.com', 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of variants) {
        const res = await send('POST', '/api/v2/sync/logs', { cookie: cookie(), ...headers }, logs());
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body).toEqual({ success: false, message: CROSS_SITE_REFUSED });
      }
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await send(method, `/api/v2/media/${randomUUID()}/content`, {
          cookie: cookie(),
          origin: 'https://evil.example',
        });
        expect(res.status, method).toBe(403);
      }
    });

    it('lets the same site through, whatever the scheme or a proxy in front', async () => {
      const variants: Record<string, string>[] = [
        { origin: 'https://crm.example.com', 'sec-fetch-site': 'same-origin' },
        { origin: 'http://crm.example.com' },
        { origin: 'https://CRM.example.com:443' },
        {
          host: 'api.internal:3000',
          'x-forwarded-host': 'crm.example.com',
          origin: 'https://crm.example.com',
        },
        // The dev server's proxy keeps the page's host (localhost:5173) as the Host header.
        { host: 'localhost:5173', origin: 'http://localhost:5173' },
        {}, // no browser headers: a script or server-to-server client
      ];
      for (const headers of variants) {
        const res = await send('POST', '/api/v2/sync/logs', { cookie: cookie(), ...headers }, logs());
        expect(res.status, JSON.stringify(headers)).toBe(200);
      }
      const otherPort = await send(
        'POST',
        '/api/v2/sync/logs',
        { host: 'localhost:5173', origin: 'http://localhost:3000', cookie: cookie() },
        logs(),
      );
      expect(otherPort.status).toBe(403);
    });

    it('leaves bearer-token clients and reads alone', async () => {
      const bearer = await send(
        'POST',
        '/api/v2/sync/logs',
        {
          authorization: `Bearer ${t.tokens.rep}`,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
        logs(),
      );
      expect(bearer.status).toBe(200);
      const read = await send('GET', '/api/v2/notifications/get', {
        cookie: cookie(),
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(read.status).toBe(200);
    });

    it('refuses signing in from another site (login CSRF), not from the app', async () => {
      const credentials = { email: t.world.users.rep.email, password: PASSWORD };
      const forged = await send(
        'POST',
        '/api/v2/auth/login',
        { origin: 'https://evil.example' },
        credentials,
      );
      expect(forged.status).toBe(403);
      expect(forged.body.message).toBe(CROSS_SITE_REFUSED);
      expect(forged.headers.get('set-cookie')).toBeNull();
      const fetchMeta = await send(
        'POST',
        '/api/v2/auth/login',
        { 'sec-fetch-site': 'cross-site' },
        credentials,
      );
      expect(fetchMeta.status).toBe(403);
      const own = await send(
        'POST',
        '/api/v2/auth/login',
        { origin: 'https://crm.example.com' },
        credentials,
      );
      expect(own.status).toBe(200);
    });
  });

  describe('answers to bodies refused before they are read, over a real socket', () => {
    let server: ReturnType<typeof serve>;
    let port = 0;
    beforeAll(async () => {
      server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: t.api.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    interface Sent {
      status?: number;
      body?: string;
      error?: string;
    }

    /**
     * Sends `size` bytes, at socket speed, writing the whole body before it looks at any answer —
     * as a client that cannot read while it uploads. A reset or a stall is a failure.
     */
    const upload = (
      method: 'POST' | 'PUT',
      path: string,
      size: number,
      options: { chunked: boolean; token?: string; type?: string },
    ) =>
      new Promise<Sent>((resolve) => {
        const headers: Record<string, string> = { 'content-type': options.type ?? 'application/json' };
        if (!options.chunked) headers['content-length'] = String(size);
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        const agent = new http.Agent({ keepAlive: false });
        const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent });
        const result: Sent = {};
        const settle = () => {
          clearTimeout(timer);
          agent.destroy();
          resolve(result);
        };
        const timer = setTimeout(() => {
          result.error = 'no answer within 15 s';
          req.destroy();
          settle();
        }, 15_000);
        let written = false;
        let answered = false;
        req.on('error', (err) => {
          result.error = `${(err as NodeJS.ErrnoException).code ?? err.message} after ${written ? 'the whole body' : 'part of the body'}`;
          settle();
        });
        req.on('response', (res) => {
          result.status = res.statusCode;
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => {
            result.body = body;
            answered = true;
            if (written) settle();
          });
        });
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        let sent = 0;
        const write = () => {
          while (sent < size) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          req.end(() => {
            written = true;
            if (answered) settle();
          });
        };
        write();
      });

    const expectAnswer = (sent: Sent, status: number, message: RegExp) => {
      expect(sent.error).toBeUndefined();
      expect(sent.status).toBe(status);
      expect(JSON.parse(sent.body ?? '')).toEqual({
        success: false,
        message: expect.stringMatching(message),
      });
    };

    it('a JSON body over 1 MB gets its 413, with or without Content-Length, every time', async () => {
      for (const chunked of [false, true]) {
        for (let i = 0; i < 3; i++) {
          const sent = await upload('POST', '/api/v2/sync/push', 20 * MB, { chunked, token: t.tokens.rep });
          expectAnswer(sent, 413, /larger than 1 MB/);
        }
      }
    });

    it('a file over 15 MB gets its 413, with or without Content-Length, every time', async () => {
      for (const chunked of [false, true]) {
        for (let i = 0; i < 3; i++) {
          const path = `/api/v2/media/${randomUUID()}/content`;
          const sent = await upload('PUT', path, 20 * MB, {
            chunked,
            token: t.tokens.rep,
            type: 'image/png',
          });
          expectAnswer(sent, 413, /larger than 15 MB/);
        }
      }
    });

    /**
     * A kept-alive request over a raw socket that reads nothing until it has written the whole
     * body (a reset would throw away the answer waiting unread), then reads to the end.
     */
    const rawKeepAlive = (method: string, path: string, size: number, token?: string) =>
      new Promise<Sent>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.pause();
        const received: Buffer[] = [];
        const result: Sent = {};
        const timer = setTimeout(() => {
          result.error = 'no answer within 30 s';
          socket.destroy();
        }, 30_000);
        socket.on('data', (d: Buffer) => received.push(d));
        socket.on('error', (err: NodeJS.ErrnoException) => {
          result.error ??= err.code ?? err.message;
        });
        socket.on('close', () => {
          clearTimeout(timer);
          const text = Buffer.concat(received).toString('utf8');
          const [head = '', body = ''] = text.split('\r\n\r\n');
          const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
          if (status) {
            result.status = Number(status);
            result.body = body;
            result.error = undefined;
          }
          resolve(result);
        });
        const auth = token ? `Authorization: Bearer ${token}\r\n` : '';
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
            `Content-Type: application/json\r\n${auth}Content-Length: ${size}\r\n\r\n`,
        );
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        let sent = 0;
        const write = () => {
          while (sent < size) {
            sent += chunk.length;
            if (!socket.write(chunk)) return void socket.once('drain', write);
          }
          // Everything is sent: now read the answer, and hang up if the server keeps the connection.
          socket.resume();
          setTimeout(() => socket.end(), 1000);
        };
        write();
      });

    it('a body over the limit on a kept-alive connection gets its readable 413, even past what is drained', async () => {
      for (const size of [20 * MB, DRAIN_MAX_BYTES + 16 * MB]) {
        const json = await rawKeepAlive('POST', '/api/v2/sync/push', size, t.tokens.rep);
        expectAnswer(json, 413, /larger than 1 MB/);
        const file = await rawKeepAlive('PUT', `/api/v2/media/${randomUUID()}/content`, size, t.tokens.rep);
        expectAnswer(file, 413, /larger than 15 MB/);
      }
      const anonymous = await rawKeepAlive(
        'PUT',
        `/api/v2/media/${randomUUID()}/content`,
        DRAIN_MAX_BYTES + MB,
      );
      expectAnswer(anonymous, 401, /sign in/i);
    }, 120_000);

    it('an upload refused before its body is read (no session) still gets its 401', async () => {
      for (const chunked of [false, true]) {
        const sent = await upload('PUT', `/api/v2/media/${randomUUID()}/content`, 10 * MB, {
          chunked,
          type: 'image/png',
        });
        expectAnswer(sent, 401, /sign in/i);
      }
    });

    it('bodies within the limits still arrive whole', async () => {
      const id = randomUUID();
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/media/${id}/content`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${t.tokens.rep}`, 'content-type': 'image/png' },
        body: PNG,
      });
      expect(res.status).toBe(200);
      const back = await fetch(`http://127.0.0.1:${port}/api/v2/media/${id}/content`, {
        headers: { authorization: `Bearer ${t.tokens.rep}` },
      });
      expect(new Uint8Array(await back.arrayBuffer())).toEqual(PNG);
    });
  });
});
