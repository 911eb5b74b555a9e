/**
 * A small fault-injecting HTTP proxy for the chaos benchmark, in front of several API instances as
 * a load balancer without health checks would be: each request goes to a random instance, and
 * while faults are on, with seeded chance, it
 * - is lost on the way (the connection drops before the server sees it),
 * - has its answer lost (the server applied it; the device only sees the connection drop),
 * - is delivered twice (a copy also goes to an instance, at the same moment or just after), or
 * - waits a little before it is passed on.
 * An instance that is down answers 502. Event streams are passed through as they flow, and end
 * when their instance dies.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface FaultRates {
  /** The request never reaches a server. */
  lostRequest: number;
  /** The server answers, the device never hears it. */
  lostAnswer: number;
  /** The request reaches a server twice. */
  duplicate: number;
  /** The request waits up to 500 ms first. */
  delay: number;
}

export const NO_FAULTS: FaultRates = { lostRequest: 0, lostAnswer: 0, duplicate: 0, delay: 0 };

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export class FaultProxy {
  private readonly server: Server;
  private readonly targets: () => string[];
  private readonly random: () => number;
  rates: FaultRates = NO_FAULTS;
  /** What happened, by fault. */
  readonly counts = new Map<string, number>();

  constructor(targets: () => string[], random: () => number) {
    this.targets = targets;
    this.random = random;
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
  }

  private count(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pick(): string {
    const targets = this.targets();
    return targets[Math.floor(this.random() * targets.length)] as string;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = req.url ?? '/';
    if (path.startsWith('/api/v2/events/stream')) {
      this.stream(req, res, this.pick());
      return;
    }
    const { lostRequest, lostAnswer, duplicate, delay } = this.rates;
    const roll = this.random();
    if (roll < lostRequest) {
      this.count('lost request');
      res.socket?.destroy();
      return;
    }
    if (this.random() < delay) await new Promise((resolve) => setTimeout(resolve, this.random() * 500));
    const target = this.pick();
    const first = this.forward(req, body, target);
    if (this.random() < duplicate) {
      this.count('duplicated');
      const again = this.pick();
      // At the same moment, or once the first one was answered.
      if (this.random() < 0.5) void this.forward(req, body, again).catch(() => undefined);
      else void first.then(() => this.forward(req, body, again)).catch(() => undefined);
    }
    let answer: Answer;
    try {
      answer = await first;
    } catch {
      this.count('instance down');
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'Bad gateway' }));
      }
      return;
    }
    if (this.random() < lostAnswer) {
      this.count('lost answer');
      res.socket?.destroy();
      return;
    }
    if (path.startsWith('/api/v2/sync/pull') && plainBody(answer).includes('"reset":true'))
      this.count('pull answered reset');
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  }

  private forward(req: IncomingMessage, body: Buffer, target: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const url = new URL(req.url ?? '/', target);
      const headers = { ...req.headers, host: url.host };
      delete headers.connection;
      const out = request(url, { method: req.method, headers, agent: false }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      });
      out.on('error', reject);
      out.end(body);
    });
  }

  private stream(req: IncomingMessage, res: ServerResponse, target: string): void {
    const url = new URL(req.url ?? '/', target);
    const headers = { ...req.headers, host: url.host };
    const out = request(url, { method: req.method, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      answer.on('close', () => res.end());
    });
    out.on('error', () => {
      this.count('instance down');
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => out.destroy());
    out.end();
  }
}

/** An answer's body as the device reads it: the API compresses large answers (respond.ts). */
function plainBody(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}
