import { THUMB_MAX_SIDE } from '#src/domain/media.ts';

/**
 * A small JPEG of a photo for lists (longest side 256 px). Answers undefined for files that are not
 * images or that the browser cannot decode; the file itself is kept either way.
 */
export async function makeThumbnail(file: Blob): Promise<Blob | undefined> {
  if (!file.type.startsWith('image/')) return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMB_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    // JPEG has no transparency: a white background rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    return await new Promise<Blob | undefined>((resolve) =>
      canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.8),
    );
  } catch {
    return undefined;
  }
}
