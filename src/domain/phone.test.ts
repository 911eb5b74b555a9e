import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, PHONE_MAX_DIGITS, phoneDigits, phoneProblem } from './phone.ts';

/** A number as people type it: up to 10 digits, with the separators they use. */
const typedNumber = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 9 }).map(String), fc.constantFrom(' ', '-', '.', '(', ')')), {
    maxLength: 16,
  })
  .map((parts) => parts.join(''))
  .filter((s) => s.replace(/\D/g, '').length <= PHONE_MAX_DIGITS);

describe('phone rule (SPEC section 5)', () => {
  it("reads the display's '+1' as the country code, whatever follows it", () => {
    // A short number shown as '+1 (602) 555' is saved as what was typed, not '1602555'.
    expect(normalizePhone('+1 (602) 555')).toBe('602555');
    expect(normalizePhone('+1 (160) 2')).toBe('1602');
    expect(normalizePhone('+16025550199')).toBe('6025550199');
    expect(normalizePhone('(+1) 602 555 0199')).toBe('6025550199');
    // Without the plus, a leading 1 is the country code only on an 11-digit number.
    expect(normalizePhone('16025550199')).toBe('6025550199');
    expect(normalizePhone('1602555')).toBe('1602555');
  });

  it('round-trips: what the display shows saves as what was typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(normalizePhone(formatPhone(typed))).toBe(normalizePhone(typed));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,10}$/), (digits) => {
        expect(normalizePhone(formatPhone(digits))).toBe(digits);
      }),
    );
  });

  it('normalises once for good: digits only, at most 10', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = normalizePhone(typed);
        expect(once).toMatch(/^\d{0,10}$/);
        expect(normalizePhone(once)).toBe(once);
      }),
    );
  });

  it('refuses letters outside an extension as not a phone number', () => {
    expect(phoneProblem('602-555-CALL')).toEqual({
      code: 'notANumber',
      value: '602-555-CALL',
      message:
        "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
    });
    expect(phoneProblem('call me')?.code).toBe('notANumber');
    expect(phoneProblem('602 555 0199 ext 12')).toBeUndefined();
    expect(phoneProblem('602.555.0199 x7')).toBeUndefined();
    expect(phoneProblem('+1 602 555 0199 #3')).toBeUndefined();
    fc.assert(
      fc.property(typedNumber, fc.stringMatching(/^[A-Za-z]{1,6}$/), fc.nat(), (number, word, at) => {
        // A word anywhere in a number, but not read as an extension ('x12' at the end).
        fc.pre(!/^(x|ext|extension)$/i.test(word));
        const i = at % (number.length + 1);
        const typed = `${number.slice(0, i)}${word}${number.slice(i)}`;
        fc.pre(!/(?:ext\.?|extension|x|#)\s*\d+\s*$/i.test(typed));
        expect(phoneProblem(typed)?.code).toBe('notANumber');
      }),
    );
  });

  it('refuses more than 10 digits; a shorter number is fine', () => {
    expect(phoneProblem('602 555 01999')).toMatchObject({ code: 'tooLong', max: 10 });
    expect(phoneProblem('+1 602 555 01999')?.code).toBe('tooLong');
    expect(phoneProblem('+1 (602) 555-0199')).toBeUndefined();
    expect(phoneProblem('16025550199')).toBeUndefined();
    expect(phoneProblem('602555')).toBeUndefined();
    expect(phoneProblem('')).toBeUndefined();
    expect(phoneProblem(null)).toBeUndefined();
  });

  it('accepts whatever people type with separators, and everything the display shows', () => {
    fc.assert(
      fc.property(typedNumber, (typed) => {
        expect(phoneProblem(typed)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(phoneProblem(formatPhone(typed))).toBeUndefined();
      }),
    );
  });

  it('keeps the digits of a too long number for the check to count', () => {
    expect(phoneDigits('602 555 01999')).toBe('60255501999');
    expect(phoneDigits('602.555.0199 ext 12')).toBe('6025550199');
  });
});
