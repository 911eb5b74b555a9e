import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig, TEST_SECRETS_KEY } from '../config.ts';
import { secretBoxOf, secretBoxWithKey } from './secretBox.ts';

/** A value sealed the way it was before purposes: `v1.<nonce>.<tag>.<ciphertext>`, no additional data. */
function sealedWithoutPurpose(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('secret box', () => {
  const key = randomBytes(32);
  const box = secretBoxWithKey(key);

  it('opens what it sealed, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        (text) => box.open(box.seal(text, 'oauth.access_token'), 'oauth.access_token') === text,
      ),
    );
  });

  it('seals the same text differently each time', () => {
    expect(box.seal('token', 'webhook.secret')).not.toBe(box.seal('token', 'webhook.secret'));
  });

  it('refuses a changed value and another key', () => {
    const sealed = box.seal('refresh-token', 'oauth.refresh_token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'oauth.refresh_token')).toThrow();
    expect(() => secretBoxWithKey(randomBytes(32)).open(sealed, 'oauth.refresh_token')).toThrow();
    expect(() => box.open('not sealed', 'oauth.refresh_token')).toThrow();
    expect(() => box.open(`${sealed}.x`, 'oauth.refresh_token')).toThrow();
    // Passed off as the older form, it does not open either (the purpose is part of its tag).
    expect(() => box.open(sealed.replace(/^v2/, 'v1'), 'oauth.refresh_token')).toThrow();
  });

  it('opens a value only for the purpose it was sealed for', () => {
    const token = box.seal('access', 'oauth.access_token');
    expect(box.open(token, 'oauth.access_token')).toBe('access');
    expect(() => box.open(token, 'oauth.refresh_token')).toThrow();
    expect(() => box.open(token, 'webhook.secret')).toThrow();
    expect(() => box.open(token, 'oidc.flow')).toThrow();
    const flow = box.seal('{"state":"s"}', 'oidc.flow');
    expect(() => box.open(flow, 'oauth.pkce_verifier')).toThrow();
    expect(() => box.open(box.seal('whsec', 'webhook.secret'), 'oauth.client_secret')).toThrow();
  });

  it('still opens stored values sealed before purposes, but never as a sign-in attempt', () => {
    const old = sealedWithoutPurpose(key, 'stored-before');
    expect(box.open(old, 'oauth.client_secret')).toBe('stored-before');
    expect(box.open(old, 'webhook.secret')).toBe('stored-before');
    expect(() => box.open(old, 'oidc.flow')).toThrow();
    expect(() => secretBoxWithKey(randomBytes(32)).open(old, 'webhook.secret')).toThrow();
  });

  it('uses SECRETS_KEY when set, so instances sharing it open each other’s secrets', () => {
    const shared = randomBytes(32).toString('base64');
    const a = secretBoxOf(readConfig({ NODE_ENV: 'production', SECRETS_KEY: shared, STATIC_DIR: '' }));
    const b = secretBoxOf(readConfig({ NODE_ENV: 'production', SECRETS_KEY: shared, STATIC_DIR: '' }));
    expect(b.open(a.seal('x', 'webhook.secret'), 'webhook.secret')).toBe('x');
  });

  it('makes a key file on first use, and refuses a short key file or the tests’ key outside test mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hs-secrets-'));
    try {
      const config = () => readConfig({ NODE_ENV: 'production', DATA_DIR: dir, STATIC_DIR: '' });
      const made = secretBoxOf(config()).seal('x', 'webhook.secret');
      expect(secretBoxOf(config()).open(made, 'webhook.secret')).toBe('x');
      writeFileSync(join(dir, 'secrets.key'), 'short');
      expect(() => secretBoxOf(config())).toThrow(/secrets\.key.*32/);
      writeFileSync(join(dir, 'secrets.key'), TEST_SECRETS_KEY);
      expect(() => secretBoxOf(config())).toThrow(/fixed key/);
      expect(() => secretBoxOf({ ...config(), secretsKey: 'short' })).toThrow(/SECRETS_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
