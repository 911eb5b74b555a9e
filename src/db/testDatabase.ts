/** A device database opened by name, for tests (with fake-indexeddb) and nothing else. */
import type Dexie from 'dexie';
import { CrmDatabase } from './database.ts';

export function testDatabase(name: string, options?: ConstructorParameters<typeof Dexie>[1]): CrmDatabase {
  return new CrmDatabase(name, options);
}
