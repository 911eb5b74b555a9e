/**
 * Phone numbers (SPEC section 5): digits only, at most 10, shown as +1 (xxx) xxx-xxxx. A number
 * typed with letters ('602-555-CALL') is refused rather than stripped to some of its digits.
 */

export const PHONE_MAX_DIGITS = 10;

/** An extension at the end ('ext 12', 'x12', '#12'): not part of the number. */
const EXTENSION = /\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i;
/** The country code written as the display writes it: '+1 (602) …'. */
const PLUS_ONE = /^[\s(]*\+\s*1/;

/**
 * The number's digits: an extension left out, and a leading US country code too — written '+1'
 * (as `formatPhone` shows it, whatever follows) or as the first of eleven digits. Not cut to 10
 * digits, so a check can tell a number that is too long.
 */
export function phoneDigits(input: string | null | undefined): string {
  const number = (input ?? '').replace(EXTENSION, '');
  const digits = number.replace(/\D/g, '');
  // A leading US country code is not part of the ten digits.
  if (PLUS_ONE.test(number)) return digits.slice(1);
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
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

export type PhoneProblem =
  | { code: 'notANumber'; value: string; message: string }
  | { code: 'tooLong'; max: number; message: string };

/**
 * What makes a typed phone unusable, or undefined when it is fine (an empty one is): letters
 * outside an extension (a word is not dialled), or more than 10 digits. A shorter number is kept
 * as typed. `message` is the English text the server answers; screens show it from the catalogue.
 */
export function phoneProblem(input: string | null | undefined): PhoneProblem | undefined {
  const value = (input ?? '').trim();
  if (/\p{L}/u.test(value.replace(EXTENSION, ''))) {
    return {
      code: 'notANumber',
      value,
      message: `'${value}' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.`,
    };
  }
  if (phoneDigits(value).length > PHONE_MAX_DIGITS) {
    return {
      code: 'tooLong',
      max: PHONE_MAX_DIGITS,
      message: `A phone number has at most ${PHONE_MAX_DIGITS} digits.`,
    };
  }
  return undefined;
}
