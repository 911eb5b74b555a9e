import { describe, expect, it } from 'vitest';
import { ConfigError, linkOrigin, readConfig, secretsKeyBytes, TEST_SECRETS_KEY } from './config.ts';

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

  it('refuses a SECRETS_KEY with less than 32 bytes of key material', () => {
    expect(() => readConfig({ SECRETS_KEY: 'shared' })).toThrow(ConfigError);
    expect(() => readConfig({ SECRETS_KEY: 'shared', NODE_ENV: 'test' })).toThrow(/SECRETS_KEY.*32/);
    // 31 bytes in hex and base64 are still short; 32 bytes in either are enough.
    expect(() => readConfig({ SECRETS_KEY: 'ab'.repeat(31) })).toThrow(/SECRETS_KEY/);
    expect(() => readConfig({ SECRETS_KEY: Buffer.alloc(31, 7).toString('base64') })).toThrow(/SECRETS_KEY/);
    const hex = 'ab'.repeat(32);
    expect(readConfig({ SECRETS_KEY: hex }).secretsKey).toBe(hex);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(readConfig({ SECRETS_KEY: ` ${base64} ` }).secretsKey).toBe(base64);
    expect(readConfig({ SECRETS_KEY: Buffer.alloc(32, 7).toString('base64url') }).secretsKey).toBeTruthy();
    expect(readConfig({ SECRETS_KEY: '' }).secretsKey).toBeUndefined();
  });

  it('counts decoded bytes for hex and base64 keys, UTF-8 bytes for other text', () => {
    expect(secretsKeyBytes('00ff'.repeat(16))).toBe(32);
    expect(secretsKeyBytes('a'.repeat(64))).toBe(32);
    expect(secretsKeyBytes(Buffer.alloc(48, 0xff).toString('base64'))).toBe(48);
    expect(secretsKeyBytes('pass phrase with spaces, 40 characters!!')).toBe(40);
    expect(secretsKeyBytes('é'.repeat(16))).toBe(32);
  });

  it('accepts the tests’ fixed secrets key only in test mode', () => {
    expect(readConfig({ SECRETS_KEY: TEST_SECRETS_KEY, NODE_ENV: 'test' }).secretsKey).toBe(TEST_SECRETS_KEY);
    expect(() => readConfig({ SECRETS_KEY: TEST_SECRETS_KEY })).toThrow(/fixed key/);
    expect(() => readConfig({ SECRETS_KEY: TEST_SECRETS_KEY, NODE_ENV: 'development' })).toThrow(ConfigError);
  });

  it('runs scheduled jobs unless JOBS=off', () => {
    expect(readConfig({}).jobs).toBe(true);
    expect(readConfig({ JOBS: 'on' }).jobs).toBe(true);
    expect(readConfig({ JOBS: 'off' }).jobs).toBe(false);
    expect(readConfig({ JOBS: ' OFF ' }).jobs).toBe(false);
  });

  it('places leads by their address unless PLACE_LEADS=off, 5 a second to an own geocoder unless told', () => {
    expect(readConfig({})).toMatchObject({
      placeLeads: true,
      placeLeadsRate: 5,
      defaultGeocoderUrl: undefined,
    });
    expect(readConfig({ PLACE_LEADS: 'on' }).placeLeads).toBe(true);
    expect(readConfig({ PLACE_LEADS: ' OFF ' }).placeLeads).toBe(false);
    expect(() => readConfig({ PLACE_LEADS: 'no' })).toThrow(/PLACE_LEADS must be 'on' or 'off'/);
    expect(readConfig({ PLACE_LEADS_RATE: '20' }).placeLeadsRate).toBe(20);
    for (const rate of ['0', '51', '2.5', 'fast'])
      expect(() => readConfig({ PLACE_LEADS_RATE: rate })).toThrow(/PLACE_LEADS_RATE must be a whole number/);
    expect(readConfig({ VITE_GEOCODER_URL: ' off ' }).defaultGeocoderUrl).toBe('off');
  });

  it('has the server’s own mail server only with SMTP_HOST, checked, its port following its security', () => {
    expect(readConfig({}).smtp).toBeUndefined();
    expect(readConfig({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'crm@example.com' }).smtp).toEqual({
      host: 'smtp.example.com',
      port: 587,
      security: 'starttls',
      username: '',
      password: '',
      from_address: 'crm@example.com',
      from_name: '',
    });
    const full = readConfig({
      SMTP_HOST: ' localhost ',
      SMTP_SECURITY: 'TLS',
      SMTP_USER: 'crm',
      SMTP_PASSWORD: ' with spaces ',
      SMTP_FROM: 'crm@example.com',
      SMTP_FROM_NAME: 'Demo Solar',
    }).smtp;
    expect(full).toMatchObject({ host: 'localhost', port: 465, security: 'tls', username: 'crm' });
    expect(full?.password).toBe(' with spaces ');
    expect(
      readConfig({ SMTP_HOST: 'relay', SMTP_SECURITY: 'none', SMTP_FROM: 'a@b.example' }).smtp?.port,
    ).toBe(25);
    expect(readConfig({ SMTP_HOST: 'relay', SMTP_PORT: '2525', SMTP_FROM: 'a@b.example' }).smtp?.port).toBe(
      2525,
    );
    expect(() => readConfig({ SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_FROM must be/);
    expect(() => readConfig({ SMTP_HOST: 'https://smtp.example.com', SMTP_FROM: 'a@b.example' })).toThrow(
      /SMTP_HOST must be a host name/,
    );
    expect(() => readConfig({ SMTP_HOST: 'relay', SMTP_SECURITY: 'ssl', SMTP_FROM: 'a@b.example' })).toThrow(
      /SMTP_SECURITY must be/,
    );
    for (const port of ['0', '65536', 'smtp', '25.5'])
      expect(() => readConfig({ SMTP_HOST: 'relay', SMTP_PORT: port, SMTP_FROM: 'a@b.example' })).toThrow(
        /SMTP_PORT must be/,
      );
    expect(() =>
      readConfig({
        SMTP_HOST: 'relay',
        SMTP_FROM: 'a@b.example',
        SMTP_FROM_NAME: 'Demo\nBcc: x@evil.example',
      }),
    ).toThrow(/SMTP_FROM_NAME/);
  });

  it('starts the links it hands out with PUBLIC_URL when set, else the address the request came to', () => {
    expect(readConfig({}).publicUrl).toBeUndefined();
    const config = readConfig({ PUBLIC_URL: ' https://crm.example.com/ ' });
    expect(config.publicUrl).toBe('https://crm.example.com');
    expect(linkOrigin(config, 'http://evil.example:3000/api/v2/proposals/x/share')).toBe(
      'https://crm.example.com',
    );
    expect(linkOrigin(readConfig({}), 'http://localhost:3000/api/v2/x')).toBe('http://localhost:3000');
    for (const bad of [
      'crm.example.com',
      'ftp://crm.example.com',
      'https://crm.example.com/app',
      'https://u:p@crm.example.com',
      'https://crm.example.com/?a=1',
    ])
      expect(() => readConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
  });

  it('allows private outgoing addresses only with OUTBOUND_ALLOW_PRIVATE=1', () => {
    expect(readConfig({}).outboundAllowPrivate).toBe(false);
    expect(readConfig({ NODE_ENV: 'development' }).outboundAllowPrivate).toBe(false);
    expect(readConfig({ OUTBOUND_ALLOW_PRIVATE: 'yes' }).outboundAllowPrivate).toBe(false);
    expect(readConfig({ OUTBOUND_ALLOW_PRIVATE: '1' }).outboundAllowPrivate).toBe(true);
  });

  it('caps live streams at 3 per session, 6 per user, 2,000 per process unless told otherwise', () => {
    expect(readConfig({}).limits).toMatchObject({
      streamsPerSession: 3,
      streamsPerUser: 6,
      streamsPerProcess: 2_000,
      pullsAtOnce: 4,
    });
    const set = readConfig({
      LIVE_STREAMS_PER_SESSION: '5',
      LIVE_STREAMS_PER_USER: '10',
      LIVE_STREAMS_MAX: '50',
      SYNC_PULLS_AT_ONCE: '12',
    });
    expect(set.limits).toMatchObject({
      streamsPerSession: 5,
      streamsPerUser: 10,
      streamsPerProcess: 50,
      pullsAtOnce: 12,
    });
    for (const bad of ['0', '-1', '2.5', 'many', '99999999']) {
      expect(() => readConfig({ LIVE_STREAMS_MAX: bad })).toThrow(/LIVE_STREAMS_MAX must be a whole number/);
      expect(() => readConfig({ SYNC_PULLS_AT_ONCE: bad })).toThrow(
        /SYNC_PULLS_AT_ONCE must be a whole number/,
      );
    }
  });

  it('seeds the demo org with SEED_CONTACTS contacts when set', () => {
    expect(readConfig({}).seedContacts).toBeUndefined();
    expect(readConfig({ SEED_CONTACTS: '400' }).seedContacts).toBe(400);
    expect(readConfig({ SEED_CONTACTS: '0' }).seedContacts).toBe(0);
    for (const bad of ['-1', '2.5', 'many', '2000000'])
      expect(() => readConfig({ SEED_CONTACTS: bad })).toThrow(/SEED_CONTACTS must be a whole number/);
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
