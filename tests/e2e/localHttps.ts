/**
 * Stand-ins for outside services (tile servers, geocoders) served over HTTPS on 127.0.0.1: the
 * app's content security policy lets the map and the address search reach other origins over
 * HTTPS only. The certificate is self-signed for 127.0.0.1; browsers of such suites are launched
 * with `launchBrowser({ acceptLocalCertificates: true })`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway certificate for 127.0.0.1. */
function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export interface LocalHttps {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/** An HTTPS server on a free port of 127.0.0.1, answering with `handler`. */
export async function startLocalHttps(handler: RequestListener): Promise<LocalHttps> {
  const certDir = mkdtempSync(join(tmpdir(), 'hs-e2e-cert-'));
  const server = createServer(selfSignedCertificate(certDir), handler);
  rmSync(certDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
