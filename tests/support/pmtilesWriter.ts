/**
 * Writes a PMTiles v3 archive from the format's documented layout: a 127-byte header, the root
 * directory, JSON metadata, leaf directories and the tile data, directories as varints. Tests build
 * their own small archives with it; `leafSize` forces leaf directories, as large archives have.
 */
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveOptions {
  tiles: ArchiveTile[];
  /** [west, south, east, north] */
  bounds: [number, number, number, number];
  /** 'gzip' (as tools write them) or 'none', for directories, metadata and tiles alike. */
  compression?: 'gzip' | 'none';
  /** At most this many entries per directory: more go to leaf directories. */
  leafSize?: number;
  metadata?: Record<string, unknown>;
  /** 1 MVT (default), 2 PNG … */
  tileType?: number;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return out;
}

function serializeDirectory(entries: Entry[]): Uint8Array {
  const values = [entries.length];
  let last = 0;
  for (const e of entries) {
    values.push(e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) values.push(e.runLength);
  for (const e of entries) values.push(e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    values.push(prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return Uint8Array.from(varints(values));
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};

export function writePmtiles(options: ArchiveOptions): Uint8Array {
  const gzip = (options.compression ?? 'gzip') === 'gzip';
  const pack = (bytes: Uint8Array) => (gzip ? new Uint8Array(gzipSync(bytes)) : bytes);
  const tiles = options.tiles
    .map((t) => ({ ...t, tileId: zxyToTileId(t.z, t.x, t.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  if (tiles.length === 0) throw new Error('An archive needs at least one tile.');

  const entries: Entry[] = [];
  const data: Uint8Array[] = [];
  let dataLength = 0;
  for (const tile of tiles) {
    const bytes = pack(tile.data);
    entries.push({ tileId: tile.tileId, offset: dataLength, length: bytes.byteLength, runLength: 1 });
    data.push(bytes);
    dataLength += bytes.byteLength;
  }

  const leafSize = options.leafSize ?? Number.POSITIVE_INFINITY;
  let root: Uint8Array;
  const leaves: Uint8Array[] = [];
  if (entries.length <= leafSize) root = pack(serializeDirectory(entries));
  else {
    const rootEntries: Entry[] = [];
    let leafOffset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const chunk = entries.slice(i, i + leafSize);
      const leaf = pack(serializeDirectory(chunk));
      rootEntries.push({
        tileId: chunk[0]?.tileId ?? 0,
        offset: leafOffset,
        length: leaf.byteLength,
        runLength: 0,
      });
      leaves.push(leaf);
      leafOffset += leaf.byteLength;
    }
    root = pack(serializeDirectory(rootEntries));
  }
  const metadata = pack(new TextEncoder().encode(JSON.stringify(options.metadata ?? {})));
  const leafBytes = concat(leaves);
  const tileBytes = concat(data);

  const header = new Uint8Array(127);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode('PMTiles'), 0);
  header[7] = 3;
  const u64 = (at: number, v: number) => view.setBigUint64(at, BigInt(v), true);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.byteLength;
  const leafOffset = metadataOffset + metadata.byteLength;
  const dataOffset = leafOffset + leafBytes.byteLength;
  u64(8, rootOffset);
  u64(16, root.byteLength);
  u64(24, metadataOffset);
  u64(32, metadata.byteLength);
  u64(40, leafOffset);
  u64(48, leafBytes.byteLength);
  u64(56, dataOffset);
  u64(64, tileBytes.byteLength);
  u64(72, tiles.length);
  u64(80, entries.length);
  u64(88, tiles.length);
  view.setUint8(96, 1); // clustered
  view.setUint8(97, gzip ? 2 : 1); // internal compression
  view.setUint8(98, gzip ? 2 : 1); // tile compression
  view.setUint8(99, options.tileType ?? 1);
  const zooms = tiles.map((t) => t.z);
  const minZoom = Math.min(...zooms);
  const maxZoom = Math.max(...zooms);
  view.setUint8(100, minZoom);
  view.setUint8(101, maxZoom);
  const [west, south, east, north] = options.bounds;
  const e7 = (at: number, deg: number) => view.setInt32(at, Math.round(deg * 1e7), true);
  e7(102, west);
  e7(106, south);
  e7(110, east);
  e7(114, north);
  view.setUint8(118, maxZoom);
  e7(119, (west + east) / 2);
  e7(123, (south + north) / 2);
  return concat([header, root, metadata, leafBytes, tileBytes]);
}
