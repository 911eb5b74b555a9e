/**
 * Zod-schema introspection: the schema at a path of a body, an object schema's field names, and the
 * values each field's own schema accepts (among PLAUSIBLE ones, the world's ids and the field's bounds).
 */
import type { z } from 'zod';
import { DATE_STRINGS, NUMBER_STRINGS, WEIRD_NUMBERS } from './hostileValues.ts';

export const PLAUSIBLE: unknown[] = [
  '%',
  '_',
  '\\',
  "O'Brien",
  '👩‍👩‍👧 ü ß ☃',
  '<b>bold</b>',
  '<img src=x onerror=alert(1)>',
  'x'.repeat(200),
  'a@b.co',
  'Fuzz.Person+1@Example.COM',
  '6025550100',
  '(602) 555-0100 ext 9',
  '85004',
  '85004-1234',
  '10:30',
  '1 Main St, Phoenix, AZ 85004',
  '#000000',
  '1900-01-01',
  '2200-12-31',
  '2024-02-29',
  '2024-02-29 10:00',
  '1900-01-01T00:00:00Z',
  '2200-12-31T23:59:59.999+14:00',
  '2024-02-29T12:00:00-12:00',
  ...['english', 'spanish', '700+', 'In-person', 'Scheduled', 'Lead', 'Appointment', 'contacts', 'notes'],
  ...['Admin', 'Guest', 'user', 'Leader', 'Member', 'setter_closer', 'config', 'deal_stage', 'fuzz_key'],
  ...['Prospect', 'Contact', 'Not Home 1', 'asc', 'desc', 'id', 'created_at', 'true', 'false', '1'],
  0,
  1,
  6,
  1000,
  2_147_483_647,
  1e9,
  999_999_999.99,
  -180,
  180,
  90,
  0.000001,
  true,
  false,
  null,
  [],
  {},
  [1, 2],
  ['x'],
  [-112.07, 33.45],
  { a: 1 },
  { lat: 33.45, lng: -112.07 },
  { display_address: '1 Main St', coordinates: [-112.07, 33.45] },
  [{ key: 'permit', value: 'filed' }],
  [{ url: 'https://example.com/a.png', mimetype: 'image/png' }],
  { provider: 'APS', bill: 120.5, twelve_month_usage: [1, 2, 3] },
];

export type Path = (string | number)[];

export interface ZodInternals {
  def: {
    type: string;
    innerType?: ZodInternals;
    in?: ZodInternals;
    out?: ZodInternals;
    shape?: Record<string, ZodInternals>;
    element?: ZodInternals;
    valueType?: ZodInternals;
    items?: ZodInternals[];
    options?: ZodInternals[];
  };
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

export function unwrap(schema: ZodInternals): ZodInternals {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    if (WRAPPERS.has(s.def.type) && s.def.innerType) s = s.def.innerType;
    else if (s.def.type === 'pipe' && s.def.in && s.def.out)
      s = s.def.in.def.type === 'transform' ? s.def.out : s.def.in;
    else return s;
  }
  return s;
}

/** The schema of the value at `path` of what `schema` checks, when it can be told. */
export function schemaAt(schema: z.ZodType, path: Path): ZodInternals | undefined {
  let s: ZodInternals | undefined = schema as unknown as ZodInternals;
  for (const key of path) {
    if (!s) return undefined;
    let u = unwrap(s);
    if (u.def.type === 'union')
      u = unwrap(
        u.def.options?.find((o) => ['object', 'array', 'record', 'tuple'].includes(unwrap(o).def.type)) ?? u,
      );
    if (u.def.type === 'object') s = u.def.shape?.[String(key)];
    else if (u.def.type === 'array') s = u.def.element;
    else if (u.def.type === 'record') s = u.def.valueType;
    else if (u.def.type === 'tuple') s = u.def.items?.[Number(key)];
    else return undefined;
  }
  return s;
}

/** The field names of an object schema (through refinements, pipes and transforms). */
export function shapeKeys(schema: z.ZodType): string[] {
  const u = unwrap(schema as unknown as ZodInternals);
  if (u.def.type !== 'object' || !u.def.shape) throw new Error('not an object schema');
  return Object.keys(u.def.shape);
}

/** What a field's schema accepts among the plausible values, the world's ids and its bounds. */
export function validCandidates(field: ZodInternals | undefined, ids: string[], asText = false): unknown[] {
  if (!field) return [];
  const inner = unwrap(field);
  const bounds: unknown[] = [];
  if (typeof inner.maxLength === 'number')
    bounds.push('x'.repeat(inner.maxLength), '😀'.repeat(inner.maxLength / 2));
  for (const n of [inner.minValue, inner.maxValue])
    if (typeof n === 'number' && Number.isFinite(n)) bounds.push(n);
  // Hostile texts and numbers too: any the schema lets through is a hole worth sending.
  const pool = [
    ...PLAUSIBLE,
    ...bounds,
    ...ids,
    ids.slice(0, 2),
    ids.slice(0, 2).join(','),
    ...DATE_STRINGS,
    ...NUMBER_STRINGS,
    ...WEIRD_NUMBERS,
  ];
  const schema = field as unknown as z.ZodType;
  return pool
    .map((v) => (asText && typeof v !== 'string' ? (typeof v === 'number' ? String(v) : undefined) : v))
    .filter((v) => v !== undefined && schema.safeParse(v).success);
}
