import { describe, expect, it, vi } from 'vitest';
import {
  GeocoderUnreachable,
  GOOGLE_KEY_MISSING,
  geocoderFor,
  googleGeocoder,
  openGeocoder,
  photonGeocoder,
} from './geocoder.ts';
import type { GeocoderCall } from './geocoding/politeFetch.ts';

const answer = (body: unknown, status = 200) =>
  vi.fn(async (_url: string, _call?: GeocoderCall) => ({ ok: status < 400, status, json: async () => body }));

describe('open geocoder', () => {
  it('searches US addresses near the map and formats them street, city, STATE ZIP', async () => {
    const fetcher = answer([
      {
        lat: '33.5046',
        lon: '-112.0590',
        address: {
          house_number: '4410',
          road: 'N 12th St',
          city: 'Phoenix',
          state: 'Arizona',
          postcode: '85014',
          country_code: 'us',
        },
      },
      { lat: '45.5', lon: '-73.5', address: { city: 'Montreal', country_code: 'ca' } },
    ]);
    const results = await openGeocoder('https://geo.example/', fetcher).search('4410 N 12th', {
      lng: -112,
      lat: 33.5,
    });
    expect(results).toEqual([
      { address: '4410 N 12th St, Phoenix, AZ 85014', lat: 33.5046, lng: -112.059, source: 'open' },
    ]);
    const url = new URL(fetcher.mock.calls[0]?.[0] as string);
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('countrycodes')).toBe('us');
    expect(url.searchParams.get('viewbox')).toBe('-112.5,34,-111.5,33');
  });

  it('reverse geocodes a dropped pin, and a failure is logged and gives nothing', async () => {
    const ok = answer({
      lat: '33.45',
      lon: '-112.07',
      address: { house_number: '1', road: 'Main St', town: 'Mesa', state: 'AZ', postcode: '85201' },
    });
    expect(await openGeocoder('https://geo.example', ok).reverse(-112.07, 33.45)).toMatchObject({
      address: '1 Main St, Mesa, AZ 85201',
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      await openGeocoder('https://geo.example', answer({}, 500)).reverse(-112.07, 33.45),
    ).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('says so when the search itself fails', async () => {
    await expect(openGeocoder('https://geo.example', answer([], 503)).search('x')).rejects.toThrow(/503/);
  });
});

describe('Google geocoder', () => {
  const place = {
    formatted_address: '4410 N 12th St, Phoenix, AZ 85014, USA',
    geometry: { location: { lat: 33.5046, lng: -112.059 } },
    address_components: [
      { long_name: '4410', short_name: '4410', types: ['street_number'] },
      { long_name: 'North 12th Street', short_name: 'N 12th St', types: ['route'] },
      { long_name: 'Phoenix', short_name: 'Phoenix', types: ['locality'] },
      { long_name: 'Arizona', short_name: 'AZ', types: ['administrative_area_level_1'] },
      { long_name: '85014', short_name: '85014', types: ['postal_code'] },
    ],
  };

  it('needs a key, with the spec’s message', () => {
    expect(() => googleGeocoder(undefined)).toThrow(GOOGLE_KEY_MISSING);
  });

  it('gives results, an empty list for zero results, and an error for a failing status', async () => {
    const ok = answer({ status: 'OK', results: [place] });
    expect(await googleGeocoder('k', ok).search('4410 N 12th')).toEqual([
      { address: '4410 North 12th Street, Phoenix, AZ 85014', lat: 33.5046, lng: -112.059, source: 'google' },
    ]);
    const url = new URL(ok.mock.calls[0]?.[0] as string);
    expect(url.searchParams.get('components')).toBe('country:US');
    expect(url.searchParams.get('key')).toBe('k');
    expect(
      await googleGeocoder('k', answer({ status: 'ZERO_RESULTS', results: [] })).search('nowhere'),
    ).toEqual([]);
    await expect(
      googleGeocoder(
        'k',
        answer({ status: 'REQUEST_DENIED', error_message: 'The key is not valid', results: [] }),
      ).search('x'),
    ).rejects.toThrow('The key is not valid');
  });
});

/** Photon answers in the shape photon.komoot.io gives (GeoJSON; trimmed to what is read). */
const photonAnswer = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-112.0590043, 33.5046189] },
      properties: {
        osm_type: 'N',
        osm_id: 1,
        country: 'United States',
        countrycode: 'US',
        housenumber: '4410',
        street: 'North 12th Street',
        city: 'Phoenix',
        postcode: '85014',
        state: 'Arizona',
        type: 'house',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-111.8315, 33.4152] },
      properties: { countrycode: 'US', name: 'Pioneer Park', town: 'Mesa', state: 'Arizona', type: 'other' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-112.07, 33.46] },
      properties: {
        countrycode: 'US',
        name: 'East McDowell Road',
        type: 'street',
        district: 'Encanto',
        state: 'Arizona',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-73.56, 45.5] },
      properties: { countrycode: 'CA', housenumber: '1', street: 'Rue Sainte-Catherine', city: 'Montréal' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: ['x', 1] },
      properties: { countrycode: 'US' },
    },
  ],
};

