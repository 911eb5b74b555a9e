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

  it('rejects a port that is not a port', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
