/**
 * Every screen loads the words its components ask for beside its code: the namespaces named by the
 * files its code imports (`useTranslation('regions')`, `t('leads:lead.name')`) are in its
 * `preloadableScreen(…, words)` list, so neither the screen nor a dialog of it suspends on them.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { parseSync, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';
import { resolveImport } from '#tests/support/importPaths.ts';
import { FEATURE_NAMESPACES, type FeatureNamespace } from './locales/catalogues.ts';

type Node = { type: string; start: number; end: number; [field: string]: unknown };

const isFeatureNamespace = (name: unknown): name is FeatureNamespace =>
  typeof name === 'string' && (FEATURE_NAMESPACES as string[]).includes(name);

function parse(file: string) {
  return parseSync(file, readFileSync(file, 'utf8'), { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }).program;
}

/** A file's own words and the files it imports for their code (type-only imports left out). */
const files = new Map<string, { words: Set<FeatureNamespace>; imports: string[] }>();
function fileFacts(file: string) {
  const known = files.get(file);
  if (known) return known;
  const words = new Set<FeatureNamespace>();
  const imports: string[] = [];
  const follow = (source: unknown, typeOnly: boolean) => {
    if (typeof source !== 'string' || typeOnly) return;
    const path = resolveImport(file, source);
    if (path && existsSync(path)) imports.push(path);
  };
  new Visitor({
    ImportDeclaration(node) {
      const decl = node as unknown as Node & { source: Node; importKind?: string };
      follow(decl.source.value, decl.importKind === 'type');
    },
    ExportNamedDeclaration(node) {
      const decl = node as unknown as Node & { source: Node | null; exportKind?: string };
      follow(decl.source?.value, decl.exportKind === 'type');
    },
    ExportAllDeclaration(node) {
      const decl = node as unknown as Node & { source: Node; exportKind?: string };
      follow(decl.source.value, decl.exportKind === 'type');
    },
    CallExpression(node) {
      const call = node as unknown as Node & { callee: Node & { name?: string }; arguments: Node[] };
      if (call.callee.type !== 'Identifier' || call.callee.name !== 'useTranslation') return;
      const arg = call.arguments[0];
      const names = arg?.type === 'ArrayExpression' ? (arg.elements as Node[]) : arg ? [arg] : [];
      for (const name of names) if (isFeatureNamespace(name.value)) words.add(name.value);
    },
    Literal(node) {
      const value = (node as unknown as Node).value;
      const named = typeof value === 'string' ? /^(\w+):\w+\./.exec(value)?.[1] : undefined;
      if (isFeatureNamespace(named)) words.add(named);
    },
    TemplateLiteral(node) {
      const head = ((node as unknown as Node).quasis as { value: { cooked: string } }[])[0]?.value.cooked;
      const named = head ? /^(\w+):\w+\./.exec(head)?.[1] : undefined;
      if (isFeatureNamespace(named)) words.add(named);
    },
  }).visit(parse(file));
  const facts = { words, imports };
  files.set(file, facts);
  return facts;
}

/** The words a module's code asks for, its static imports' included (dynamic ones load apart). */
function wordsOf(file: string): FeatureNamespace[] {
  const seen = new Set<string>();
  const words = new Set<FeatureNamespace>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    const facts = fileFacts(f);
    for (const w of facts.words) words.add(w);
    for (const next of facts.imports) visit(next);
  };
  visit(file);
  return [...words].sort();
}

/** Every `preloadableScreen(() => import('…')…, [words])` of the app: the module and its list. */
function screens(): { at: string; module: string; words: string[] }[] {
  const found: { at: string; module: string; words: string[] }[] = [];
  for (const file of globSync('src/app/**/*.{ts,tsx}').filter((f) => !f.includes('.test.'))) {
    const program = parse(file);
    // `const signedInApp = () => import('./SignedInApp.tsx')`: a loader named once, used by name.
    const loaders = new Map<string, string>();
    const importIn = (node: Node): string | undefined => {
      let source: string | undefined;
      new Visitor({
        ImportExpression(n) {
          source ??= String(((n as unknown as Node).source as Node).value);
        },
        CallExpression(n) {
          const callee = (n as unknown as Node).callee as Node & { name?: string };
          if (callee.type === 'Identifier' && callee.name) source ??= loaders.get(callee.name);
        },
      }).visit({ type: 'Program', body: [{ type: 'ExpressionStatement', expression: node }] } as never);
      return source;
    };
    new Visitor({
      VariableDeclarator(node) {
        const decl = node as unknown as Node & { id: Node & { name?: string }; init: Node | null };
        if (decl.id.name && decl.init?.type === 'ArrowFunctionExpression') {
          const source = importIn(decl.init);
          if (source) loaders.set(decl.id.name, source);
        }
      },
    }).visit(program);
    new Visitor({
      CallExpression(node) {
        const call = node as unknown as Node & { callee: Node & { name?: string }; arguments: Node[] };
        if (call.callee.type !== 'Identifier' || call.callee.name !== 'preloadableScreen') return;
        const [load, list] = call.arguments;
        const source = load && importIn(load);
        if (!source) return;
        const words =
          list?.type === 'ArrayExpression' ? (list.elements as Node[]).map((e) => String(e.value)) : [];
        found.push({ at: `${file} ${source}`, module: resolveImport(file, source) ?? source, words });
      },
    }).visit(program);
  }
  return found;
}

describe('the words of a screen', () => {
  const all = screens();

  it('are found for every screen of the route table, the shell and the signed-in app', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.some((s) => s.module.endsWith('src/app/SignedInApp.tsx'))).toBe(true);
  });

  it('load with its code: every namespace its components ask for is in its list', () => {
    const missing = all.flatMap((s) => {
      const lacking = wordsOf(s.module).filter((w) => !s.words.includes(w));
      return lacking.length ? [`${s.at}: ${lacking.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('list only namespaces it asks for', () => {
    const extra = all.flatMap((s) => {
      const needed = wordsOf(s.module);
      const more = s.words.filter((w) => !needed.includes(w as FeatureNamespace));
      return more.length ? [`${s.at}: ${more.join(', ')}`] : [];
    });
    expect(extra).toEqual([]);
  });
});
