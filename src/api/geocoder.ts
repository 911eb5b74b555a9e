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
import {
  devicePoliteFetch,
  type GeocoderAnswer,
  type GeocoderCall,
  type GeocoderFetch,
} from './geocoding/politeFetch.ts';

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
  /** The address at a spot; nothing when it found none or could not be asked (logged, per the spec). */
  reverse(lng: number, lat: number): Promise<GeocodeResult | undefined>;
  /**
   * The address at a spot, or nothing when the geocoder answered that it has none; throws
   * {@link GeocoderUnreachable} when it could not answer now, so the caller can ask again later.
   */
  locate(lng: number, lat: number): Promise<GeocodeResult | undefined>;
}

/**
 * The geocoder could not answer now: no network, no answer in time, too many requests, or a
 * failure of its own (5xx). Unlike an answer of nothing, it is worth asking again later.
 */
export class GeocoderUnreachable extends Error {
  override name = 'GeocoderUnreachable';
}

/** Asks the geocoder; a call that could not reach it, or that it could not answer now, throws {@link GeocoderUnreachable}. */
export async function askGeocoder(
  fetcher: GeocoderFetch,
  url: string,
  call: GeocoderCall,
): Promise<GeocoderAnswer> {
  let res: GeocoderAnswer;
  try {
    res = await fetcher(url, call);
  } catch (err) {
    throw new GeocoderUnreachable(err instanceof Error ? err.message : String(err), { cause: err });
  }
  if (res.status === 429 || res.status >= 500)
    throw new GeocoderUnreachable(`The geocoder answered ${res.status}.`);
  return res;
}

/** A geocoder with the spec's reverse lookup: a failure is logged and gives nothing. */
function withReverse(geocoder: Omit<RemoteGeocoder, 'reverse'>): RemoteGeocoder {
  return {
    ...geocoder,
    async reverse(lng, lat) {
      try {
        return await geocoder.locate(lng, lat);
      } catch (err) {
        console.warn('reverse geocoding failed', err);
        return undefined;
      }
    },
  };
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
  return withReverse({
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
    async locate(lng, lat) {
      const params = new URLSearchParams({
        lat: String(lat),
        lon: String(lng),
        format: 'jsonv2',
        addressdetails: '1',
      });
      const res = await askGeocoder(fetcher, `${base}/reverse?${params}`, { purpose: 'reverse' });
      // Nominatim answers a spot it has nothing for with `{"error": …}`.
      return res.ok ? toResult((await res.json()) as NominatimPlace) : undefined;
    },
  });
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
  const url = (params: URLSearchParams) => {
    params.set('key', key);
    return `${base}?${params}`;
  };
  return withReverse({
    source: 'google',
    provider: 'google',
    async search(query, near) {
      const params = new URLSearchParams({ address: query, components: 'country:US' });
      if (near)
        params.set('bounds', `${near.lat - 0.5},${near.lng - 0.5}|${near.lat + 0.5},${near.lng + 0.5}`);
      const res = await fetcher(url(params), { purpose: 'search', keep: false });
      if (!res.ok) throw new Error(`The address search answered ${res.status}.`);
      const answer = (await res.json()) as GoogleAnswer;
      // Spec: zero results is an empty list; any other failing status is an error.
      if (answer.status === 'ZERO_RESULTS') return [];
      if (answer.status !== 'OK')
        throw new Error(answer.error_message ?? `Address search failed: ${answer.status}`);
      return answer.results.map(fromGoogleResult);
    },
    async locate(lng, lat) {
      const params = new URLSearchParams({ latlng: `${lat},${lng}`, result_type: 'street_address' });
      const res = await askGeocoder(fetcher, url(params), { purpose: 'reverse', keep: false });
      if (!res.ok) return undefined;
      const answer = (await res.json()) as GoogleAnswer;
      if (answer.status === 'OVER_QUERY_LIMIT' || answer.status === 'UNKNOWN_ERROR')
        throw new GeocoderUnreachable(answer.error_message ?? `The geocoder answered ${answer.status}.`);
      const first = answer.status === 'OK' ? answer.results[0] : undefined;
      return first ? fromGoogleResult(first) : undefined;
    },
  });
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
  return withReverse({
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
    async locate(lng, lat) {
      const params = new URLSearchParams({ lat: String(lat), lon: String(lng) });
      const res = await askGeocoder(fetcher, `${base}/reverse?${params}`, { purpose: 'reverse' });
      return res.ok ? (await photonResults(res))[0] : undefined;
    },
  });
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
