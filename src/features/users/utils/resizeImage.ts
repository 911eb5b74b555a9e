import { fitWithin, PROFILE_PHOTO_MAX_SIDE } from '#src/domain/profilePhoto.ts';

/**
 * A photo made small enough for a profile picture: its longest side at most 512 px, as a JPEG
 * (every browser encodes it; a phone's 12-megapixel photo becomes tens of kilobytes). Rejects
 * when the browser cannot read the image.
 */
export async function resizeImage(file: Blob, maxSide = PROFILE_PHOTO_MAX_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
    if (!width || !height) throw new Error('The image has no size.');
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    // A transparent PNG gets a white background rather than JPEG's black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
        'image/jpeg',
        0.85,
      ),
    );
  } finally {
    bitmap.close();
  }
}
