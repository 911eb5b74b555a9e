import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('server settings', () => {
  it('defaults to port 3000, embedded PGlite in ./data, demo seeding on', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: './data',
      seedDemo: true,
      mode: 'production',
    });
  });

  it('reads PORT, DATABASE_URL, DATA_DIR and SEED_DEMO=0', () => {
    const config = readConfig({
      PORT: '4100',
      DATABASE_URL: 'postgres://x@h/db',
      DATA_DIR: '/tmp/d',
      SEED_DEMO: '0',
    });
    expect(config).toMatchObject({
      port: 4100,
      databaseUrl: 'postgres://x@h/db',
      dataDir: '/tmp/d',
      seedDemo: false,
    });
  });

  it('refuses to start in production with a development key set', () => {
    expect(() => readConfig({ DEV_KEY: 'abc' })).toThrow(ConfigError);
    expect(() => readConfig({ DEV_KEY: 'abc', NODE_ENV: 'production' })).toThrow(/DEV_KEY/);
    expect(readConfig({ DEV_KEY: 'abc', NODE_ENV: 'development' }).devKey).toBe('abc');
  });

  it('runs scheduled jobs unless JOBS=off', () => {
    expect(readConfig({}).jobs).toBe(true);
    expect(readConfig({ JOBS: 'on' }).jobs).toBe(true);
    expect(readConfig({ JOBS: 'off' }).jobs).toBe(false);
    expect(readConfig({ JOBS: ' OFF ' }).jobs).toBe(false);
  });

  it('allows private outgoing addresses only with OUTBOUND_ALLOW_PRIVATE=1', () => {
    expect(readConfig({}).outboundAllowPrivate).toBe(false);
    expect(readConfig({ NODE_ENV: 'development' }).outboundAllowPrivate).toBe(false);
    expect(readConfig({ OUTBOUND_ALLOW_PRIVATE: 'yes' }).outboundAllowPrivate).toBe(false);
    expect(readConfig({ OUTBOUND_ALLOW_PRIVATE: '1' }).outboundAllowPrivate).toBe(true);
  });

  it('rejects a port that is not a port', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
  it('configures third-party sign-in only with a client id and a provider address', () => {
    expect(readConfig({}).oidc).toBeUndefined();
    expect(readConfig({ OIDC_ISSUER: 'https://id.example.com' }).oidc).toBeUndefined();
    expect(
      readConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'crm', OIDC_LABEL: 'Acme' }).oidc,
    ).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'crm',
      clientSecret: undefined,
      label: 'Acme',
      redirectUrl: undefined,
    });
    expect(() => readConfig({ OIDC_CLIENT_ID: 'crm' })).toThrow(/OIDC_ISSUER/);
    expect(() => readConfig({ OIDC_CLIENT_ID: 'crm', OIDC_ISSUER: 'http://id.example.com' })).toThrow(
      /https/,
    );
    expect(() => readConfig({ OIDC_CLIENT_ID: 'crm', OIDC_ISSUER: 'not an address' })).toThrow(/OIDC_ISSUER/);
    expect(readConfig({ OIDC_CLIENT_ID: 'crm', OIDC_ISSUER: 'http://127.0.0.1:9999' }).oidc?.label).toBe(
      'single sign-on',
    );
  });
});
