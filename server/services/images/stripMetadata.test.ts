import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_SIDE } from '#src/domain/media.ts';
import { containsText, GPS_MARK, jpegImage, pngImage, webpImage } from '#tests/support/imageFixtures.ts';
import { cleanImage, ImageProblem, sniffImageType } from './stripMetadata.ts';

/** The JPEG's markers in order (after SOI), up to the first scan. */
function jpegMarkers(bytes: Uint8Array): string[] {
  const found: string[] = [];
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1] as number;
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    const label = String.fromCharCode(...bytes.subarray(at + 4, at + 8)).replace(/[^\x20-\x7e]/g, '.');
    found.push(`${marker.toString(16)}${marker >= 0xe0 ? `:${label}` : ''}`);
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return found;
}

/** The PNG's chunk types in order, each chunk's CRC checked on the way. */
function pngChunks(bytes: Uint8Array): string[] {
  const types: string[] = [];
  const view = Buffer.from(bytes);
  for (let at = 8; at < view.length; ) {
    const length = view.readUInt32BE(at);
    types.push(view.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

function pngPixels(bytes: Uint8Array): Buffer {
  const view = Buffer.from(bytes);
  const idat: Buffer[] = [];
  for (let at = 8; at < view.length; ) {
    const length = view.readUInt32BE(at);
    if (view.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(view.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(idat));
}

function webpChunks(bytes: Uint8Array): string[] {
  const view = Buffer.from(bytes);
  expect(view.toString('latin1', 0, 4)).toBe('RIFF');
  expect(view.readUInt32LE(4)).toBe(view.length - 8);
  const found: string[] = [];
  for (let at = 12; at < view.length; ) {
    const size = view.readUInt32LE(at + 4);
    found.push(view.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  return found;
}

describe('sniffImageType', () => {
  it.each([
    ['JPEG', jpegImage(), 'image/jpeg'],
    ['PNG', pngImage(), 'image/png'],
    ['WebP', webpImage(), 'image/webp'],
    ['GIF', new Uint8Array(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')), 'image/gif'],
    ['SVG', new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined],
    ['PDF', new Uint8Array(Buffer.from('%PDF-1.7\n')), undefined],
    ['empty', new Uint8Array(), undefined],
    ['RIFF that is not WebP', new Uint8Array(Buffer.from('RIFF\x04\x00\x00\x00WAVE', 'latin1')), undefined],
  ])('%s', (_name, bytes, expected) => {
    expect(sniffImageType(bytes)).toBe(expected);
  });
});

describe('cleanImage', () => {
  it('takes EXIF (GPS, device), XMP, IPTC, comments and trailing pictures out of a JPEG, keeping its orientation', () => {
    const original = jpegImage({ width: 40, height: 30, metadata: true, orientation: 6 });
    expect(containsText(original, GPS_MARK)).toBe(true);
    const clean = cleanImage(original);
    expect(clean).toMatchObject({ type: 'image/jpeg', width: 40, height: 30 });
    expect(containsText(clean.bytes, GPS_MARK)).toBe(false);
    expect(containsText(clean.bytes, 'PhoneMaker')).toBe(false);
    expect(containsText(clean.bytes, 'Taken at')).toBe(false);
    expect(jpegMarkers(clean.bytes)).toEqual(['e0:JFIF', 'e1:Exif', 'e2:ICC_', 'db', 'c0', 'c4', 'da']);
    // The one EXIF left holds the orientation (6: turned right) and nothing else.
    const exif = Buffer.from(clean.bytes).subarray(Buffer.from(clean.bytes).indexOf('Exif\0\0', 0, 'latin1'));
    expect(exif.readUInt16BE(6 + 8)).toBe(1);
    expect(exif.readUInt16BE(6 + 10)).toBe(0x0112);
    expect(exif.readUInt16BE(6 + 18)).toBe(6);
    // The scan and the end are as they were; nothing follows the end.
    expect(Buffer.from(clean.bytes.subarray(-10))).toEqual(
      Buffer.from(jpegImage({ width: 40, height: 30 }).subarray(-10)),
    );
    expect(cleanImage(clean.bytes).bytes).toEqual(clean.bytes);
  });

  it('leaves out the EXIF block altogether when the orientation is the default', () => {
    const clean = cleanImage(jpegImage({ metadata: true, orientation: 1 }));
    expect(jpegMarkers(clean.bytes)).toEqual(['e0:JFIF', 'e2:ICC_', 'db', 'c0', 'c4', 'da']);
  });

  it('leaves a JPEG without metadata byte for byte as it was', () => {
    const plain = jpegImage();
    expect(cleanImage(plain).bytes).toEqual(plain);
  });

  it('takes tEXt, zTXt, iTXt, eXIf and tIME out of a PNG; its pixels are untouched', () => {
    const original = pngImage({ width: 3, height: 2, metadata: true });
    expect(containsText(original, GPS_MARK)).toBe(true);
    const clean = cleanImage(original);
    expect(clean).toMatchObject({ type: 'image/png', width: 3, height: 2 });
    expect(containsText(clean.bytes, GPS_MARK)).toBe(false);
    expect(pngChunks(clean.bytes)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(pngPixels(clean.bytes)).toEqual(pngPixels(original));
    expect(clean.bytes).toEqual(pngImage({ width: 3, height: 2 }));
  });

  it('takes EXIF and XMP out of a WebP, clears their flags and fixes the RIFF size', () => {
    const original = webpImage({ metadata: true });
    expect(containsText(original, GPS_MARK)).toBe(true);
    const clean = cleanImage(original);
    expect(clean).toMatchObject({ type: 'image/webp', width: 1, height: 1 });
    expect(containsText(clean.bytes, GPS_MARK)).toBe(false);
    expect(webpChunks(clean.bytes)).toEqual(['VP8X', 'VP8L']);
    expect((clean.bytes[20] as number) & 0x0c).toBe(0);
    // The picture itself (VP8L) is what the plain 1×1 file holds.
    expect(Buffer.from(clean.bytes).subarray(30)).toEqual(Buffer.from(webpImage()).subarray(12));
    expect(cleanImage(webpImage()).bytes).toEqual(webpImage());
  });

  it.each([
    ['a side too long', pngImage({ declared: { width: IMAGE_MAX_SIDE + 1, height: 10 } })],
    ['too many pixels', pngImage({ declared: { width: 7000, height: 7000 } })],
    ['a JPEG too large', jpegImage({ width: 9000, height: 9000 })],
    ['a GIF too large', new Uint8Array(Buffer.from('GIF89a\xff\xff\xff\xff\x00\x00\x00;', 'latin1'))],
  ])('refuses a picture with %s', (_name, bytes) => {
    expect(() => cleanImage(bytes)).toThrow(ImageProblem);
    try {
      cleanImage(bytes);
    } catch (err) {
      expect((err as ImageProblem).kind).toBe('dimensions');
      expect((err as Error).message).toMatch(/at most 8000 pixels a side and 40 megapixels/);
    }
  });

  it('takes a picture right at the bound', () => {
    expect(cleanImage(pngImage({ declared: { width: 8000, height: 5000 } }))).toMatchObject({ width: 8000 });
  });

  const png = pngImage();
  const jpeg = jpegImage();
  const webp = webpImage({ metadata: true });
  it.each([
    ['a truncated PNG', png.subarray(0, png.length - 5)],
    ['a PNG without IHDR first', new Uint8Array([...png.subarray(0, 8), ...png.subarray(33)])],
    [
      'a PNG chunk longer than the file',
      (() => {
        const b = png.slice();
        b[33] = 0x7f;
        return b;
      })(),
    ],
    ['a PNG of zero width', pngImage({ declared: { width: 0, height: 1 } })],
    ['a truncated JPEG header', jpeg.subarray(0, 30)],
    ['a JPEG without a frame', new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x00, 0xff, 0xd9])],
    ['a JPEG segment running past the end', new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x00])],
    ['a JPEG that is only its start', new Uint8Array([0xff, 0xd8, 0xff])],
    ['a JPEG of zero width', jpegImage({ width: 0 })],
    [
      'a WebP whose RIFF size is past the end',
      (() => {
        const b = webp.slice();
        b[4] = 0xff;
        return b;
      })(),
    ],
    [
      'a WebP chunk longer than the file',
      (() => {
        const b = webp.slice();
        b[16] = 0xff;
        b[17] = 0xff;
        return b;
      })(),
    ],
    ['a WebP without a picture', new Uint8Array(Buffer.from('RIFF\x04\x00\x00\x00WEBP', 'latin1'))],
    ['a GIF cut short', new Uint8Array(Buffer.from('GIF89a\x01', 'latin1'))],
    ['something else', new Uint8Array(Buffer.from('%PDF-1.7'))],
  ])('refuses %s with a clear problem, never a crash', (_name, bytes) => {
    expect(() => cleanImage(bytes)).toThrow(ImageProblem);
  });

  it('never throws anything but an ImageProblem, whatever the bytes after a picture signature', () => {
    const starts = [
      jpeg.subarray(0, 3),
      png.subarray(0, 8),
      webp.subarray(0, 12),
      new Uint8Array(Buffer.from('GIF89a')),
    ];
    for (let run = 0; run < 2000; run++) {
      const start = starts[run % starts.length] as Uint8Array;
      const tail = Uint8Array.from({ length: (run * 7) % 90 }, (_, i) => (run * 31 + i * 17) & 0xff);
      const bytes = new Uint8Array([...start, ...tail]);
      try {
        cleanImage(bytes);
      } catch (err) {
        expect(err).toBeInstanceOf(ImageProblem);
      }
    }
  });
});
