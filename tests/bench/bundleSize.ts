/**
 * Gzipped size of the JavaScript a screen needs before it can draw, read from a build made with
 * `vite build --manifest` (the manifest names each chunk's static imports).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The sign-in page: the entry and the app's start (src/main.tsx starts it after the first paint). */
export const SIGN_IN_CHUNKS = ['index.html', 'src/app/boot.tsx'];
/** The signed-in shell: the above and the signed-in app's chunk (a screen's own chunk not counted). */
export const SHELL_CHUNKS = [...SIGN_IN_CHUNKS, 'src/app/SignedInApp.tsx'];

export function jsGzipKb(starts: string[], dist = 'dist'): number {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of starts) visit(key);
  const bytes = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
  return Math.round(bytes / 102.4) / 10;
}
