/**
 * Address search and reverse geocoding behind one interface (SPEC sections 5, 7 and 8). Providers
 * are chosen by configuration: a Google-compatible geocoder when a key is set, else an open
 * (Nominatim-compatible) geocoder URL; the user's own contacts are always searched first, on the
 * device. US addresses only, biased to the map's centre.
 */
import { stateCode } from '../domain/address.ts';

export interface GeocodeResult {
  /** 'street, city, STATE ZIP' when the provider gave all parts. */
  address: string;
  lng: number;
  lat: number;
  source: 'contacts' | 'open' | 'google';
  /** A lead of the user's own, when found among their contacts. */
  leadId?: string;
}

export interface RemoteGeocoder {
  readonly source: 'open' | 'google';
  search(query: string, near?: { lng: number; lat: number }): Promise<GeocodeResult[]>;
  reverse(lng: number, lat: number): Promise<GeocodeResult | undefined>;
}

export const GOOGLE_KEY_MISSING = 'Google Maps API key not found in runtime config';

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

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
export function openGeocoder(baseUrl: string, fetcher: Fetch = fetch): RemoteGeocoder {
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
      const res = await fetcher(`${base}/search?${params}`);
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
        const res = await fetcher(`${base}/reverse?${params}`);
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
export function googleGeocoder(key: string | undefined, fetcher: Fetch = fetch): RemoteGeocoder {
  if (!key) throw new Error(GOOGLE_KEY_MISSING);
  const base = 'https://maps.googleapis.com/maps/api/geocode/json';
  const ask = async (params: URLSearchParams) => {
    params.set('key', key);
    const res = await fetcher(`${base}?${params}`);
    if (!res.ok) throw new Error(`The address search answered ${res.status}.`);
    return (await res.json()) as GoogleAnswer;
  };
  return {
    source: 'google',
    async search(query, near) {
      const params = new URLSearchParams({ address: query, components: 'country:US' });
      if (near)
        params.set('bounds', `${near.lat - 0.5},${near.lng - 0.5}|${near.lat + 0.5},${near.lng + 0.5}`);
      const answer = await ask(params);
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

/** The remote provider this build is configured for, or undefined when there is none. */
export function configuredGeocoder(
  settings: { googleKey?: string; openUrl?: string },
  fetcher: Fetch = fetch,
): RemoteGeocoder | undefined {
  if (settings.googleKey) return googleGeocoder(settings.googleKey, fetcher);
  if (settings.openUrl) return openGeocoder(settings.openUrl, fetcher);
  return undefined;
}
