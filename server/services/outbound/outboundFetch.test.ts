import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, type ServerConfig } from '#server/config.ts';
import {
  addressRefused,
  allowedAddresses,
  OutboundError,
  outboundFetch,
  type Resolver,
  useResolver,
} from './outboundFetch.ts';

const settings = (allowPrivate: boolean): ServerConfig =>
  readConfig({ NODE_ENV: 'test', STATIC_DIR: '', OUTBOUND_ALLOW_PRIVATE: allowPrivate ? '1' : '0' });

const fixed =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('outgoing calls under the address policy', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
        return res.end('moved');
      }
      if (req.url === '/never') return;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello from inside');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const call = (config: ServerConfig, url: string, timeoutMs = 5000) =>
    outboundFetch(config, url, { method: 'GET', headers: {}, timeoutMs, maxBody: 100 });
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutboundError);
    return (err as OutboundError).kind;
  };

  it('refuses loopback literals and localhost without the setting, before connecting', async () => {
    const strict = settings(false);
    const before = hits.length;
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433', '127.1', 'localhost'])
      expect(await failure(call(strict, `http://${host}:${port}/x`)), host).toBe('address');
    expect(hits.length).toBe(before);
  });

  it('connects to loopback with the setting, and never to the metadata address', async () => {
    const open = settings(true);
    expect(await call(open, `http://127.0.0.1:${port}/ok`)).toEqual({
      status: 200,
      body: 'hello from inside',
    });
    expect(await failure(call(open, 'http://169.254.169.254/latest/meta-data'))).toBe('address');
    expect(await failure(call(open, 'http://[fe80::1]/'))).toBe('address');
    expect(await failure(call(open, 'http://0.0.0.0/'))).toBe('address');
  });

  it('checks what a name resolves to when connecting (DNS rebinding)', async () => {
    const strict = settings(false);
    useResolver(strict, fixed('127.0.0.1'));
    const before = hits.length;
    expect(await failure(call(strict, `http://rebind.example.com:${port}/x`))).toBe('address');
    // Any refused address among the answers refuses the name.
    useResolver(strict, fixed('93.184.216.34', '169.254.169.254'));
    expect(await failure(call(strict, `http://mixed.example.com:${port}/x`))).toBe('address');
    expect(hits.length).toBe(before);
    // The same lookup is what connects: allowed, the name reaches the receiver.
    const open = settings(true);
    useResolver(open, fixed('127.0.0.1'));
    expect((await call(open, `http://receiver.example.com:${port}/ok`)).status).toBe(200);
    expect(hits.at(-1)).toBe('/ok');
  });

  it('does not follow redirects', async () => {
    const open = settings(true);
    const answer = await call(open, `http://127.0.0.1:${port}/moved`);
    expect(answer.status).toBe(302);
    expect(hits).not.toContain('/secret');
  });

  it('tells a timeout from a failed connection', async () => {
    const open = settings(true);
    expect(await failure(call(open, `http://127.0.0.1:${port}/never`, 300))).toBe('timeout');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(call(open, `http://127.0.0.1:${gone}/`))).toBe('connection');
  });

  it('checks saved addresses by their literal or every address their name resolves to', async () => {
    const strict = settings(false);
    useResolver(strict, async (host) =>
      host === 'inside.example.com'
        ? fixed('10.0.0.5')(host)
        : host === 'nowhere.example.com'
          ? Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }))
          : fixed('93.184.216.34')(host),
    );
    expect(await addressRefused(strict, new URL('https://127.0.0.1/'))).toBe(true);
    expect(await addressRefused(strict, new URL('https://[::1]/'))).toBe(true);
    expect(await addressRefused(strict, new URL('https://localhost/'))).toBe(true);
    expect(await addressRefused(strict, new URL('https://inside.example.com/'))).toBe(true);
    expect(await addressRefused(strict, new URL('https://hooks.example.com/'))).toBe(false);
    // Unresolvable now: accepted, the connection checks again.
    expect(await addressRefused(strict, new URL('https://nowhere.example.com/'))).toBe(false);
    const open = settings(true);
    expect(await addressRefused(open, new URL('https://127.0.0.1/'))).toBe(false);
    expect(await addressRefused(open, new URL('http://169.254.169.254/'))).toBe(true);
  });
});

describe('addresses for connections outside HTTP (the mail server)', () => {
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'allowed',
      (e: unknown) => (e instanceof OutboundError ? e.kind : 'other'),
    );

  it.each([
    ['127.0.0.1', false, 'address'],
    ['127.0.0.1', true, 'allowed'],
    ['[::1]', false, 'address'],
    ['[::1]', true, 'allowed'],
    ['10.1.2.3', false, 'address'],
    ['169.254.169.254', true, 'address'],
    ['[::ffff:127.0.0.1]', false, 'address'],
    ['0.0.0.0', true, 'address'],
    ['203.0.113.7', false, 'allowed'],
  ])('the literal %s, private allowed %s: %s', async (host, allowPrivate, kind) => {
    expect(await kindOf(allowedAddresses(settings(allowPrivate), host))).toBe(kind);
  });

  it('judges a name by every address it resolves to, and answers those to connect to', async () => {
    const config = settings(false);
    useResolver(config, fixed('203.0.113.7', '10.0.0.5'));
    expect(await kindOf(allowedAddresses(config, 'mail.example.test'))).toBe('address');
    useResolver(config, fixed('203.0.113.7', '2001:4860::8'));
    expect(await allowedAddresses(config, 'mail.example.test.')).toEqual([
      { address: '203.0.113.7', family: 4 },
      { address: '2001:4860::8', family: 6 },
    ]);
    expect(await kindOf(allowedAddresses(config, 'localhost'))).toBe('address');
    useResolver(config, async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    expect(await kindOf(allowedAddresses(config, 'nowhere.example.test'))).toBe('connection');
  });
});