describe('Photon geocoder', () => {
  it('searches near the map (its area, to 0.01°) and keeps US places, formatted street, city, STATE ZIP', async () => {
    const fetcher = answer(photonAnswer);
    const results = await photonGeocoder('https://photon.example/', fetcher).search('4410 N 12th', {
      lng: -112.00412,
      lat: 33.49871,
    });
    expect(results).toEqual([
      {
        address: '4410 North 12th Street, Phoenix, AZ 85014',
        lat: 33.5046189,
        lng: -112.0590043,
        source: 'open',
      },
      { address: 'Pioneer Park, Mesa, AZ', lat: 33.4152, lng: -111.8315, source: 'open' },
      { address: 'East McDowell Road, Encanto, AZ', lat: 33.46, lng: -112.07, source: 'open' },
    ]);
    const url = new URL(fetcher.mock.calls[0]?.[0] as string);
    expect(url.origin + url.pathname).toBe('https://photon.example/api/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: '4410 N 12th',
      limit: '5',
      lang: 'en',
      lat: '33.5',
      lon: '-112',
    });
  });

  it.each([
    ['no features', { type: 'FeatureCollection', features: [] }],
    ['no US feature', { features: [photonAnswer.features[3]] }],
    ['an answer without features', {}],
  ])('gives an empty list for %s', async (_name, body) => {
    expect(await photonGeocoder('https://photon.example', answer(body)).search('nowhere')).toEqual([]);
  });

  it('says so when the search fails', async () => {
    await expect(photonGeocoder('https://photon.example', answer({}, 429)).search('x')).rejects.toThrow(
      'The address search answered 429.',
    );
  });

  it('reverse geocodes a spot; a failure is logged and gives nothing', async () => {
    const ok = answer({ features: [photonAnswer.features[0]] });
    expect(await photonGeocoder('https://photon.example', ok).reverse(-112.059, 33.5046)).toMatchObject({
      address: '4410 North 12th Street, Phoenix, AZ 85014',
    });
    const url = new URL(ok.mock.calls[0]?.[0] as string);
    expect(url.pathname).toBe('/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lat: '33.5046', lon: '-112.059' });
    expect(ok.mock.calls[0]?.[1]).toEqual({ purpose: 'reverse' });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await photonGeocoder('https://photon.example', answer({}, 503)).reverse(-112, 33)).toBeUndefined();
    const broken = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await photonGeocoder('https://photon.example', broken).reverse(-112, 33)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('choosing the geocoder', () => {
  const fetcher = answer(photonAnswer);
  it.each([
    [
      'a Google key wins over the org’s choice',
      { kind: 'off' } as const,
      { googleKey: 'k' },
      'google',
      'https://maps.googleapis.com',
    ],
    ['no choice: the public Photon', null, {}, 'photon', 'https://photon.komoot.io'],
    [
      'no choice, a build Nominatim URL: that one',
      null,
      { nominatimUrl: 'https://nominatim.example' },
      'nominatim',
      'https://nominatim.example',
    ],
    [
      'the public Photon chosen',
      { kind: 'public' } as const,
      { nominatimUrl: 'https://nominatim.example' },
      'photon',
      'https://photon.komoot.io',
    ],
    [
      'an own Photon',
      { kind: 'photon', url: 'https://geo.example.org' } as const,
      {},
      'photon',
      'https://geo.example.org',
    ],
    [
      'an own Nominatim',
      { kind: 'nominatim', url: 'https://osm.example.org' } as const,
      {},
      'nominatim',
      'https://osm.example.org',
    ],
    ['off', { kind: 'off' } as const, {}, undefined, undefined],
  ])('%s', async (_name, setting, build, provider, origin) => {
    fetcher.mockClear();
    const geocoder = geocoderFor(setting, build, fetcher);
    expect(geocoder?.provider).toBe(provider);
    if (!geocoder) return;
    await geocoder.search('4410 N 12th').catch(() => undefined);
    expect(new URL(fetcher.mock.calls[0]?.[0] as string).origin).toBe(origin);
  });
});

describe('a reverse lookup that could not be answered now', () => {
  const offline = () =>
    vi.fn(async (_url: string, _call?: GeocoderCall): Promise<never> => {
      throw new TypeError('Failed to fetch');
    });
  const providers = [
    ['Photon', (f: ReturnType<typeof answer>) => photonGeocoder('https://photon.example', f)],
    ['Nominatim', (f: ReturnType<typeof answer>) => openGeocoder('https://geo.example', f)],
    ['Google', (f: ReturnType<typeof answer>) => googleGeocoder('test-key', f)],
  ] as const;

  it.each(
    providers.flatMap(([name, make]) => [
      [name, 'no network', make, offline(), 'unreachable'],
      [name, 'too many requests (429)', make, answer({}, 429), 'unreachable'],
      [name, 'a failure of its own (503)', make, answer({}, 503), 'unreachable'],
      [name, 'a refusal (400)', make, answer({}, 400), 'nothing'],
      [
        name,
        'an answer of nothing',
        make,
        answer({ features: [], status: 'ZERO_RESULTS', results: [] }),
        'nothing',
      ],
    ]),
  )('%s, %s: %s', async (_name, _case, make, fetcher, expected) => {
    const located = make(fetcher as ReturnType<typeof answer>).locate(-112, 33);
    if (expected === 'unreachable') await expect(located).rejects.toBeInstanceOf(GeocoderUnreachable);
    else await expect(located).resolves.toBeUndefined();
  });

  it('Google: over the query limit or its own error is worth asking again; zero results is not', async () => {
    const google = (status: string) => googleGeocoder('test-key', answer({ status, results: [] }));
    await expect(google('OVER_QUERY_LIMIT').locate(-112, 33)).rejects.toBeInstanceOf(GeocoderUnreachable);
    await expect(google('UNKNOWN_ERROR').locate(-112, 33)).rejects.toBeInstanceOf(GeocoderUnreachable);
    await expect(google('ZERO_RESULTS').locate(-112, 33)).resolves.toBeUndefined();
    await expect(google('REQUEST_DENIED').locate(-112, 33)).resolves.toBeUndefined();
  });
});
