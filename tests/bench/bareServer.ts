/**
 * The machine's limit for the leads query: a bare Node `http` server running the same SQL the API
 * runs for `GET /api/v2/leads/get?limit=100` (an admin's first page), with no framework around it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const QUERY = 'SELECT * FROM contacts WHERE org_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 100';

type Run = (sql: string, params: unknown[]) => Promise<unknown[]>;

async function open(): Promise<Run> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
    return async (sql, params) => (await pool.query(sql, params)).rows;
  }
  const db = await PGlite.create(process.env.DATA_DIR ?? './data');
  return async (sql, params) => (await db.query(sql, params)).rows;
}

const run = await open();
const server = createServer(async (_req, res) => {
  try {
    const rows = await run(QUERY, [6]);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: true, data: rows }));
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`bare server on http://localhost:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
