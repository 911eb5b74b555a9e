/**
 * Build step: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of the
 * build, which the server sends to browsers that accept them (server/http/app.ts). Done once at
 * build time so no request pays for compressing.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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

export function precompressFiles(dir: string): void {
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: bytes.length <= DENSEST_UP_TO_BYTES ? 11 : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
  }
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
      handler() {
        precompressFiles(outDir);
      },
    },
  };
}
