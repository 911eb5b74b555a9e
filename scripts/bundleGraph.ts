/** The output chunks of a build as the build plugins see them, and how they import each other. */

export type Bundle = Record<
  string,
  {
    type: string;
    fileName: string;
    facadeModuleId?: string | null;
    imports?: string[];
    code?: string;
    map?: { mappings: string } | null;
    source?: string | Uint8Array;
  }
>;

/**
 * The file names of the chunk of a module (matched by the end of its path) and of every chunk it
 * imports statically, directly or not: what loads whenever that module does. Empty when no chunk
 * is that module's.
 */
export function chunkClosure(bundle: Bundle, moduleSuffix: string): string[] {
  const start = Object.values(bundle).find(
    (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(moduleSuffix),
  );
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    for (const next of bundle[fileName]?.imports ?? []) visit(next);
  };
  if (start) visit(start.fileName);
  return [...found];
}
