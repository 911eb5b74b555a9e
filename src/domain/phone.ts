/** Phone numbers (SPEC section 5): digits only, at most 10, shown as +1 (xxx) xxx-xxxx. */

export const PHONE_MAX_DIGITS = 10;

/**
 * The number's digits: an extension ('ext 12', 'x12', '#12') left out, and a leading US country
 * code too. Not cut to 10 digits, so a check can tell a number that is too long.
 */
export function phoneDigits(input: string | null | undefined): string {
  const number = (input ?? '').replace(/\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i, '');
  let digits = number.replace(/\D/g, '');
  // A leading US country code is not part of the ten digits.
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits;
}

export function normalizePhone(input: string | null | undefined): string {
  return phoneDigits(input).slice(0, PHONE_MAX_DIGITS);
}

/** Formats progressively, so a partly typed number already reads naturally. */
export function formatPhone(input: string | null | undefined): string {
  const d = normalizePhone(input);
  if (!d) return '';
  if (d.length <= 3) return `+1 (${d}`;
  if (d.length <= 6) return `+1 (${d.slice(0, 3)}) ${d.slice(3)}`;
  return `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
