/**
 * The fixed 127-byte header of a PMTiles v3 archive (the format's documented layout): enough to
 * tell a tile archive from any other file and to know its zooms and extent. Pure.
 */

export const PMTILES_HEADER_BYTES = 127;
/** The file starts with these seven ASCII letters, then the spec version as one byte. */
const MAGIC = 'PMTiles';
const SUPPORTED_VERSION = 3;

export interface PmtilesHeader {
  rootDirectoryOffset: number;
  rootDirectoryLength: number;
  leafDirectoryOffset: number;
  tileDataOffset: number;
  /** 1 MVT, 2 PNG, 3 JPEG, 4 WebP, 5 AVIF, 6 MLT; 0 unknown. */
  tileType: number;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
}

export type HeaderCheck = { ok: true; header: PmtilesHeader } | { ok: false; message: string };

/** Checks the first bytes of a file: PMTiles magic, version 3, and sane offsets and zooms. */
export function readPmtilesHeader(bytes: Uint8Array): HeaderCheck {
  const notPmtiles = 'This is not a PMTiles file. Choose a .pmtiles map extract.';
  if (bytes.byteLength < PMTILES_HEADER_BYTES) return { ok: false, message: notPmtiles };
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC) return { ok: false, message: notPmtiles };
  const version = bytes[7];
  if (version !== SUPPORTED_VERSION) {
    return {
      ok: false,
      message: `This PMTiles file is version ${version}; only version 3 is supported. Convert it with pmtiles convert.`,
    };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, PMTILES_HEADER_BYTES);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const degrees = (at: number) => view.getInt32(at, true) / 1e7;
  const header: PmtilesHeader = {
    rootDirectoryOffset: u64(8),
    rootDirectoryLength: u64(16),
    leafDirectoryOffset: u64(40),
    tileDataOffset: u64(56),
    tileType: view.getUint8(99),
    minZoom: view.getUint8(100),
    maxZoom: view.getUint8(101),
    bounds: [degrees(102), degrees(106), degrees(110), degrees(114)],
  };
  if (
    header.rootDirectoryOffset < PMTILES_HEADER_BYTES ||
    header.rootDirectoryLength === 0 ||
    header.minZoom > header.maxZoom ||
    header.maxZoom > 30
  ) {
    return { ok: false, message: 'This PMTiles file is damaged: its header does not add up.' };
  }
  return { ok: true, header };
}
