/** Files kept on the device (bytes not yet uploaded, or cached). */

import { thumbBlobId } from '../../domain/media.ts';
import type { CrmDatabase, MediaBlob } from '../database.ts';

export async function blobsOfMedia(
  db: CrmDatabase,
  mediaId: string,
): Promise<{ file: MediaBlob | undefined; thumb: MediaBlob | undefined }> {
  const [file, thumb] = await db.media_blobs.bulkGet([mediaId, thumbBlobId(mediaId)]);
  return { file, thumb };
}
