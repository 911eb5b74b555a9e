/**
 * Compacts row indexes of the page's device database off its main thread (`compactInBackground`,
 * rowIndexReader.ts): given the database's name and each table's indexed columns, it opens the
 * database as it stands (no schema of its own), compacts, answers once done, then ends.
 */
import Dexie from 'dexie';
import { type CompactionJob, compactTables } from './rowIndexCompaction.ts';

interface Message {
  name: string;
  jobs: CompactionJob[];
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Message>) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
};
scope.onmessage = async ({ data }) => {
  const db = new Dexie(data.name);
  try {
    await db.open();
    await compactTables(db, data.jobs);
  } catch (err) {
    console.warn('row index compaction failed', err);
  } finally {
    db.close();
    scope.postMessage('done');
    scope.close();
  }
};
