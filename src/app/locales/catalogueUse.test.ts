// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the tests' samples are source code, template strings included
/**
 * Every string the interface shows comes from the catalogue: the source is read for words written
 * straight into the markup, and for message keys the catalogue does not have — in the namespaces
 * the file asks for (`useTranslation('regions')`, `TFunction<'regions'>`, the shared ones), or in the
 * one a key names (`regions:regions.title`).
 */
import { globSync, readFileSync } from 'node:fs';
import { parseSync, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMESPACES, loadCatalogue, type Namespace } from './catalogues.ts';

type Node = { type: string; start: number; end: number; [field: string]: unknown };

/** Attributes a person reads or hears (labels, hints, titles, tooltips). */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'description',
  'error',
  'message',
  'tooltip',
  'nothingFoundMessage',
]);

/** Written text that is not words of either language: a URL's scheme typed as a hint. */
const NOT_WORDS = new Set(['https://']);

const PLURALS = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** Every message key of a catalogue, and every group of keys (`a.b.`). */
function catalogueKeys(tree: object) {
  const keys = new Set<string>();
  const groups = new Set<string>();
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = `${prefix}${key}`;
      if (value && typeof value === 'object') {
        groups.add(`${path}.`);
        walk(value, `${path}.`);
      } else keys.add(path);
    }
  };
  walk(tree, '');
  return { keys, groups };
}

const NAMESPACES: Namespace[] = ['shared', ...FEATURE_NAMESPACES];
const catalogues = new Map(
  await Promise.all(
    NAMESPACES.map(async (ns) => [ns, catalogueKeys(await loadCatalogue('en', ns))] as const),
  ),
);
const isNamespace = (name: string): name is Namespace => catalogues.has(name as Namespace);

/** A key as a call names it: in the namespace it names (`ns:key`), else in those the file asks for. */
function lookIn(key: string, asked: readonly Namespace[]): { key: string; namespaces: readonly Namespace[] } {
  const [head, ...rest] = key.split(':');
  if (rest.length && head && isNamespace(head)) return { key: rest.join(':'), namespaces: [head] };
  return { key, namespaces: [...asked, 'shared'] };
}

function hasKey(name: string, asked: readonly Namespace[]): boolean {
  const { key, namespaces } = lookIn(name, asked);
  return namespaces.some((ns) => {
    const { keys } = catalogues.get(ns)!;
    return keys.has(key) || PLURALS.some((s) => keys.has(key + s));
  });
}

/** A key built at run time from this start can name a message: a group or key starts with it. */
function canStartKey(start: string, asked: readonly Namespace[]): boolean {
  const { key: head, namespaces } = lookIn(start, asked);
  return namespaces.some((ns) => {
    const { keys, groups } = catalogues.get(ns)!;
    return [...groups, ...keys].some((k) => k.startsWith(head) || head.startsWith(k));
  });
}

/** The namespaces a file's `t` takes unprefixed keys from: the first each hook or type names. */
function namespacesAsked(program: unknown): Namespace[] {
  const asked = new Set<Namespace>();
  const first = (node: Node | undefined): string | undefined => {
    if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
    if (node?.type === 'ArrayExpression') return first((node.elements as Node[])[0]);
    if (node?.type === 'TSLiteralType') return first(node.literal as Node);
    if (node?.type === 'TSTupleType') return first((node.elementTypes as Node[])[0]);
    return undefined;
  };
  const add = (name: string | undefined) => {
    if (name && isNamespace(name)) asked.add(name);
  };
  new Visitor({
    CallExpression(node) {
      const call = node as unknown as Node & { callee: Node & { name?: string }; arguments: Node[] };
      if (call.callee.type === 'Identifier' && call.callee.name === 'useTranslation')
        add(first(call.arguments[0]));
    },
    TSTypeReference(node) {
      const ref = node as unknown as Node & { typeName: Node & { name?: string }; typeArguments?: Node };
      if (ref.typeName.name === 'TFunction')
        add(first((ref.typeArguments?.params as Node[] | undefined)?.[0]));
    },
  }).visit(program as Parameters<Visitor['visit']>[0]);
  return [...asked];
}

