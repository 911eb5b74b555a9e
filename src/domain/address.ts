/**
 * US address parsing (SPEC section 5): 'street, city, STATE ZIP' with a two-letter state (full
 * state names are converted) and a 5-digit or ZIP+4 code.
 */

export const US_STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
};
const STATE_CODES = new Set(Object.values(US_STATES));

export const POSITION_REQUIRED = 'position are required when only street name is provided';
export const UNABLE_TO_RESOLVE_ADDRESS = 'Unable to resolve address';

export interface ParsedAddress {
  original_address: string;
  display_address: string;
  street: string;
  street_name: string;
  city: string;
  state: string;
  zip: string;
}

/** Why an address does not parse, for screens that say it in the person's language. */
export type AddressProblem = 'shape' | 'zip' | 'state';

export type AddressParseResult =
  | { ok: true; address: ParsedAddress }
  | { ok: false; error: string; problem: AddressProblem; value?: string };

/** A state as its two-letter code, from a code or a full name; undefined when not a US state. */
export function stateCode(value: string): string | undefined {
  const v = value.trim();
  if (STATE_CODES.has(v.toUpperCase()) && v.length === 2) return v.toUpperCase();
  return US_STATES[v.toLowerCase().replace(/\s+/g, ' ')];
}

export function parseAddress(input: string | null | undefined): AddressParseResult {
  const original = (input ?? '').trim();
  const parts = original.split(',').map((p) => p.trim());
  if (parts.length < 3) {
    return { ok: false, error: "Enter the address as 'street, city, STATE ZIP'.", problem: 'shape' };
  }
  const tail = parts.at(-1) ?? '';
  const match = /^(.+?)\s+(\d{5}(?:-\d{4})?)$/.exec(tail);
  if (!match)
    return { ok: false, error: 'The ZIP code must be 5 digits or ZIP+4 (12345-6789).', problem: 'zip' };
  const state = stateCode(match[1] ?? '');
  if (!state)
    return { ok: false, error: `'${match[1]}' is not a US state.`, problem: 'state', value: match[1] ?? '' };
  const zip = match[2] ?? '';
  const city = parts.at(-2) ?? '';
  const street = parts.slice(0, -2).join(', ');
  if (!street || !city)
    return { ok: false, error: "Enter the address as 'street, city, STATE ZIP'.", problem: 'shape' };
  return {
    ok: true,
    address: {
      original_address: original,
      display_address: `${street}, ${city}, ${state} ${zip}`,
      street,
      street_name: street.replace(/^\d+[A-Za-z]?\s+/, ''),
      city,
      state,
      zip,
    },
  };
}

/**
 * An address from its parts. A street alone cannot be resolved without a position to look it up
 * near (the spec's error text).
 */
export function generateAddress(parts: {
  street: string;
  city?: string;
  state?: string;
  zip?: string;
  position?: { lat: number; lng: number };
}): { ok: true; address: ParsedAddress; needsLookup: boolean } | { ok: false; error: string } {
  if (!parts.city && !parts.state && !parts.zip) {
    if (!parts.position) return { ok: false, error: POSITION_REQUIRED };
    const street = parts.street.trim();
    return {
      ok: true,
      needsLookup: true,
      address: {
        original_address: street,
        display_address: street,
        street,
        street_name: street.replace(/^\d+[A-Za-z]?\s+/, ''),
        city: '',
        state: '',
        zip: '',
      },
    };
  }
  const parsed = parseAddress(
    `${parts.street}, ${parts.city ?? ''}, ${parts.state ?? ''} ${parts.zip ?? ''}`,
  );
  return parsed.ok ? { ...parsed, needsLookup: false } : { ok: false, error: UNABLE_TO_RESOLVE_ADDRESS };
}
