/**
 * WebKit's IndexedDB in a private session refuses Blob values ('Error preparing Blob/File data to
 * be stored in object store'). A photo attached there must still be kept and uploaded: the device
 * stores a file's bytes as an ArrayBuffer with its type.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { blobsOfMedia, keptFileBlob } from '../db/queries/media.ts';
import { addMedia } from './commands/index.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 9, 8, 7]);

/** Makes the store refuse any record holding a Blob, as WebKit's private mode does. */
function refuseBlobs() {
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method];
    vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (value && typeof value === 'object' && Object.values(value).some((v) => v instanceof Blob)) {
        throw new DOMException(
          'Error preparing Blob/File data to be stored in object store',
          'DataCloneError',
        );
      }
      return original.call(this, value, key);
    });
  }
}

const bytesOf = async (blob: Blob | undefined) => new Uint8Array(await (blob ?? new Blob()).arrayBuffer());
const freshDb = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });

describe('files kept on the device', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a photo and its thumbnail where the database refuses Blobs, bytes and type intact', async () => {
    refuseBlobs();
    const db = freshDb('private-session');
    const id = await addMedia(db, {
      lead_id: null,
      file: new Blob([PNG], { type: 'image/png' }),
      name: 'roof.png',
      thumb: new Blob([JPEG], { type: 'image/jpeg' }),
    });
    const { file, thumb } = await blobsOfMedia(db, id);
    expect(file?.blob.type).toBe('image/png');
    expect(await bytesOf(file?.blob)).toEqual(PNG);
    expect(thumb?.blob.type).toBe('image/jpeg');
    expect(await bytesOf(thumb?.blob)).toEqual(JPEG);
    // The record that names it is queued in the same transaction.
    expect((await db.outbox.toArray()).map((e) => e.row_id)).toEqual([id]);
  });

  it('still reads a file kept as a Blob before bytes were stored as such', async () => {
    const blob = new Blob([PNG], { type: 'image/png' });
    expect(keptFileBlob({ id: 'old', blob, name: 'old.png', type: 'image/png' })).toBe(blob);
  });
});
