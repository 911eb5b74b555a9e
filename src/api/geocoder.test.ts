import { describe, expect, it, vi } from 'vitest';
import { configuredGeocoder, GOOGLE_KEY_MISSING, googleGeocoder, openGeocoder } from './geocoder.ts';

const answer = (body: unknown, status = 200) =>
  vi.fn(async (_url: string) => ({ ok: status < 400, status, json: async () => body }));

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

describe('choosing a provider', () => {
  it('prefers Google with a key, then the open geocoder, else none', () => {
    expect(configuredGeocoder({ googleKey: 'k', openUrl: 'https://geo.example' })?.source).toBe('google');
    expect(configuredGeocoder({ openUrl: 'https://geo.example' })?.source).toBe('open');
    expect(configuredGeocoder({})).toBeUndefined();
  });
});
