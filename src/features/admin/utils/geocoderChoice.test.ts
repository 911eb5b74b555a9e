import { describe, expect, it } from 'vitest';
import { geocoderChoice, geocoderInWords } from './geocoderChoice.ts';

describe('the address search choice', () => {
  it.each([
    ['public', '', { kind: 'public' }],
    ['off', 'https://ignored.example', { kind: 'off' }],
    ['photon', '  https://photon.example.org ', { kind: 'photon', url: 'https://photon.example.org' }],
    ['nominatim', 'https://osm.example.org', { kind: 'nominatim', url: 'https://osm.example.org' }],
    ['photon', '   ', undefined],
  ] as const)('%s with %j is %j', (kind, url, expected) => {
    expect(geocoderChoice(kind, url)).toEqual(expected);
  });

  it.each([
    [null, {}, { key: 'geocoder.currentDefault' }],
    [null, { nominatimUrl: 'off' }, { key: 'geocoder.currentOff' }],
    [
      null,
      { nominatimUrl: 'https://n.example' },
      { key: 'geocoder.currentBuildDefault', url: 'https://n.example' },
    ],
    [{ kind: 'off' } as const, { googleKey: 'k' }, { key: 'geocoder.currentGoogle' }],
    [{ kind: 'public' } as const, {}, { key: 'geocoder.currentPublic' }],
    [
      { kind: 'photon', url: 'https://p.example' } as const,
      {},
      { key: 'geocoder.currentPhoton', url: 'https://p.example' },
    ],
    [
      { kind: 'nominatim', url: 'https://n.example' } as const,
      {},
      { key: 'geocoder.currentNominatim', url: 'https://n.example' },
    ],
    [{ kind: 'off' } as const, {}, { key: 'geocoder.currentOff' }],
  ])('%j with the build %j is said as %j', (setting, build, expected) => {
    expect(geocoderInWords(setting, build)).toEqual(expected);
  });
});