const isWords = (text: string) => /\p{L}/u.test(text) && !NOT_WORDS.has(text.trim());

function stringOf(node: Node | undefined): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') {
    return (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join(' ');
  }
  return undefined;
}

/** The keys a call's first argument can be: literals, both sides of a condition, a template's start. */
function keyProblems(arg: Node | undefined, asked: readonly Namespace[]): string[] {
  if (!arg) return [];
  if (arg.type === 'TSAsExpression') return keyProblems(arg.expression as Node, asked);
  if (arg.type === 'Literal' && typeof arg.value === 'string')
    return hasKey(arg.value, asked) ? [] : [`key not in the catalogue: ${arg.value}`];
  if (arg.type === 'ConditionalExpression')
    return [...keyProblems(arg.consequent as Node, asked), ...keyProblems(arg.alternate as Node, asked)];
  if (arg.type === 'TemplateLiteral') {
    const head = (arg.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? '';
    return head === '' || canStartKey(head, asked) ? [] : [`no key starts with: ${head}`];
  }
  return [];
}

/** A string naming its namespace (`regions:regions.title`, a toast's title) names a key it has. */
function namedKeyProblem(text: string): string | undefined {
  const [head, key] = text.split(':');
  if (!head || !key || !isNamespace(head) || !/^[a-zA-Z]+\.[\w.]+$/.test(key)) return undefined;
  return hasKey(text, []) ? undefined : `key not in the catalogue: ${text}`;
}

const isTranslateCall = (callee: Node) =>
  (callee.type === 'Identifier' && callee.name === 't') ||
  (callee.type === 'MemberExpression' &&
    !callee.computed &&
    (callee.property as Node & { name?: string }).name === 't');

/** What in one file shows text that is not in the catalogue, as `file:line what`. */
function catalogueFindings(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (errors.length) return [`${file}: could not be read (${errors[0]?.message})`];
  const findings: string[] = [];
  const asked = namespacesAsked(program);
  const report = (node: Node, what: string) =>
    findings.push(`${file}:${source.slice(0, node.start).split('\n').length} ${what}`);
  const checkChildren = (node: Node) => {
    for (const child of node.children as Node[]) {
      const text = child.type === 'JSXText' ? String(child.value) : undefined;
      const written =
        text ?? (child.type === 'JSXExpressionContainer' ? stringOf(child.expression as Node) : undefined);
      if (written !== undefined && isWords(written)) report(child, `text: ${written.trim()}`);
    }
  };
  new Visitor({
    JSXElement: (node) => checkChildren(node as unknown as Node),
    JSXFragment: (node) => checkChildren(node as unknown as Node),
    JSXAttribute(node) {
      const attribute = node as unknown as Node & { name: Node & { name?: string }; value: Node | null };
      if (!READ_ATTRIBUTES.has(attribute.name.name ?? '') || !attribute.value) return;
      const value =
        attribute.value.type === 'JSXExpressionContainer'
          ? stringOf(attribute.value.expression as Node)
          : stringOf(attribute.value);
      if (value !== undefined && isWords(value)) report(attribute, `${attribute.name.name}: ${value}`);
    },
    CallExpression(node) {
      const call = node as unknown as Node & { callee: Node; arguments: Node[] };
      if (!isTranslateCall(call.callee)) return;
      // `i18n.t` takes shared keys and keys naming their namespace; `t` those of its namespaces too.
      const namespaces = call.callee.type === 'Identifier' ? asked : [];
      for (const problem of keyProblems(call.arguments[0], namespaces)) report(call, problem);
      const options = call.arguments[1];
      const defaults = (options?.type === 'ObjectExpression' ? (options.properties as Node[]) : []).filter(
        (p) => (p.key as Node & { name?: string })?.name === 'defaultValue',
      );
      for (const d of defaults) {
        const value = stringOf(d.value as Node);
        if (value !== undefined && isWords(value))
          report(call, `default words outside the catalogue: ${value}`);
      }
    },
    Literal(node) {
      const literal = node as unknown as Node;
      const problem = typeof literal.value === 'string' ? namedKeyProblem(literal.value) : undefined;
      if (problem) report(literal, problem);
    },
  }).visit(program);
  return findings;
}

describe('the interface shows only catalogue messages', () => {
  const files = globSync('src/**/*.{ts,tsx}').filter((f) => !/\.test\.tsx?$|\/testing\//.test(f));

  it('reads the source', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no words written into the markup and asks only for keys the catalogue has', () => {
    const findings = files.flatMap((file) => catalogueFindings(file, readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  });
});

describe('the source check', () => {
  const check = (source: string) => catalogueFindings('x.tsx', source);

  it('finds words in text, in read attributes and in string children', () => {
    expect(check('const a = <p>Save changes</p>;')).toEqual(['x.tsx:1 text: Save changes']);
    expect(check('const a = <b aria-label="Close" />;')).toEqual(['x.tsx:1 aria-label: Close']);
    expect(check("const a = <b title={'Open'} />;")).toEqual(['x.tsx:1 title: Open']);
    expect(check("const a = <p>{'Hello'}</p>;")).toEqual(['x.tsx:1 text: Hello']);
    expect(check('const a = <p>{`Hi ${name}`}</p>;')).toEqual(['x.tsx:1 text: Hi']);
  });

  it('lets symbols, numbers, data and non-read attributes through', () => {
    expect(check('const a = <p>· {n} — 3 / 4</p>;')).toEqual([]);
    expect(check('const a = <a href="/contacts" data-testid="row" />;')).toEqual([]);
    expect(check('const a = <Link to={`/contacts/${id}`}>{t("nav.contacts")}</Link>;')).toEqual([]);
    expect(check('const a = <input placeholder="https://" />;')).toEqual([]);
  });

  it('finds keys the catalogue lacks, in literals, conditions, templates and defaults', () => {
    expect(check("t('nav.map'); i18n.t('common.save'); t('time.minutesAgo', { count: 2 });")).toEqual([]);
    expect(check("t('nav.nowhere')")).toEqual(['x.tsx:1 key not in the catalogue: nav.nowhere']);
    expect(check("i18n.t(ok ? 'nav.map' : 'nav.gone')")).toEqual([
      'x.tsx:1 key not in the catalogue: nav.gone',
    ]);
    expect(check('t(`nav.groups.${g}`); t(`nope.${g}`)')).toEqual(['x.tsx:1 no key starts with: nope.']);
    const proposals = "const { t } = useTranslation('proposals');";
    expect(check(`${proposals} t(\`proposals.statuses.\${s}\`, { defaultValue: 'Unknown stage' })`)).toEqual([
      'x.tsx:1 default words outside the catalogue: Unknown stage',
    ]);
    expect(check(`${proposals} t(\`proposals.statuses.\${s}\`, { defaultValue: s })`)).toEqual([]);
  });

  it('looks for a key in the namespaces the file asks for, the shared ones, or the one it names', () => {
    expect(
      check("const { t } = useTranslation(['regions', 'tables']); t('regions.title'); t('nav.map');"),
    ).toEqual([]);
    expect(
      check(
        "const { t } = useTranslation('regions'); t('tables:tables.search'); i18n.t('regions:regions.title');",
      ),
    ).toEqual([]);
    expect(check("function f(t: TFunction<['regions', 'tables']>) { return t('regions.title'); }")).toEqual(
      [],
    );
    expect(check("const { t } = useTranslation('regions'); t('tables.search')")).toEqual([
      'x.tsx:1 key not in the catalogue: tables.search',
    ]);
    expect(check("i18n.t('regions.title')")).toEqual(['x.tsx:1 key not in the catalogue: regions.title']);
    expect(check("toastDone('regions:regions.nowhere')")).toEqual([
      'x.tsx:1 key not in the catalogue: regions:regions.nowhere',
    ]);
  });
});
