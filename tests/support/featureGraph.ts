/**
 * The graph of the app's feature folders (`src/features/<feature>`): which feature imports which.
 * A feature may use another only through that one's `index.ts`, and never in a circle, so that a
 * feature can be read, moved or loaded on its own. The pure part (import specifiers, the folder a
 * path lands in, the graph and its first cycle) is here; the scan of the files is in the test.
 */
import { resolveImport } from './importPaths.ts';

/**
 * Every module a file's source names: `import … from`, `export … from`, `import('…')`, bare
 * `import '…'` and the pattern of `import.meta.glob('…')`.
 */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\.meta\.glob(?:<[^(]*>)?\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  }
  return found;
}

/**
 * The feature folder an import of `fromFile` lands in (relative, or through the `#src/` alias;
 * paths relative to the repository, with `/`), or undefined when it leaves `src/features` or names
 * a package.
 */
export function importedFeature(fromFile: string, specifier: string): string | undefined {
  const target = resolveImport(fromFile, specifier);
  return target === undefined ? undefined : featureOf(target);
}

/** The feature folder a file belongs to (`src/features/<feature>/…`), or undefined. */
export function featureOf(file: string): string | undefined {
  const match = /^src\/features\/([^/]+)\/./.exec(file);
  return match?.[1];
}

export type FeatureGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** Feature → the other features its files import, from each file's path and source. */
export function featureGraph(files: readonly { path: string; source: string }[]): FeatureGraph {
  const graph = new Map<string, Set<string>>();
  for (const { path, source } of files) {
    const from = featureOf(path);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of importSpecifiers(source)) {
      const to = importedFeature(path, specifier);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * One cycle of the graph as the path that closes it (`['a', 'b', 'a']`), or undefined when the
 * graph has none. Features and their edges are visited in name order, so the answer is stable.
 */
export function findCycle(graph: FeatureGraph): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string): string[] | undefined => {
    if (onPath.has(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return undefined;
    path.push(node);
    onPath.add(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}
