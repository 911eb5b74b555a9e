/**
 * Unit test set-up (vitest.config.ts `setupFiles`, run before every test file): a fresh, empty
 * in-memory IndexedDB (fake-indexeddb) for the file, which Dexie uses too. Files share a worker's
 * loaded modules, so Dexie may have been loaded by an earlier file before any IndexedDB existed,
 * and one file's databases must never be another's.
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

const factory = new IDBFactory();
Object.assign(globalThis, { indexedDB: factory, IDBKeyRange });
Dexie.dependencies.indexedDB = factory;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;
