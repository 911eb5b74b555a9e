/**
 * Address search and reverse geocoding behind one interface (SPEC sections 5, 7 and 8). The
 * provider: Google when the build has a key, else the org's choice (`geocoder` interface): the
 * public Photon instance by default, an own Photon or Nominatim instance, or none; the user's own
 * contacts are always searched first, on the device. US addresses only, biased to the map's
 * centre. Every call goes through the device's limiter and answer cache (`geocoding/politeFetch.ts`).
 */
import { stateCode } from '#src/domain/address.ts';
import { defaultGeocoder, type GeocoderSetting, PUBLIC_PHOTON_URL } from '#src/domain/schemas/geocoder.ts';
import type { BuildGeocoder } from './geocoding/buildGeocoder.ts';
import { devicePoliteFetch, type GeocoderFetch } from './geocoding/politeFetch.ts';

export interface GeocodeResult {
  /** 'street, city, STATE ZIP' when the provider gave all parts. */
  address: string;
  lng: number;
  lat: number;
  source: 'contacts' | 'open' | 'google';
  /** A lead of the user's own, when found among their contacts. */
  leadId?: string;
}

/** Whose geocoder it is: the attribution its terms ask for is shown by it. */
export type GeocoderProvider = 'photon' | 'nominatim' | 'google';

export interface RemoteGeocoder {
  readonly source: 'open' | 'google';
  readonly provider: GeocoderProvider;
  search(query: string, near?: { lng: number; lat: number }): Promise<GeocodeResult[]>;
  reverse(lng: number, lat: number): Promise<GeocodeResult | undefined>;
}

export const GOOGLE_KEY_MISSING = 'Google Maps API key not found in runtime config';

function formatAddress(parts: {
  number?: string;
  road?: string;
  city?: string;
  state?: string;
  zip?: string;
}) {
  const street = [parts.number, parts.road].filter(Boolean).join(' ');
  const state = parts.state ? (stateCode(parts.state) ?? parts.state) : '';
  const tail = [state, parts.zip].filter(Boolean).join(' ');
  return [street, parts.city, tail].filter(Boolean).join(', ');
}

interface NominatimPlace {
  lat: string;
  lon: string;
  display_name?: string;
  address?: {
    house_number?: string;
    road?: string;
    city?: string;
    town?: string;
    village?: string;
    hamlet?: string;
    state?: string;
    postcode?: string;
    country_code?: string;
  };
}

/** An open geocoder speaking the Nominatim API (`/search`, `/reverse`, `format=jsonv2`). */
export function openGeocoder(baseUrl: string, fetcher: GeocoderFetch = devicePoliteFetch()): RemoteGeocoder {
  const base = baseUrl.replace(/\/+$/, '');
  const toResult = (p: NominatimPlace): GeocodeResult | undefined => {
    const lat = Number(p.lat);
    const lng = Number(p.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
    const a = p.address ?? {};
    if (a.country_code && a.country_code !== 'us') return undefined;
    const address =
      formatAddress({
        number: a.house_number,
        road: a.road,
        city: a.city ?? a.town ?? a.village ?? a.hamlet,
        state: a.state,
        zip: a.postcode,
      }) ||
      p.display_name ||
      '';
    return { address, lat, lng, source: 'open' };
  };
  return {
    source: 'open',
    provider: 'nominatim',
    async search(query, near) {
      const params = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        addressdetails: '1',
        countrycodes: 'us',
        limit: '5',
      });
      if (near)
        params.set('viewbox', `${near.lng - 0.5},${near.lat + 0.5},${near.lng + 0.5},${near.lat - 0.5}`);
      const res = await fetcher(`${base}/search?${params}`, { purpose: 'search' });
      if (!res.ok) throw new Error(`The address search answered ${res.status}.`);
      const places = (await res.json()) as NominatimPlace[];
      return places.map(toResult).filter((r): r is GeocodeResult => !!r);
    },
    async reverse(lng, lat) {
      const params = new URLSearchParams({
        lat: String(lat),
        lon: String(lng),
        format: 'jsonv2',
        addressdetails: '1',
      });
      try {
        const res = await fetcher(`${base}/reverse?${params}`, { purpose: 'reverse' });
        if (!res.ok) throw new Error(`reverse geocoding answered ${res.status}`);
        return toResult((await res.json()) as NominatimPlace);
      } catch (err) {
        // Spec: geocode failures are logged and return nothing.
        console.warn('reverse geocoding failed', err);
        return undefined;
      }
    },
  };
}

interface GoogleAnswer {
  status: string;
  error_message?: string;
  results: {
    formatted_address: string;
    geometry: { location: { lat: number; lng: number } };
    address_components: { long_name: string; short_name: string; types: string[] }[];
  }[];
}

/** One Google geocoder result (web service or maps script) as a result of the address search. */
export function fromGoogleResult(r: GoogleAnswer['results'][number]): GeocodeResult {
  const part = (type: string, short = false) => {
    const c = r.address_components.find((x) => x.types.includes(type));
    return c ? (short ? c.short_name : c.long_name) : undefined;
  };
  const address =
    formatAddress({
      number: part('street_number'),
      road: part('route'),
      city: part('locality') ?? part('sublocality') ?? part('postal_town'),
      state: part('administrative_area_level_1', true),
      zip: part('postal_code'),
    }) || r.formatted_address;
  return { address, lat: r.geometry.location.lat, lng: r.geometry.location.lng, source: 'google' };
}

