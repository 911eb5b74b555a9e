/** What every service needs: the database, the settings and a clock (replaceable in tests). */
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

export interface ServiceContext {
  db: Database;
  config: ServerConfig;
  now(): Date;
}

/** A database handle or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;
