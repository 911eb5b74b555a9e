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

  it('caps live streams at 3 per session, 6 per user, 2,000 per process unless told otherwise', () => {
    expect(readConfig({}).limits).toMatchObject({
      streamsPerSession: 3,
      streamsPerUser: 6,
      streamsPerProcess: 2_000,
    });
    const set = readConfig({
      LIVE_STREAMS_PER_SESSION: '5',
      LIVE_STREAMS_PER_USER: '10',
      LIVE_STREAMS_MAX: '50',
    });
    expect(set.limits).toMatchObject({ streamsPerSession: 5, streamsPerUser: 10, streamsPerProcess: 50 });
    for (const bad of ['0', '-1', '2.5', 'many', '99999999'])
      expect(() => readConfig({ LIVE_STREAMS_MAX: bad })).toThrow(/LIVE_STREAMS_MAX must be a whole number/);
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
