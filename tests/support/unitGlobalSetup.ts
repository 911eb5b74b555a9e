/**
 * Once per unit run: a migrated PGlite data folder written to a file, so each test file's
 * database loads it instead of creating a cluster and migrating it (seconds each on a busy box).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

let folder: string | undefined;

export async function setup(project: TestProject) {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await handle.migrate();
    const dump = await handle.dump?.();
    if (!dump) return;
    folder = mkdtempSync(join(tmpdir(), 'hs-pglite-'));
    const file = join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
  } finally {
    await handle.close();
  }
}

export function teardown() {
  if (folder) rmSync(folder, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder as a file; absent when the set-up did not run. */
    pgliteSnapshot?: string;
  }
}
