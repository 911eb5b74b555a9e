/**
 * Build step: marks the code a signed-in opening runs for eager compilation. A browser compiles a
 * script's functions lazily, each on the main thread the first time it is called, which on a slow
 * phone is a large part of the app's start. `//# allFunctionsCalledOnLoad` at the top of a file
 * (V8's explicit compile hint, Chrome 136 on) has every function in it compiled while the file
 * streams in, off the main thread; other browsers read it as a comment.
 *
 * Marked: the chunks that load with the given modules (their static imports included), i.e. the
 * start of the app, the signed-in shell and a rep's first screens. Not marked: everything loaded
 * later, whose functions mostly never run in a visit and would cost compile time for nothing.
 */
import type { Plugin } from 'vite';
import { type Bundle, chunkClosure } from './bundleGraph.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The modules whose code runs as a signed-in visit opens (matched by the end of their paths). */
export const STARTUP_MODULES = [
  // The entry (src/main.tsx), which the build names after the page that loads it.
  '/index.html',
  'src/app/boot.tsx',
  'src/app/SignedInApp.tsx',
  'src/features/map/MapPage.tsx',
  'src/features/tables/components/KeptAliveTables.tsx',
];

/**
 * Puts the hint on the first line of each chunk that loads with one of `modules`, and moves its
 * source map down a line to match. Throws when a module has no chunk of its own (renamed or no
 * longer loaded on its own), so the list cannot go stale unnoticed, unless `optional` (a worker's
 * build, one per worker, holds only its own). Returns the chunks marked.
 */
export function markStartupChunks(bundle: Bundle, modules: readonly string[], optional = false): string[] {
  const marked = new Set<string>();
  for (const module of modules) {
    const chunks = chunkClosure(bundle, module);
    if (chunks.length === 0 && !optional) throw new Error(`compile hints: no chunk is ${module}'s`);
    for (const fileName of chunks) marked.add(fileName);
  }
  for (const fileName of marked) {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || chunk.code === undefined) continue;
    if (chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    // In a source map each `;` starts the next generated line: the code moved down one. The main
    // build writes the map's file as it is in the bundle; a worker's build hands on the chunk's.
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const mapFile = bundle[`${fileName}.map`];
    if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
      const map = JSON.parse(mapFile.source) as { mappings: string };
      map.mappings = `;${map.mappings}`;
      mapFile.source = JSON.stringify(map);
    }
  }
  return [...marked];
}

/**
 * Vite plugin: runs after Vite has written its own first line (the preload map) into the chunks.
 * `worker`: for the workers' builds, each of which holds one worker.
 */
export function compileHints(modules: readonly string[] = STARTUP_MODULES, worker = false): Plugin {
  return {
    name: 'hs-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        markStartupChunks(bundle as Bundle, modules, worker);
      },
    },
  };
}
