import type { TableRow } from '#src/db/rows.ts';
import { lastActiveOf } from '#src/domain/lastActive.ts';
import type { UsersLastActive } from '#src/domain/schemas/userProfile.ts';
import { rowWith } from './rowWith.ts';

/**
 * Users' rows with the last activity their page shows (`lastActiveOf`: the server's when read,
 * else the synced row's), so the column is shown, sorted and grouped by it. Unchanged rows are
 * the same objects, and without the server's answer the rows are as they were.
 */
export function withLastActive(rows: TableRow[], server: UsersLastActive | undefined): TableRow[] {
  if (!server) return rows;
  return rows.map((row) => {
    const at = lastActiveOf(server[row._id], row.last_active);
    return at === (row.last_active ?? null) ? row : rowWith(row, { last_active: at });
  });
}
