/**
 * Secrets kept at rest (OAuth tokens, client secrets, webhook signing secrets, mail server
 * passwords, homeowners' links waiting to be emailed) and the sign-in attempt's cookie are sealed
 * with AES-256-GCM from Node's crypto: each value gets a fresh nonce and an authentication tag, so
 * a value changed in the database fails to open instead of opening to something else. Each value
 * is sealed for one purpose (`SealPurpose`), bound into the tag as additional authenticated data,
 * so a value copied from one column (or the cookie) to another does not open there.
 * Sealed form: `v2.<nonce>.<tag>.<ciphertext>`, each part base64url. Values sealed before purposes
 * existed (`v1.…`, no purpose) still open for the stored purposes, and are sealed anew on their
 * next write; the sign-in cookie, short-lived, opens only in the current form.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ServerConfig, secretsKeyProblem, TEST_SECRETS_KEY } from '../config.ts';

/** What a sealed value is for; a value opens only for the purpose it was sealed for. */
export type SealPurpose =
  | 'oauth.client_secret'
  | 'oauth.access_token'
  | 'oauth.refresh_token'
  | 'oauth.pkce_verifier'
  | 'oidc.flow'
  | 'webhook.secret'
  | 'smtp.password'
  | 'share_email.link';

/** Purposes whose values may still be in the older form without a purpose (stored ones). */
const LEGACY_PURPOSES: ReadonlySet<SealPurpose> = new Set([
  'oauth.client_secret',
  'oauth.access_token',
  'oauth.refresh_token',
  'oauth.pkce_verifier',
  'webhook.secret',
]);

export interface SecretBox {
  seal(plain: string, purpose: SealPurpose): string;
  /** The value sealed for `purpose`, or throws when it was sealed with another key or purpose, or changed since. */
  open(sealed: string, purpose: SealPurpose): string;
}

const VERSION = 'v2';
const LEGACY_VERSION = 'v1';

const aadOf = (purpose: SealPurpose) => Buffer.from(`home-service-crm/${purpose}`, 'utf8');

export function secretBoxWithKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secrets key is 32 bytes.');
  return {
    seal(plain, purpose) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aadOf(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, purpose) {
      const [version, nonce, tag, body, extra] = sealed.split('.');
      const legacy = version === LEGACY_VERSION && LEGACY_PURPOSES.has(purpose);
      if ((version !== VERSION && !legacy) || !nonce || !tag || body === undefined || extra !== undefined)
        throw new Error('Not a sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
        authTagLength: 16,
      });
      if (!legacy) decipher.setAAD(aadOf(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

const boxes = new WeakMap<ServerConfig, SecretBox>();

/**
 * The server's box: from SECRETS_KEY (checked by the settings: at least 32 bytes of key material,
 * hashed to the 32-byte key); else, in test mode, the tests' fixed key; else a random key kept in
 * `<dataDir>/secrets.key`, made on first use.
 */
export function secretBoxOf(config: ServerConfig): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = secretBoxWithKey(keyOf(config));
    boxes.set(config, box);
  }
  return box;
}

function keyOf(config: ServerConfig): Buffer {
  const hashed = (text: string) => createHash('sha256').update(text).digest();
  if (config.secretsKey) return hashed(checked(config.secretsKey, config, 'SECRETS_KEY'));
  if (config.mode === 'test') return hashed(TEST_SECRETS_KEY);
  const file = join(config.dataDir, 'secrets.key');
  const fromFile = () => hashed(checked(readFileSync(file, 'utf8').trim(), config, file));
  try {
    return fromFile();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another instance made it first: theirs is the key.
    }
    return fromFile();
  }
}

/** The key, unless it is too short or the tests' key outside test mode (then nothing is sealed). */
function checked(key: string, config: ServerConfig, source: string): string {
  const problem = secretsKeyProblem(key, config.mode);
  if (problem) throw new Error(`${source} ${problem}`);
  return key;
}
