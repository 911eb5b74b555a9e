/** What every service needs: the database, the settings and a clock (replaceable in tests). */
import type { DealStage } from '#src/domain/dealStages.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

export interface ServiceContext {
  db: Database;
  config: ServerConfig;
  now(): Date;
  /**
   * Set while a sync push applies a batch: `db` is then the batch's one transaction (or a savepoint
   * in it, when the batch is applied again around a refusal), every write of the batch carries the batch's version, and settings read once
   * per batch are kept here. A legacy bulk add and an automation's action run their writes the
   * same way, in one transaction with one version (inVersionedTransaction, versions.ts).
   */
  batch?: WriteBatch;
  /**
   * Set while an automation's action writes: how many automation runs led to this write, so the
   * events it records carry it and a chain of automations stops at the depth limit.
   */
  automationDepth?: number;
}

export interface WriteBatch {
  /** Taken from the org's counter by the batch transaction itself, never inside a savepoint. */
  version: number;
  dealStages?: DealStage[];
  /** The org's enabled webhook endpoints and the event types each takes (webhooks.ts, `enqueueWebhook`). */
  webhookEndpoints?: { id: string; saved_by: string | null; event_types: string[] }[];
}

/** A database handle or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/**
 * Runs `work` in a transaction of its own, or directly inside a sync batch's transaction (or the
 * savepoint it opened around this write): one more savepoint would only cost round trips.
 */
export function inTransaction<T>(
  ctx: Pick<ServiceContext, 'db' | 'batch'>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (ctx.batch) return work(ctx.db);
  return ctx.db.transaction(work);
}
