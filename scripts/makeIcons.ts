/**
 * Draws the app icons (a sun over a roof line on the brand blue) as PNGs, so the manifest's icons
 * are real files made from code rather than binary blobs of unknown origin.
 * Run: node scripts/makeIcons.ts
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [28, 126, 214];
const SUN = [255, 196, 0];
const WHITE = [255, 255, 255];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function icon(size: number, safeZone: number): Buffer {
  const rows: Buffer[] = [];
  const c = size / 2;
  // The maskable icon passes 0.8: the drawing shrinks to stay inside the central safe zone.
  const scale = 1 / safeZone;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const dx = ((x - c) * scale) / size;
      const dy = ((y - c) * scale) / size;
      let color = BLUE;
      // Sun: a disc above the centre.
      if (Math.hypot(dx, dy + 0.12) < 0.2) color = SUN;
      // Roof: a white chevron below the sun.
      const roofY = 0.13 + Math.abs(dx) * 0.5;
      if (Math.abs(dx) < 0.38 && dy > roofY && dy < roofY + 0.08) color = WHITE;
      row.set(color, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync('public/icons/icon-192.png', icon(192, 1));
writeFileSync('public/icons/icon-512.png', icon(512, 1));
// Maskable icons keep their drawing inside the central 80% safe zone.
writeFileSync('public/icons/icon-maskable-512.png', icon(512, 0.8));
writeFileSync('public/icons/apple-touch-icon.png', icon(180, 1));
console.log('icons written to public/icons');
