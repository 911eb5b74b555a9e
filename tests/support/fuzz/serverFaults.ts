/**
 * What fails a request besides a 5xx: a value refused by the database rather than by a schema, and a
 * sync change rejected as a fault of the server.
 */
import { classifyDatabaseError } from '#server/db/dbErrors.ts';
import * as syncService from '#server/services/sync.ts';

/**
 * What the server says when the database refused a value (22xxx, 23xxx, 54xxx): a value the
 * schemas let through but cannot be stored — a hole in a schema, to be closed there.
 */
export const DATABASE_REFUSALS = new Set(
  [
    '22000',
    '22P02',
    '22001',
    '22003',
    '22007',
    '22008',
    '22009',
    '22021',
    '22P05',
    '23000',
    '23502',
    '23503',
    '23514',
    '54001',
  ].map((code) => classifyDatabaseError({ code })?.message as string),
);
export const refusedByDatabase = (text: string) => {
  try {
    return DATABASE_REFUSALS.has((JSON.parse(text) as { message?: string }).message ?? '');
  } catch {
    return false;
  }
};

const sync = syncService as Record<string, unknown>;
/** The sync service's words for a change rejected because of a fault of its own, when it has them. */
export const SERVER_FAULT = sync.SERVER_FAULT_MESSAGE as string | undefined;
