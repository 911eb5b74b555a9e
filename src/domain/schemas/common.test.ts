import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  amountSchema,
  boundedText,
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  INT4_MAX,
  isoDateSchema,
  isoDateTime,
  jsonObject,
  jsonProblem,
  jsonValue,
  MAX_JSON_DEPTH,
  positiveInt4,
  safeString,
  singleLineText,
  unsafeCharacterIn,
} from './common.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('the safe string rule', () => {
  it('refuses NUL and lone surrogates, keeps every other text', () => {
    expect(messages(safeString, 'a\u0000b')).toEqual(['must not contain control characters such as NUL']);
    for (const broken of ['\ud800', 'x\udc00', '\udbff\udbff', '\ud83d', '\ude00\ud83d'])
      expect(messages(safeString, broken)).toEqual([
        'contains an invalid character (a broken emoji or text encoding)',
      ]);
    for (const fine of ['', 'plain', '😀 👩‍👩‍👧', '\t\n\r', '\u0001', '\uffff', 'ü ß ☃'])
      expect(safeString.safeParse(fine).success, JSON.stringify(fine)).toBe(true);
    expect(unsafeCharacterIn('ok😀')).toBeUndefined();
  });

  it('is what bounded texts build on', () => {
    expect(messages(boundedText(3), 'a\u0000')).toEqual(['must not contain control characters such as NUL']);
    expect(messages(boundedText(3), 'abcd')).toEqual(['must be at most 3 characters']);
  });
});

describe('dates and times', () => {
  it('takes only real dates from 1900 to 2200', () => {
    for (const date of ['2024-02-29', '2000-02-29', '1900-01-01', '2200-12-31', '2026-04-30'])
      expect(isoDateSchema.safeParse(date).success, date).toBe(true);
    expect(messages(isoDateSchema, '2024-13-45')).toEqual([
      'must be a real date: the month must be from 01 to 12',
    ]);
    expect(messages(isoDateSchema, '2023-02-29')).toEqual([
      'must be a real date: that month has days 01 to 28',
    ]);
    expect(messages(isoDateSchema, '1900-02-29')).toEqual([
      'must be a real date: that month has days 01 to 28',
    ]);
    expect(messages(isoDateSchema, '2024-04-31')).toEqual([
      'must be a real date: that month has days 01 to 30',
    ]);
    expect(messages(isoDateSchema, '2024-01-00')).toEqual([
      'must be a real date: that month has days 01 to 31',
    ]);
    expect(messages(isoDateSchema, '0000-01-01')).toEqual(['must be between the years 1900 and 2200']);
    expect(messages(isoDateSchema, '2201-01-01')).toEqual(['must be between the years 1900 and 2200']);
    expect(messages(isoDateSchema, '10000-01-01')).toEqual(['must be a date as YYYY-MM-DD']);
  });

  it('takes only real date-times in range with a real offset', () => {
    const dateTime = isoDateTime();
    for (const value of [
      '2026-01-15T10:00:00Z',
      '2024-02-29T23:59:59.999+14:00',
      '1900-01-01T00:00:00-12:00',
    ])
      expect(dateTime.safeParse(value).success, value).toBe(true);
    expect(messages(dateTime, '10000-01-01T00:00:00Z')).toEqual(['must be an ISO date-time']);
    expect(messages(dateTime, '2024-02-30T00:00:00Z')).toEqual(['must be an ISO date-time']);
    expect(messages(dateTime, '0000-01-01T00:00:00Z')).toEqual(['must be between the years 1900 and 2200']);
    expect(messages(dateTime, '2024-06-01T12:00:00-23:59')).toEqual([
      'must have an offset from UTC between -14:00 and +14:00',
    ]);
  });
});

describe('numbers', () => {
  it('keeps integers of int4 columns and amounts in range', () => {
    expect(positiveInt4.safeParse(INT4_MAX).success).toBe(true);
    expect(messages(positiveInt4, INT4_MAX + 1)).toEqual([`must be at most ${INT4_MAX}`]);
    expect(messages(positiveInt4, 1.5)).toEqual(['must be a whole number']);
    expect(amountSchema.safeParse(1234.56).success).toBe(true);
    expect(amountSchema.safeParse(1e12).success).toBe(false);
    expect(amountSchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(amountSchema.safeParse(-1).success).toBe(false);
  });
});

describe('free-form JSON', () => {
  it('refuses NUL and lone surrogates in any text or key, non-finite numbers and __proto__', () => {
    expect(jsonProblem({ a: [{ b: 'x\u0000' }] })).toEqual({
      path: ['a', 0, 'b'],
      message: 'must not contain control characters such as NUL',
    });
    expect(jsonProblem({ a: { '\ud800': 1 } })?.path).toEqual(['a']);
    expect(jsonProblem({ a: { '\ud800': 1 } })?.message).toMatch(
      /^has a key that contains an invalid character/,
    );
    expect(jsonProblem([1, Number.NaN])).toEqual({ path: [1], message: 'must be a finite number' });
    expect(jsonProblem(JSON.parse('{"x":{"__proto__":{"admin":true}}}'))?.message).toBe(
      'must not have a key named __proto__',
    );
    expect(jsonProblem({ ok: ['😀', 1.5, null, true, { constructor: 'fine' }] })).toBeUndefined();
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels without recursing`, () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(jsonProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonProblem(nested(MAX_JSON_DEPTH + 1))?.message).toBe('is nested too deeply (at most 32 levels)');
    expect(jsonProblem(nested(100_000))?.message).toBe('is nested too deeply (at most 32 levels)');
  });

  it('reports the offending path through the schemas', () => {
    const schema = z.object({ data: jsonValue, fields: jsonObject });
    expect(schema.safeParse({ data: { a: ['\u0000'] }, fields: {} }).error?.issues[0]?.path).toEqual([
      'data',
      'a',
      0,
    ]);
    expect(
      schema.safeParse({ data: 1, fields: { k: Number.POSITIVE_INFINITY } }).error?.issues[0]?.path,
    ).toEqual(['fields', 'k']);
  });
});

describe('one-line text', () => {
  it.each([
    ['Rita Rep', false],
    ['José Núñez-O’Brien', false],
    ['+1 (602) 555-0100 ext 12', false],
    ['🏠 Casa', false],
    ['', false],
    ['a\tb', true],
    ['a\nb', true],
    ['a\rb', true],
    ['\b\f', true],
    ['a\u0000b', true],
    ['a\u001bb', true],
    ['a\u007fb', true],
    ['a\u0085b', true],
    ['a\u009fb', true],
    ['a\u2028b', true],
    ['a\u2029b', true],
  ])('%j holds a control character: %s', (text, expected) => {
    expect(hasControlCharacter(text)).toBe(expected);
    expect(messages(singleLineText(100), text).length > 0).toBe(expected);
  });

  it('says what is wrong, and still bounds the length', () => {
    expect(messages(singleLineText(100), 'a\nb')).toEqual([CONTROL_CHARACTER_MESSAGE]);
    expect(messages(singleLineText(3), 'abcd')).toEqual(['must be at most 3 characters']);
  });
});
