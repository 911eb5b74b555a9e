/**
 * Contest commands: an admin's saves and deletions, kept on the device at once and queued as
 * `record.save.v1` / `record.delete.v1`. The device refuses what the server would (a decided
 * contest changing more than its description), so the form says so before anything is queued.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import { getContest } from '#src/db/queries/contests.ts';
import { contestChangeProblem } from '#src/domain/contests.ts';
import { InvalidChangeError } from './enqueue.ts';
import { deleteRecord, saveRecord } from './records.ts';

/** Creates a contest (`id` undefined) or changes the given fields of one; answers its id. */
export async function saveContest(
  db: CrmDatabase,
  id: string | undefined,
  fields: Record<string, unknown>,
  author?: string,
): Promise<string> {
  const existing = id ? await getContest(db, id) : undefined;
  const problem = contestChangeProblem(existing as never, fields);
  if (problem) throw new InvalidChangeError(problem.message);
  return saveRecord(db, 'contests', id, fields, author);
}

/** Deletes a contest on the device and queues the deletion. */
export function deleteContest(db: CrmDatabase, id: string): Promise<void> {
  return deleteRecord(db, 'contests', id);
}
