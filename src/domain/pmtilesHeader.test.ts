import { describe, expect, it } from 'vitest';
import { writePmtiles } from '#tests/support/pmtilesWriter.ts';
import { readPmtilesHeader } from './pmtilesHeader.ts';

const archive = writePmtiles({
  tiles: [
    { z: 3, x: 1, y: 3, data: new Uint8Array([1]) },
    { z: 5, x: 6, y: 12, data: new Uint8Array([2]) },
  ],
  bounds: [-112.1, 33.4, -112.0, 33.5],
});

describe('the PMTiles header', () => {
  it('reads zooms, extent and where the directories lie', () => {
    const check = readPmtilesHeader(archive);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.header).toMatchObject({ rootDirectoryOffset: 127, tileType: 1, minZoom: 3, maxZoom: 5 });
    expect(check.header.bounds[0]).toBeCloseTo(-112.1, 6);
    expect(check.header.bounds[3]).toBeCloseTo(33.5, 6);
  });

  it('tells other files, other versions and damaged headers apart', () => {
    expect(readPmtilesHeader(new Uint8Array(200))).toEqual({
      ok: false,
      message: 'This is not a PMTiles file. Choose a .pmtiles map extract.',
    });
    expect(readPmtilesHeader(archive.slice(0, 100)).ok).toBe(false);
    const v2 = archive.slice();
    v2[7] = 2;
    expect(readPmtilesHeader(v2)).toMatchObject({ ok: false, message: expect.stringMatching(/version 2/) });
    const damaged = archive.slice();
    damaged[100] = 9; // min zoom above max zoom
    expect(readPmtilesHeader(damaged)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/damaged/),
    });
  });
});
