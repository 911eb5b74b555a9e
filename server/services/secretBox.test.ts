import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { secretBoxOf, secretBoxWithKey } from './secretBox.ts';

describe('secret box', () => {
  const box = secretBoxWithKey(randomBytes(32));

  it('opens what it sealed, whatever the text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => box.open(box.seal(text)) === text));
  });

  it('seals the same text differently each time', () => {
    expect(box.seal('token')).not.toBe(box.seal('token'));
  });

  it('refuses a changed value and another key', () => {
    const sealed = box.seal('refresh-token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => secretBoxWithKey(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('not sealed')).toThrow();
  });

  it('uses SECRETS_KEY when set, so instances sharing it open each other’s secrets', () => {
    const a = secretBoxOf(readConfig({ NODE_ENV: 'production', SECRETS_KEY: 'shared', STATIC_DIR: '' }));
    const b = secretBoxOf(readConfig({ NODE_ENV: 'production', SECRETS_KEY: 'shared', STATIC_DIR: '' }));
    expect(b.open(a.seal('x'))).toBe('x');
  });
});
