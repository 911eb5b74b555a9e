/**
 * Building blocks for the wire schemas shared by the app and the server. Every value a schema
 * accepts must be one the database can store: text without NUL or broken UTF-16, whole numbers
 * inside their column's range, finite amounts, real dates in a sensible range, and free-form JSON
 * that is neither deeply nested nor carrying any of those.
 */
import { z } from 'zod';

/**
 * The largest value of PostgreSQL's `integer` (int4): every whole number stored in such a column stays at
 * or below it; their lower bounds (0, 1, a few small negatives) are well inside int4's.
 */
export const INT4_MAX = 2_147_483_647;
/** Money, energy usage, prices and capacities: finite, never negative, never more than this. */
export const MAX_AMOUNT = 1_000_000_000;
/** Dates and date-times must fall in these years (inclusive). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
/** How deeply JSON may nest (objects and arrays inside each other): request bodies and free-form values. */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = 'must not contain control characters such as NUL';
export const INVALID_CHARACTER_MESSAGE = 'contains an invalid character (a broken emoji or text encoding)';
export const TOO_DEEP_MESSAGE = `is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * What makes a text unstorable: a NUL (PostgreSQL refuses it in text and jsonb) or a lone UTF-16
 * surrogate (half an emoji: not valid Unicode, silently mangled or refused on the way to the database).
 */
export function unsafeCharacterIn(text: string): 'nul' | 'surrogate' | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return 'nul';
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else return 'surrogate';
    }
  }
  return undefined;
}

function unsafeCharacterMessage(text: string): string | undefined {
  const found = unsafeCharacterIn(text);
  if (found === 'nul') return NUL_MESSAGE;
  if (found === 'surrogate') return INVALID_CHARACTER_MESSAGE;
  return undefined;
}

/** The one string rule: any text without NUL and without lone surrogates. Build every string on it. */
export const safeString = z.string().superRefine((value, ctx) => {
  const message = unsafeCharacterMessage(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const uuidSchema = z.uuid({ message: 'must be a valid id (UUID)' });

/** Query strings carry lists as comma-separated values. */
export const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item),
  );

export const boundedText = (max: number) =>
  safeString.max(max, { message: `must be at most ${max} characters` });

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters or line breaks';

/**
 * Whether a text holds a control character: C0 (tab and line breaks included), DEL, C1, or a
 * Unicode line or paragraph separator. None of them belongs in a one-line value such as a name.
 */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** A one-line text (a person's name, a phone number): bounded, and without control characters. */
export const singleLineText = (max: number) =>
  boundedText(max).refine((value) => !hasControlCharacter(value), { message: CONTROL_CHARACTER_MESSAGE });

/** A whole number within [min, max] (at most INT4_MAX for an `integer` column). */
export const boundedInt = (min: number, max: number) =>
  z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

/** A positive whole number stored in an `integer` column (ids such as org, user and notification numbers). */
export const positiveInt4 = boundedInt(1, INT4_MAX);

/** Money, energy usage, prices: finite, from 0 to MAX_AMOUNT. */
export const amountSchema = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must not be negative' })
  .max(MAX_AMOUNT, { message: `must be at most ${MAX_AMOUNT}` });

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const YEAR_RANGE_MESSAGE = `must be between the years ${MIN_YEAR} and ${MAX_YEAR}`;

/** Why a YYYY-MM-DD text is not a real date in range, or undefined when it is one. */
export function isoDateProblem(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'must be a date as YYYY-MM-DD';
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12) return 'must be a real date: the month must be from 01 to 12';
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  if (day < 1 || day > days) return `must be a real date: that month has days 01 to ${days}`;
  if (year < MIN_YEAR || year > MAX_YEAR) return YEAR_RANGE_MESSAGE;
  return undefined;
}

/** A real date as YYYY-MM-DD (month 1-12, a day the month has, leap years), years MIN_YEAR to MAX_YEAR. */
export const isoDateSchema = z.string().superRefine((value, ctx) => {
  const message = isoDateProblem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** The widest offset from UTC any place uses (UTC+14:00; the westernmost is UTC-12:00). */
export const MAX_UTC_OFFSET_MINUTES = 14 * 60;

/**
 * A real ISO 8601 date and time with `Z` or an offset (zod checks the calendar), in the years
 * MIN_YEAR to MAX_YEAR, with an offset no wider than ±14:00 (PostgreSQL refuses wider ones).
 */
export const isoDateTime = (message = 'must be an ISO date-time') =>
  z.iso
    .datetime({ offset: true, message })
    .refine(
      (value) => {
        const year = Number(value.slice(0, 4));
        // A malformed value has already failed the format check above.
        return !/^\d{4}-/.test(value) || (year >= MIN_YEAR && year <= MAX_YEAR);
      },
      { message: YEAR_RANGE_MESSAGE },
    )
    .refine(
      (value) => {
        const offset = /([+-])(\d{2}):?(\d{2})$/.exec(value);
        return !offset || Number(offset[2]) * 60 + Number(offset[3]) <= MAX_UTC_OFFSET_MINUTES;
      },
      { message: 'must have an offset from UTC between -14:00 and +14:00' },
    );

/** Whole number in a query string. */
export const queryInt = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

export interface JsonProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The first thing in a JSON value the database cannot store or the server should not take: a text
 * or key with NUL or a lone surrogate, a number that is not finite, a `__proto__` key, nesting
 * deeper than `maxDepth`. Walks the value with its own stack (never recursion), so any depth is safe.
 */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | undefined {
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [
    { value, depth: 0, path: [] },
  ];
  while (stack.length) {
    const item = stack.pop() as (typeof stack)[number];
    const v = item.value;
    if (typeof v === 'string') {
      const message = unsafeCharacterMessage(v);
      if (message) return { path: item.path, message };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path: item.path, message: 'must be a finite number' };
    } else if (v !== null && typeof v === 'object') {
      const depth = item.depth + 1;
      if (depth > maxDepth) return { path: item.path, message: TOO_DEEP_MESSAGE };
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth, path: [...item.path, i] });
      } else {
        for (const key of Object.keys(v)) {
          const message = unsafeCharacterMessage(key);
          if (message) return { path: item.path, message: `has a key that ${message}` };
          if (key === '__proto__') return { path: item.path, message: 'must not have a key named __proto__' };
          stack.push({ value: (v as Record<string, unknown>)[key], depth, path: [...item.path, key] });
        }
      }
    }
  }
  return undefined;
}

/** Free-form JSON checked by `jsonProblem`: wrap `z.unknown()`, records and arrays of unknowns. */
export const safeJson = <T extends z.ZodType>(schema: T): T =>
  schema.superRefine((value, ctx) => {
    const problem = jsonProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });

/** A free-form JSON value (any JSON, checked by `jsonProblem`). */
export const jsonValue = safeJson(z.unknown());
/** A free-form JSON object (checked by `jsonProblem`, keys included, so an issue never names a bad key). */
export const jsonObject = safeJson(z.record(z.string(), z.unknown()));
