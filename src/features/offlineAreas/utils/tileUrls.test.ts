import { describe, expect, it } from 'vitest';
import { cacheKey, tileUrl, unsupportedPlaceholder } from './tileUrls.ts';

describe('tile URLs as MapLibre requests them', () => {
  it('fills in z, x and y', () => {
    expect(tileUrl(['https://tiles.example.com/{z}/{x}/{y}.pbf'], { z: 12, x: 772, y: 1643 })).toBe(
      'https://tiles.example.com/12/772/1643.pbf',
    );
  });

  it('counts rows from the south for TMS sources', () => {
    expect(tileUrl(['https://t.example.com/{z}/{x}/{y}.png'], { z: 3, x: 1, y: 2 }, { scheme: 'tms' })).toBe(
      'https://t.example.com/3/1/5.png',
    );
  });

  it('spreads tiles over several hosts by (x + y) mod n', () => {
    const hosts = ['https://a.example.com/{z}/{x}/{y}.png', 'https://b.example.com/{z}/{x}/{y}.png'];
    expect(tileUrl(hosts, { z: 1, x: 0, y: 0 })).toBe('https://a.example.com/1/0/0.png');
    expect(tileUrl(hosts, { z: 1, x: 1, y: 0 })).toBe('https://b.example.com/1/1/0.png');
    expect(tileUrl(hosts, { z: 1, x: 1, y: 1 })).toBe('https://a.example.com/1/1/1.png');
  });

  it('adds @2x for dense screens where the template asks', () => {
    const template = ['https://t.example.com/{z}/{x}/{y}{ratio}.png'];
    expect(tileUrl(template, { z: 1, x: 0, y: 0 }, { pixelRatio: 2 })).toBe(
      'https://t.example.com/1/0/0@2x.png',
    );
    expect(tileUrl(template, { z: 1, x: 0, y: 0 }, { pixelRatio: 1 })).toBe(
      'https://t.example.com/1/0/0.png',
    );
  });

  it('fills in quadkey, prefix and the tile bbox', () => {
    expect(tileUrl(['https://t.example.com/{quadkey}'], { z: 3, x: 3, y: 5 })).toBe(
      'https://t.example.com/213',
    );
    expect(tileUrl(['https://t.example.com/{prefix}/{z}'], { z: 5, x: 17, y: 2 })).toBe(
      'https://t.example.com/12/5',
    );
    expect(tileUrl(['https://wms.example.com/?bbox={bbox-epsg-3857}'], { z: 1, x: 0, y: 0 })).toBe(
      'https://wms.example.com/?bbox=-20037508.342789244,0,0,20037508.342789244',
    );
  });

  it('resolves a relative template and normalises as the browser does', () => {
    expect(
      tileUrl(
        ['/tiles/{z}/{x}/{y}.png'],
        { z: 0, x: 0, y: 0 },
        { base: 'https://m.example.com/s/style.json' },
      ),
    ).toBe('https://m.example.com/tiles/0/0/0.png');
    expect(cacheKey('https://f.example.com/fonts/Open Sans Regular/0-255.pbf')).toBe(
      'https://f.example.com/fonts/Open%20Sans%20Regular/0-255.pbf',
    );
  });

  it('refuses a source without templates, and names placeholders MapLibre leaves unfilled', () => {
    expect(() => tileUrl([], { z: 0, x: 0, y: 0 })).toThrow();
    expect(unsupportedPlaceholder('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('{s}');
    expect(unsupportedPlaceholder('https://t.example.org/{z}/{x}/{y}{r}.png')).toBe('{r}');
    expect(unsupportedPlaceholder('https://t.example.org/{z}/{x}/{y}.png')).toBeUndefined();
  });
});
