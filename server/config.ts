/** Server settings, read once from the environment and checked before anything starts. */

export type ServerMode = 'development' | 'production' | 'test';

export interface ServerConfig {
  port: number;
  mode: ServerMode;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  /** The spec's development key: bypasses sign-in, only in development mode. */
  devKey: string | undefined;
  /** 'stable' or anything else (beta); shown as the page title's suffix. */
  channel: string;
  /** Served static app (the vite build); unset to serve the API only. */
  staticDir: string | undefined;
  /** Secure cookies when served over HTTPS. */
  secureCookies: boolean;
  /** Scheduled work (server/jobs); JOBS=off turns it off, e.g. for tests that do not need it. */
  jobs: boolean;
  /**
   * SECRETS_KEY: what stored secrets (OAuth tokens, webhook secrets) are encrypted with. Unset, a
   * random key is kept in the data folder; API instances sharing one database must share it.
   */
  secretsKey: string | undefined;
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const mode = parseMode(env.NODE_ENV);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got '${env.PORT}'.`);
  }
  const devKey = env.DEV_KEY?.trim() || undefined;
  if (devKey && mode === 'production') {
    throw new ConfigError(
      'DEV_KEY is set while NODE_ENV=production. The development key bypasses sign-in; unset it to start in production.',
    );
  }
  return {
    port,
    mode,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() || './data',
    seedDemo: env.SEED_DEMO !== '0',
    devKey,
    channel: env.APP_CHANNEL?.trim() || 'stable',
    staticDir: env.STATIC_DIR === '' ? undefined : (env.STATIC_DIR ?? './dist'),
    secureCookies: env.SECURE_COOKIES === '1',
    jobs: env.JOBS?.trim().toLowerCase() !== 'off',
    secretsKey: env.SECRETS_KEY?.trim() || undefined,
  };
}

function parseMode(value: string | undefined): ServerMode {
  if (value === 'development' || value === 'test') return value;
  return 'production';
}