/** The Google Geocoding API (a key is required). */
export function googleGeocoder(
  key: string | undefined,
  fetcher: GeocoderFetch = devicePoliteFetch(),
): RemoteGeocoder {
  if (!key) throw new Error(GOOGLE_KEY_MISSING);
  const base = 'https://maps.googleapis.com/maps/api/geocode/json';
  // Google's terms do not let the answers be kept: limited, never cached.
  const ask = async (params: URLSearchParams, purpose: 'search' | 'reverse') => {
    params.set('key', key);
    const res = await fetcher(`${base}?${params}`, { purpose, keep: false });
    if (!res.ok) throw new Error(`The address search answered ${res.status}.`);
    return (await res.json()) as GoogleAnswer;
  };
  return {
    source: 'google',
    provider: 'google',
    async search(query, near) {
      const params = new URLSearchParams({ address: query, components: 'country:US' });
      if (near)
        params.set('bounds', `${near.lat - 0.5},${near.lng - 0.5}|${near.lat + 0.5},${near.lng + 0.5}`);
      const answer = await ask(params, 'search');
      // Spec: zero results is an empty list; any other failing status is an error.
      if (answer.status === 'ZERO_RESULTS') return [];
      if (answer.status !== 'OK')
        throw new Error(answer.error_message ?? `Address search failed: ${answer.status}`);
      return answer.results.map(fromGoogleResult);
    },
    async reverse(lng, lat) {
      try {
        const answer = await ask(
          new URLSearchParams({ latlng: `${lat},${lng}`, result_type: 'street_address' }),
          'reverse',
        );
        const first = answer.status === 'OK' ? answer.results[0] : undefined;
        return first ? fromGoogleResult(first) : undefined;
      } catch (err) {
        console.warn('reverse geocoding failed', err);
        return undefined;
      }
    },
  };
}

interface PhotonFeature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: {
    housenumber?: string;
    street?: string;
    name?: string;
    type?: string;
    city?: string;
    town?: string;
    village?: string;
    district?: string;
    state?: string;
    postcode?: string;
    countrycode?: string;
  };
}

/** One Photon feature as a result, or undefined when it is not a US place with a position. */
export function fromPhotonFeature(feature: PhotonFeature): GeocodeResult | undefined {
  const coordinates = feature.geometry?.coordinates;
  if (!Array.isArray(coordinates)) return undefined;
  const [lng, lat] = coordinates.map(Number);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  const p = feature.properties ?? {};
  if (p.countrycode?.toUpperCase() !== 'US') return undefined;
  const city = p.city ?? p.town ?? p.village ?? p.district;
  const road = p.street ?? (p.type === 'street' ? p.name : undefined);
  const formatted = formatAddress({ number: p.housenumber, road, city, state: p.state, zip: p.postcode });
  // A named place (a school, a park) keeps its name in front of where it is.
  const named = p.name && p.name !== road && p.name !== city ? p.name : undefined;
  const address = road ? formatted : [named, formatted].filter(Boolean).join(', ');
  return { address, lat: lat as number, lng: lng as number, source: 'open' };
}

const roundTo2 = (value: number) => Math.round(value * 100) / 100;

const photonResults = async (res: { json(): Promise<unknown> }) => {
  const answer = (await res.json()) as { features?: PhotonFeature[] } | null;
  const features = Array.isArray(answer?.features) ? answer.features : [];
  return features.map(fromPhotonFeature).filter((r): r is GeocodeResult => !!r);
};

/**
 * Photon (https://photon.komoot.io or an own instance; OpenStreetMap data, GeoJSON answers): search
 * biased to the map's centre, reverse geocoding of a spot. US results only.
 */
export function photonGeocoder(
  baseUrl: string,
  fetcher: GeocoderFetch = devicePoliteFetch(),
): RemoteGeocoder {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    source: 'open',
    provider: 'photon',
    async search(query, near) {
      const params = new URLSearchParams({ q: query, limit: '5', lang: 'en' });
      // The bias needs only the area (about a kilometre): the same search nearby is the same
      // request, answered from the device's cache, and the geocoder learns less of where one is.
      if (near) {
        params.set('lat', String(roundTo2(near.lat)));
        params.set('lon', String(roundTo2(near.lng)));
      }
      const res = await fetcher(`${base}/api/?${params}`, { purpose: 'search' });
      if (!res.ok) throw new Error(`The address search answered ${res.status}.`);
      // Spec: zero results is an empty list.
      return photonResults(res);
    },
    async reverse(lng, lat) {
      const params = new URLSearchParams({ lat: String(lat), lon: String(lng) });
      try {
        const res = await fetcher(`${base}/reverse?${params}`, { purpose: 'reverse' });
        if (!res.ok) throw new Error(`reverse geocoding answered ${res.status}`);
        return (await photonResults(res))[0];
      } catch (err) {
        // Spec: geocode failures are logged and return nothing.
        console.warn('reverse geocoding failed', err);
        return undefined;
      }
    },
  };
}

/**
 * The geocoder a device uses: Google when the build has a key (it wins over the org's choice),
 * else the org's setting, else the build's Nominatim URL, else the public Photon instance;
 * undefined when the org turned address search off.
 */
export function geocoderFor(
  setting: GeocoderSetting | null,
  build: BuildGeocoder,
  fetcher: GeocoderFetch = devicePoliteFetch(),
): RemoteGeocoder | undefined {
  if (build.googleKey) return googleGeocoder(build.googleKey, fetcher);
  const chosen = setting ?? defaultGeocoder(build.nominatimUrl);
  switch (chosen.kind) {
    case 'public':
      return photonGeocoder(PUBLIC_PHOTON_URL, fetcher);
    case 'photon':
      return photonGeocoder(chosen.url, fetcher);
    case 'nominatim':
      return openGeocoder(chosen.url, fetcher);
    case 'off':
      return undefined;
  }
}
