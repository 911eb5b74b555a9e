/**
 * Where generated values land in a valid body: its targets (paths, with the values their schemas
 * accept), the edits of one request, and applying them to a copy of the body.
 */
import fc from 'fast-check';
import type { Base } from './fuzzCase.ts';
import type { Env } from './fuzzEnv.ts';
import { hostileValue, rarely } from './hostileValues.ts';
import { RawJson } from './rawJson.ts';
import { type Path, schemaAt, shapeKeys, validCandidates } from './schemaPaths.ts';

export interface Target {
  path: Path;
  valid: unknown[];
}

export interface Edit {
  target: number;
  value: unknown;
  wrap: 'none' | 'array' | 'object';
}

/** Every path to a leaf or a container of a JSON value, so edits can land anywhere in it. */
function pathsOf(value: unknown): Path[] {
  const out: Path[] = [];
  const stack: { v: unknown; path: Path }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: Path };
    if (path.length) out.push(path);
    if (v && typeof v === 'object' && path.length < 6) {
      for (const [k, child] of Object.entries(v))
        stack.push({ v: child, path: [...path, Array.isArray(v) ? Number(k) : k] });
    }
  }
  return out;
}

export function targetsOf(base: Base, env: Env, ids: string[]): Target[] {
  const fields = base.fields ?? (base.schema ? shapeKeys(base.schema).map((k) => [k]) : []);
  const seen = new Set<string>();
  const targets: Target[] = [];
  for (const path of [...pathsOf(base.build(env)), ...fields]) {
    const key = JSON.stringify(path);
    if (seen.has(key)) continue;
    seen.add(key);
    const excluded = base.exclude?.includes(String(path[path.length - 1]));
    targets.push({
      path,
      valid: base.schema && !excluded ? validCandidates(schemaAt(base.schema, path), ids) : [],
    });
  }
  return targets;
}

/** A value the field accepts, made hostile: NUL or a lone surrogate slipped in, a number pushed out of range. */
function corruptedArb(valid: unknown[]): fc.Arbitrary<unknown> | undefined {
  const strings = valid.filter((v): v is string => typeof v === 'string' && v.length < 5000);
  const numbers = valid.filter((v): v is number => typeof v === 'number');
  const arbs: fc.Arbitrary<unknown>[] = [];
  if (strings.length)
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...strings),
          fc.constantFrom('\u0000', '\ud800', '\udc00', '\ud83d', '\u0000\u0000'),
          fc.nat(),
        )
        .map(([text, bad, at]) => {
          const i = at % (text.length + 1);
          return text.slice(0, i) + bad + text.slice(i);
        }),
    );
  if (numbers.length)
    arbs.push(
      fc
        .tuple(fc.constantFrom(...numbers), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e10, 0.5, -1, 2 ** 53))
        .map(([n, shift]) => n + shift),
    );
  return arbs.length ? fc.oneof(...arbs) : undefined;
}

const wrapArb = fc.constantFrom<Edit['wrap']>('none', 'none', 'none', 'none', 'array', 'object');

/**
 * The edits of one request: one to three values their fields accept (any the schema lets through
 * may be a hole) and, half the time, one hostile value — often an accepted value made hostile, so
 * the rest of the body still passes.
 */
export function editsArb(targets: Target[]): fc.Arbitrary<Edit[]> {
  const withValid = targets.map((t, i) => ({ t, i })).filter(({ t }) => t.valid.length);
  const validEdit: fc.Arbitrary<Edit> | undefined = withValid.length
    ? fc.constantFrom(...withValid).chain(({ t, i }) =>
        fc.record({
          target: fc.constant(i),
          value: fc.constantFrom(...t.valid),
          wrap: fc.constant<Edit['wrap']>('none'),
        }),
      )
    : undefined;
  const hostileEdit: fc.Arbitrary<Edit> = fc.nat({ max: Math.max(0, targets.length - 1) }).chain((target) => {
    const corrupted = corruptedArb(targets[target]?.valid ?? []);
    const value = corrupted
      ? fc.oneof({ weight: 3, arbitrary: corrupted }, { weight: 2, arbitrary: hostileValue })
      : hostileValue;
    return fc.record({ target: fc.constant(target), value, wrap: wrapArb });
  });
  return fc
    .tuple(
      validEdit ? fc.array(validEdit, { minLength: 1, maxLength: 3 }) : fc.constant<Edit[]>([]),
      rarely(hostileEdit, 2),
    )
    .map(([valid, hostile]) => (hostile ? [...valid, hostile] : valid));
}

function setPath(target: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  let node = target as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string | number;
    const next = node[key];
    if (!next || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1] as string | number] = value;
  return target;
}

/** A copy of a generated value (candidates are shared constants: a later edit must not change them). */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (value && typeof value === 'object' && !(value instanceof RawJson) && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, {
        value: copyOf(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

export function applyEdits(
  value: unknown,
  targets: Target[],
  edits: Edit[],
  extra: [string, unknown] | null,
) {
  let out = value;
  for (const edit of edits) {
    const v = copyOf(
      edit.wrap === 'array' ? [edit.value] : edit.wrap === 'object' ? { value: edit.value } : edit.value,
    );
    out = setPath(out, targets[edit.target]?.path ?? [], v);
  }
  if (extra && out && typeof out === 'object') (out as Record<string, unknown>)[extra[0]] = copyOf(extra[1]);
  return out;
}
