/**
 * `selectPreparedRows`: the pull's first statement runs as a named prepared statement on
 * PostgreSQL (each connection plans it once), with its values as parameters, and as a plain
 * statement on PGlite; either way it answers as `selectRows` does.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectPreparedRows, selectRows } from '#server/db/client.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/testDatabase.ts';

const query = (n: number, word: string) => sql`SELECT ${n}::int + 1 AS n, upper(${word}::text) AS word`;

describe.each(testDatabaseKinds('both'))('prepared rows on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await openTestDatabase(kind);
  });
  afterAll(() => tdb.dispose());

  it('answers as a plain statement does, for every set of values', async () => {
    for (const [n, word] of [
      [1, 'knock'],
      [41, "o'brien; DROP TABLE contacts"],
      [-7, ''],
    ] as const) {
      const plain = await selectRows(tdb.handle.db, query(n, word));
      expect(await selectPreparedRows(tdb.handle.db, query(n, word))).toEqual(plain);
      expect(plain).toEqual([{ n: n + 1, word: word.toUpperCase() }]);
    }
  });
});

describe.runIf(testDatabaseKinds().includes('postgres'))('prepared rows on one PostgreSQL connection', () => {
  let tdb: TestDatabase;
  let single: DatabaseHandle;
  beforeAll(async () => {
    tdb = await openTestDatabase('postgres');
    single = await openDatabase({ databaseUrl: tdb.url, poolSize: 1 });
  });
  afterAll(async () => {
    await single.close();
    await tdb.dispose();
  });

  it('prepares the statement once on the connection and runs it again with new values', async () => {
    const statements = async () =>
      (await selectRows(single.db, sql`SELECT statement FROM pg_prepared_statements`)).map((r) =>
        String(r.statement),
      );
    const before = (await statements()).filter((s) => s.includes('AS word')).length;
    await selectPreparedRows(single.db, query(1, 'a'));
    await selectPreparedRows(single.db, query(2, 'b'));
    expect((await statements()).filter((s) => s.includes('AS word'))).toHaveLength(before + 1);
  });
});
