/**
 * Secrets kept at rest (OAuth tokens, client secrets, webhook signing secrets) are sealed with
 * AES-256-GCM from Node's crypto: each value gets a fresh nonce and an authentication tag, so a
 * value changed in the database fails to open instead of opening to something else.
 * Sealed form: `v1.<nonce>.<tag>.<ciphertext>`, each part base64url.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';

export interface SecretBox {
  seal(plain: string): string;
  /** The value sealed, or throws when it was sealed with another key or changed since. */
  open(sealed: string): string;
}

const VERSION = 'v1';

export function secretBoxWithKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secrets key is 32 bytes.');
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined)
        throw new Error('Not a sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

const boxes = new WeakMap<ServerConfig, SecretBox>();

/**
 * The server's box: from SECRETS_KEY (any string, hashed to 32 bytes); else, in test mode, a fixed
 * test key; else a random key kept in `<dataDir>/secrets.key`, made on first use.
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
  if (config.secretsKey) return hashed(config.secretsKey);
  if (config.mode === 'test') return hashed('home-service-crm test secrets key');
  const file = join(config.dataDir, 'secrets.key');
  try {
    return hashed(readFileSync(file, 'utf8').trim());
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another instance made it first: theirs is the key.
    }
    return hashed(readFileSync(file, 'utf8').trim());
  }
}
