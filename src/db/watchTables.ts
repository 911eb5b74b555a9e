import Dexie, { type ObservabilitySet } from 'dexie';

/**
 * Calls `onChange` with the watched tables a write changed, as the write commits, in this tab,
 * another or a worker (Dexie's `storagemutated`, fired at the commit and relayed between them): no
 * read, no wait for a query to run again. Tables of another database are never heard. Answers how
 * to stop listening.
 */
export function watchTables<T extends string>(
  databaseName: string,
  tables: readonly T[],
  onChange: (changed: ReadonlySet<T>) => void,
): () => void {
  const prefix = `idb://${databaseName}/`;
  const listener = (parts: ObservabilitySet) => {
    const changed = new Set<T>();
    for (const part in parts) {
      if (!part.startsWith(prefix)) continue;
      // A part is `idb://<database>/<table>/<index>` (the primary key's index is empty).
      const table = part.slice(prefix.length, part.indexOf('/', prefix.length));
      if ((tables as readonly string[]).includes(table)) changed.add(table as T);
    }
    if (changed.size) onChange(changed);
  };
  Dexie.on.storagemutated.subscribe(listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
}
