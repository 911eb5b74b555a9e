/** Files kept on the device (bytes not yet uploaded, or cached). */

import { thumbBlobId } from '#src/domain/media.ts';
import type { CrmDatabase, MediaBlob } from '../database.ts';

/** A kept file with its bytes as a Blob, ready to show or upload. */
export type KeptFile = MediaBlob & { blob: Blob };

/** The bytes of a kept file as a Blob of its type (older rows already hold one). */
export function keptFileBlob(file: MediaBlob): Blob {
  return file.blob ?? new Blob([file.bytes ?? new ArrayBuffer(0)], { type: file.type });
}

const kept = (file: MediaBlob | undefined): KeptFile | undefined =>
  file && { ...file, blob: keptFileBlob(file) };

export async function blobsOfMedia(
  db: CrmDatabase,
  mediaId: string,
): Promise<{ file: KeptFile | undefined; thumb: KeptFile | undefined }> {
  const [file, thumb] = await db.media_blobs.bulkGet([mediaId, thumbBlobId(mediaId)]);
  return { file: kept(file), thumb: kept(thumb) };
}
