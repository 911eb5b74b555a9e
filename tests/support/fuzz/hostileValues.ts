/**
 * Hostile values: the pools and arbitraries of strings, numbers, keys, whole bodies and headers no
 * route expects (NUL, lone surrogates, impossible dates, numbers beyond their columns, deep nesting).
 */
import fc from 'fast-check';
import { RawJson } from './rawJson.ts';

const deepArray = (n: number) => new RawJson(`${'['.repeat(n)}1${']'.repeat(n)}`);
const deepObject = (n: number) => new RawJson(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);

const RAW_JSON = [
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '-0',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"x\\udc00"',
  '{"__proto__":{"polluted":true}}',
  '{"__proto__":1}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '{"\\u0000":1}',
  '{"\\ud800":"x"}',
  '["\\u0000",{"k\\u0000":"v"}]',
].map((text) => new RawJson(text));

export const DATE_STRINGS = [
  '0000-01-01',
  '2024-13-45',
  '2023-02-29',
  '2024-02-30',
  '2024-00-10',
  '1899-12-31',
  '2201-01-01',
  '99999-01-01',
  '2024-1-1',
  '10000-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2201-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2024-01-01T24:00:00Z',
  '2024-06-01T12:00:00-23:59',
  '2024-06-01T12:00:00.123456789Z',
];

export const NUMBER_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1.5',
  '99999999999',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e400',
  '1e3',
  '0x10',
  ' 6 ',
  '6',
  '7',
];

const WEIRD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\udbff\udbff',
  '\ud83d',
  '',
  ' ',
  '%00',
  '\\u0000',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  'x'.repeat(100_001),
  '\u202e\uffff\ufeff',
  'null',
  '__proto__',
  'constructor',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'a\u0000@b.co',
  ...DATE_STRINGS,
  ...NUMBER_STRINGS,
];

export const WEIRD_NUMBERS = [
  -0,
  -1,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const WEIRD_KEYS = ['constructor', 'prototype', 'toString', 'a\u0000', '\ud800', '', 'x'.repeat(300), 'id'];

/** One character of any kind: any code point, a control character, a lone surrogate, NUL. */
const anyChar = fc.oneof(
  { weight: 10, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: anyChar, maxLength: 20 }) },
);
export const hostileKey = fc.oneof(
  fc.constantFrom(...WEIRD_KEYS),
  fc.string({ unit: anyChar, maxLength: 10 }),
);
const hostileNumber = fc.oneof(fc.constantFrom(...WEIRD_NUMBERS), fc.double(), fc.integer());
const deepNesting = fc
  .constantFrom(31, 33, 64, 5000)
  .chain((n) => fc.constantFrom(deepArray(n), deepObject(n)));

/** Anything at all: hostile text and numbers, raw JSON, deep nesting, nested freely. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], { '': '' }) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JSON) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileKey, tie('value'), { maxKeys: 3 }) },
  ),
})).value;

/** Whole bodies that are not what any route expects. */
export const hostileBodyText = fc.constantFrom(
  '',
  'null',
  '[]',
  '"text"',
  '123',
  '1e400',
  '{',
  '{"a":',
  '\ufeff{}',
  '{"__proto__":{"admin":true}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
  '{"a":"\\ud800"}',
  '{"\\u0000":"\\u0000"}',
);

/** Header values a client can send (no CR, LF or NUL: those never reach the server). */
export const ORG_HEADERS = [...NUMBER_STRINGS, '', 'abc', '6,7', '+6', '06', 'ÿ'];
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/jsonx',
  'multipart/form-data; boundary=x',
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'application/pdf',
  'IMAGE/PNG',
  '',
  'ÿ/ÿ',
];
export const OTHER_HEADERS: [string, string][] = [
  ['user-agent', 'ÿ'.repeat(400)],
  ['user-agent', `Mozilla/5.0 ${'x'.repeat(10_000)}`],
  ['user-agent', ''],
  ['cookie', 'hs_session=%E0%A4%A'],
  ['cookie', 'hs_session=%00'],
  ['cookie', 'hs_session="unterminated'],
  ['cookie', `hs_session=${'x'.repeat(5000)}; hs_session=y`],
  ['cookie', '=; ;;=='],
];
export const TOKENS = ['garbage', 'Bearer', 'Bearer ', 'x'.repeat(5000), 'ÿÿÿ', '%00'];
export const RAW_QUERY = [
  '%00',
  '%',
  '%ZZ',
  '%C0%80',
  '%ED%A0%80',
  '%E0%A4%A',
  '%2500',
  '&&',
  '==',
  '+',
  'a%00b',
];

/** `arb` one time in `n`, else null (or, `mostly`, null one time in `n`). */
export function rarely<T>(arb: fc.Arbitrary<T>, n: number, mostly = false): fc.Arbitrary<T | null> {
  const [off, on] = mostly ? [1, n - 1] : [n - 1, 1];
  return fc.oneof({ weight: off, arbitrary: fc.constant(null) }, { weight: on, arbitrary: arb });
}
