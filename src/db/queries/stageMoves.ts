/** Contacts' moves between deal stages on the device, from the server's 'moved_to' activity. */
import type { StageMove } from '#src/domain/monthlySales.ts';
import type { CrmDatabase } from '../database.ts';

/** Every move recorded at or after `since` (the activity table is indexed by date). */
export async function stageMovesSince(db: CrmDatabase, since: Date): Promise<StageMove[]> {
  const rows = await db.activities.where('date').aboveOrEqual(since.toISOString()).toArray();
  const moves: StageMove[] = [];
  for (const row of rows) {
    if (row.type !== 'moved_to' || row.deleted_at || !Array.isArray(row.lead_refs)) continue;
    // A pull puts the activity's details on the row itself; rows written on the device keep `data`.
    const data = (row.data && typeof row.data === 'object' ? row.data : row) as Record<string, unknown>;
    const lead = row.lead_refs[0];
    if (typeof lead !== 'string' || typeof row.date !== 'string') continue;
    moves.push({
      lead_id: lead,
      from: typeof data.old === 'string' ? data.old : null,
      to: typeof data.new === 'string' ? data.new : null,
      date: row.date,
    });
  }
  return moves;
}
