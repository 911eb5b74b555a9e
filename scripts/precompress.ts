/**
 * Build step: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of the
 * build, which the server sends to browsers that accept them (server/http/app.ts). Done once at
 * build time so no request pays for compressing.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|webmanifest|svg)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
/** Brotli's densest setting takes seconds per megabyte: used for the app's files, not the geography. */
const DENSEST_UP_TO_BYTES = 512 * 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

async function compressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  const [gz, br] = await Promise.all([
    gzipped(bytes, { level: 9 }),
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: bytes.length <= DENSEST_UP_TO_BYTES ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
}

/**
 * Compresses every compressible file of `dir`, all at once: zlib works on Node's thread pool, so
 * the files are compressed on every core (about 9 s of CPU for the app's build).
 */
export async function precompressFiles(dir: string): Promise<void> {
  const paths = [...files(dir)].filter((path) => COMPRESSIBLE.test(path) && statSync(path).size >= MIN_BYTES);
  await Promise.all(paths.map(compressFile));
}

/** Vite plugin: compresses the written build last, after the service worker is built too. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => precompressFiles(outDir),
    },
  };
}
