/**
 * The sync protocol on the wire (ARCHITECTURE.md, "Sync protocol invariants"). Push sends a device's numbered mutations;
 * pull returns changed rows in version order. Shared by the sync engine and the server.
 */
import { z } from 'zod';
import {
  LOG_BATCH_MAX,
  PULL_DEFAULT_LIMIT,
  PULL_MAX_LIMIT,
  PUSH_MAX_MUTATIONS,
  type SyncTable,
} from '../syncProtocol.ts';
import { INT4_MAX, isoDateTime, jsonObject, jsonValue, queryInt, safeString, uuidSchema } from './common.ts';

/** A device numbers its mutations 1, 2, 3…; the server keeps the last one in a bigint. */
const mutationIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A mutation's name and args, checked one mutation at a time when the server applies it. */
export const mutationSchema = z
  .object({
    id: mutationIdSchema,
    name: safeString.min(1).max(100),
    args: jsonObject,
  })
  .strict();

export const pushSchema = z
  .object({
    client_id: uuidSchema,
    schema_version: z.number().int().min(1).max(INT4_MAX),
    // Only the ids are checked for the whole batch: a mutation whose name or args the server can
    // never accept is rejected on its own and must not refuse (and so block) the ones behind it.
    mutations: z
      .array(z.object({ id: mutationIdSchema, name: z.unknown(), args: z.unknown() }))
      .max(PUSH_MAX_MUTATIONS, { message: `send at most ${PUSH_MAX_MUTATIONS} mutations at a time` }),
  })
  .strict();
export type PushRequest = z.infer<typeof pushSchema>;

export type MutationStatus = 'applied' | 'duplicate' | 'rejected';
export interface MutationResult {
  id: number;
  status: MutationStatus;
  message?: string;
}
export interface PushResponse {
  success: true;
  last_mutation_id: number;
  results: MutationResult[];
}

export const pullQuerySchema = z
  .object({
    cursor: queryInt(0, Number.MAX_SAFE_INTEGER).default(0),
    limit: queryInt(1, PULL_MAX_LIMIT).default(PULL_DEFAULT_LIMIT),
    client_id: uuidSchema.optional(),
    /**
     * The tombstone horizon the device's rows were pulled under (the `horizon` of the answer that
     * started its last full sync): a cursor below the server's horizon needs no full sync when the
     * device already started one under it. Absent: 0.
     */
    horizon: queryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();
export type PullQuery = z.infer<typeof pullQuerySchema>;

export interface PullChange {
  table: SyncTable;
  /** The row as the spec's answers show it; `deleted_at` set means a tombstone. */
  row: Record<string, unknown> & { _id: string; version: number; deleted_at: string | null };
}

export interface PullResponse {
  success: true;
  changes: PullChange[];
  cursor: number;
  last_mutation_id: number;
  has_more: boolean;
  /** The cursor is too old (or the caller's reach changed): drop local rows and pull from 0. */
  reset: boolean;
  /**
   * The org's tombstone horizon: tombstones at or below it may have been pruned. A device keeps the
   * horizon of the answer that starts a full sync (from cursor 0, or a reset) and sends it with
   * every pull, so the pages of that full sync are not answered with a reset again. (Servers from
   * before it send none.)
   */
  horizon?: number;
}

/** Append-only logs a device sends in batches; each record is inserted once, by its id. */
const logTime = isoDateTime();
const logText = (max: number) => safeString.max(max);

export const logsPushSchema = z
  .object({
    client_id: uuidSchema,
    sessions: z
      .array(
        z
          .object({
            id: uuidSchema,
            fingerprint: logText(200).nullable().optional(),
            start_time: logTime,
            end_time: logTime.nullable().optional(),
          })
          .strict(),
      )
      .max(LOG_BATCH_MAX)
      .default([]),
    events: z
      .array(
        z
          .object({
            id: uuidSchema,
            session_id: uuidSchema.nullable().optional(),
            type: logText(100).min(1),
            ref: logText(200).nullable().optional(),
            table: logText(100).nullable().optional(),
            value: jsonValue.optional(),
            timestamp: logTime,
          })
          .strict(),
      )
      .max(LOG_BATCH_MAX)
      .default([]),
    errors: z
      .array(
        z
          .object({
            id: uuidSchema,
            session_id: uuidSchema.nullable().optional(),
            event: logText(200).min(1),
            code: logText(100).nullable().optional(),
            log: jsonValue.optional(),
          })
          .strict(),
      )
      .max(LOG_BATCH_MAX)
      .default([]),
    fingerprints: z
      .array(
        z
          .object({
            id: uuidSchema,
            fingerprint: logText(200).min(1),
            device: logText(200).nullable().optional(),
            browser: logText(200).nullable().optional(),
            creation_date: logTime,
          })
          .strict(),
      )
      .max(LOG_BATCH_MAX)
      .default([]),
    /** Tracked paths: sent when started and again when ended. */
    paths: z
      .array(
        z
          .object({
            id: uuidSchema,
            name: logText(200).nullable().optional(),
            started_at: logTime,
            ended_at: logTime.nullable().optional(),
          })
          .strict(),
      )
      .max(LOG_BATCH_MAX)
      .default([]),
    path_points: z
      .array(
        z
          .object({
            id: uuidSchema,
            path_id: uuidSchema,
            lat: z.number().min(-90).max(90),
            lng: z.number().min(-180).max(180),
            accuracy: z.number().min(0).max(100_000).nullable().optional(),
            recorded_at: logTime,
          })
          .strict(),
      )
      .max(LOG_BATCH_MAX)
      .default([]),
  })
  .strict();
export type LogsPush = z.infer<typeof logsPushSchema>;

type LogStream = 'sessions' | 'events' | 'errors' | 'fingerprints' | 'paths' | 'path_points';

/**
 * The answer to a logs batch: how many of each stream were taken. Path points that may not be
 * added (to someone else's path, one that does not exist, or after their path ended) are skipped
 * and counted under `rejected`; the rest of the batch is stored, so the device moves on.
 */
export type LogsPushResponse = {
  accepted: Record<LogStream, number>;
  rejected: { path_points: number };
};

/**
 * The spec's serverless "event sync": the same append-only streams as a logs batch, named by
 * the four the spec lists (no client id, no tracked paths).
 */
export const eventSyncSchema = logsPushSchema
  .pick({ fingerprints: true, sessions: true, events: true, errors: true })
  .strict();
