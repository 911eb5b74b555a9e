/** The small part of the Google Maps JavaScript API this app uses (the script is loaded at run time). */

export interface LatLngLiteral {
  lat: number;
  lng: number;
}

export interface GoogleGeocoderResult {
  formatted_address: string;
  place_id?: string;
  geometry: { location: { lat(): number; lng(): number } };
  address_components: { long_name: string; short_name: string; types: string[] }[];
}

export interface GoogleGeocoderRequest {
  address?: string;
  location?: LatLngLiteral;
  placeId?: string;
  componentRestrictions?: { country: string };
}

export interface GoogleGeocoder {
  geocode(
    request: GoogleGeocoderRequest,
    callback: (results: GoogleGeocoderResult[] | null, status: string) => void,
  ): unknown;
}

export interface GooglePrediction {
  description: string;
  place_id: string;
  structured_formatting?: { main_text: string; secondary_text?: string };
}

export interface GooglePredictionRequest {
  input: string;
  types: string[];
  componentRestrictions: { country: string };
  locationBias?: { center: LatLngLiteral; radius: number };
}

export interface GoogleAutocompleteService {
  getPlacePredictions(
    request: GooglePredictionRequest,
    callback: (predictions: GooglePrediction[] | null, status: string) => void,
  ): unknown;
}

/** `google.maps` with the places library. */
export interface GoogleMaps {
  Geocoder: new () => GoogleGeocoder;
  places: { AutocompleteService: new () => GoogleAutocompleteService };
}
