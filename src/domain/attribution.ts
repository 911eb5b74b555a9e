/**
 * Marketing attribution (SPEC section 9): where a visitor came from, kept in a first-party cookie
 * for 6 months and an attribution-session cookie for 30 minutes (renewed on activity). A promo
 * code counts only as 6 digits from 100000 to 999999.
 */

/** 6 months, in seconds (as a cookie's Max-Age). */
export const ATTRIBUTION_MAX_AGE_S = 183 * 24 * 60 * 60;
/** 30 minutes, in seconds. */
export const ATTRIBUTION_SESSION_MAX_AGE_S = 30 * 60;
export const ATTRIBUTION_COOKIE = 'hs_attribution';
export const ATTRIBUTION_SESSION_COOKIE = 'hs_attribution_session';

export const PROMO_CODE_MIN = 100_000;
export const PROMO_CODE_MAX = 999_999;

/** A promo code: exactly 6 digits between 100000 and 999999. */
export function isPromoCode(value: string): boolean {
  if (!/^[0-9]{6}$/.test(value)) return false;
  const code = Number(value);
  return code >= PROMO_CODE_MIN && code <= PROMO_CODE_MAX;
}

export const ATTRIBUTION_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'ref',
  'promo',
] as const;
export type AttributionParam = (typeof ATTRIBUTION_PARAMS)[number];
export type Attribution = Partial<Record<AttributionParam, string>>;

const MAX_VALUE_LENGTH = 200;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Printable text only: no control characters, no lone surrogates; trimmed and bounded. */
function cleanValue(value: string): string | undefined {
  const text = value.trim().slice(0, MAX_VALUE_LENGTH);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!text || /[\u0000-\u001f\u007f]/.test(text) || LONE_SURROGATE.test(text)) return undefined;
  return text;
}

/**
 * The attribution a page address carries: the utm_* parameters, ref and a valid promo code.
 * Undefined when it carries none (a plain visit keeps the attribution already stored).
 */
export function attributionFromQuery(search: string): Attribution | undefined {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const name of ATTRIBUTION_PARAMS) {
    const raw = params.get(name);
    if (raw === null) continue;
    const value = cleanValue(raw);
    if (value === undefined) continue;
    if (name === 'promo' && !isPromoCode(value)) continue;
    found[name] = value;
  }
  return Object.keys(found).length ? found : undefined;
}

/** A stored cookie value read back: only the known parameters, each checked again. */
export function parseAttribution(stored: string | undefined): Attribution | undefined {
  if (!stored) return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== 'object') return undefined;
    const query = new URLSearchParams();
    for (const name of ATTRIBUTION_PARAMS) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === 'string') query.set(name, value);
    }
    return attributionFromQuery(query.toString());
  } catch {
    return undefined;
  }
}
