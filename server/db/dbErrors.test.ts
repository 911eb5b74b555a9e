import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalid } from '../services/serviceError.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { classifyDatabaseError, isTransientFailure, sqlStateOf } from './dbErrors.ts';

/** Real databases: PGlite always, PostgreSQL (node-postgres, one connection: temp tables) when TEST_DATABASE_URL is set. */
const kinds = [
  { name: 'pglite', options: { dataDir: 'memory://' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres', options: { databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 } }]
    : []),
];

describe.each(kinds)('classifying real errors from $name (through drizzle)', ({ options }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase(options);
  });
  afterAll(async () => handle?.close());

  /** What the query throws (drizzle wraps the driver's error as `cause`). */
  async function failure(query: SQL): Promise<unknown> {
    try {
      await handle.db.execute(query);
    } catch (err) {
      return err;
    }
    throw new Error('the query did not fail');
  }

  it('finds the SQLSTATE inside drizzle’s wrapped error', async () => {
    const err = await failure(sql`SELECT 'a'::int`);
    expect((err as Error).constructor.name).toBe('DrizzleQueryError');
    expect((err as { code?: unknown }).code).toBeUndefined();
    expect(sqlStateOf(err)).toBe('22P02');
    expect(classifyDatabaseError(err)).toEqual({
      kind: 'input',
      code: '22P02',
      message: 'A value has the wrong format.',
    });
  });

  it.each([
    ['a number beyond int4', sql`SELECT 2147483648::int`, '22003', 'A number is out of range.'],
    ['an impossible date', sql`SELECT '2024-13-45'::date`, '22008', 'A date or time is out of range.'],
    ['year 0000', sql`SELECT '0000-01-01'::date`, '22008', 'A date or time is out of range.'],
    ['NUL in text', sql`SELECT ${'a\u0000b'}::text`, '22021', expect.stringContaining('NUL')],
    ['\\u0000 in jsonb', sql`SELECT ${'{"a":"\\u0000"}'}::jsonb`, '22P05', expect.stringContaining('NUL')],
    [
      'a lone surrogate in jsonb',
      sql`SELECT ${'"\\ud800"'}::jsonb`,
      '22P02',
      'A value has the wrong format.',
    ],
  ])('calls %s an input error', async (_what, query, code, message) => {
    const err = await failure(query);
    expect(classifyDatabaseError(err)).toEqual({ kind: 'input', code, message });
    expect(isTransientFailure(err)).toBe(false);
  });

  it('calls a unique violation a conflict and a missing NOT NULL value an input error', async () => {
    // One transaction (one connection) with a savepoint per failing statement, rolled back at the end.
    const errors: unknown[] = [];
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`CREATE TEMP TABLE db_errors_probe (k int UNIQUE NOT NULL)`);
        await tx.execute(sql`INSERT INTO db_errors_probe (k) VALUES (1)`);
        for (const query of [
          sql`INSERT INTO db_errors_probe (k) VALUES (1)`,
          sql`INSERT INTO db_errors_probe (k) VALUES (NULL)`,
        ]) {
          await tx.transaction((savepoint) => savepoint.execute(query)).catch((err) => errors.push(err));
        }
        tx.rollback();
      })
      .catch(() => undefined);
    expect(classifyDatabaseError(errors[0])).toMatchObject({ kind: 'conflict', code: '23505' });
    expect(classifyDatabaseError(errors[1])).toMatchObject({ kind: 'input', code: '23502' });
  });

  it('calls a fault of the server’s own SQL "other", never input or transient', async () => {
    const err = await failure(sql`SELEC 1`);
    expect(classifyDatabaseError(err)).toMatchObject({ kind: 'other', code: '42601' });
    expect(isTransientFailure(err)).toBe(false);
  });
});

/** Errors shaped like node-postgres's and Node's network errors, and drizzle's wrapper around them. */
function pgError(code: string, message = 'database error'): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}
function wrapped(cause: unknown): Error {
  return new Error('Failed query: SELECT 1\nparams: ', { cause });
}
function networkError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), {
    code,
    errno: -111,
    syscall: 'connect',
  });
}

describe('classifying node-postgres and network errors', () => {
  it.each([
    ['admin shutdown', '57P01'],
    ['cannot connect now', '57P03'],
    ['too many connections', '53300'],
    ['connection failure', '08006'],
    ['serialization failure', '40001'],
    ['deadlock', '40P01'],
    ['lock not available', '55P03'],
  ])('calls %s (%s) unavailable, wrapped or not', (_what, code) => {
    for (const err of [pgError(code), wrapped(pgError(code))]) {
      expect(classifyDatabaseError(err)).toMatchObject({ kind: 'unavailable', code });
      expect(isTransientFailure(err)).toBe(true);
    }
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'])(
    'calls a network failure (%s) unavailable',
    (code) => {
      expect(classifyDatabaseError(networkError(code))).toMatchObject({ kind: 'unavailable', code });
      expect(isTransientFailure(wrapped(networkError(code)))).toBe(true);
    },
  );

  it('recognises node-postgres’s and the pool’s own connection messages', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Cannot use a pool after calling end on the pool',
    ]) {
      expect(classifyDatabaseError(wrapped(new Error(message)))).toMatchObject({ kind: 'unavailable' });
    }
  });

  it('maps input codes of node-postgres the same as PGlite’s', () => {
    expect(classifyDatabaseError(wrapped(pgError('22001')))).toEqual({
      kind: 'input',
      code: '22001',
      message: 'A value is too long.',
    });
    expect(classifyDatabaseError(pgError('23503'))).toMatchObject({ kind: 'input' });
    expect(classifyDatabaseError(pgError('22012'))).toMatchObject({ kind: 'input' });
    expect(classifyDatabaseError(pgError('54001'))).toMatchObject({ kind: 'input' });
    expect(classifyDatabaseError(pgError('23505'))).toMatchObject({ kind: 'conflict' });
    expect(classifyDatabaseError(pgError('42P01'))).toMatchObject({ kind: 'other' });
  });

  it('leaves errors that are not the database’s alone', () => {
    expect(classifyDatabaseError(new TypeError('x is undefined'))).toBeUndefined();
    expect(classifyDatabaseError(invalid('bad'))).toBeUndefined();
    expect(classifyDatabaseError(Object.assign(new Error('fs'), { code: 'ENOENT' }))).toBeUndefined();
    expect(classifyDatabaseError(undefined)).toBeUndefined();
    expect(classifyDatabaseError('a string')).toBeUndefined();
    expect(isTransientFailure(new Error('boom'))).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(classifyDatabaseError(a)).toBeUndefined();
    a.cause = Object.assign(b, { code: '22P02' });
    expect(classifyDatabaseError(a)).toMatchObject({ kind: 'input', code: '22P02' });
  });
});
