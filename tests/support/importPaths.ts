/**
 * Where an import specifier of the repository's own code lands: a relative path, or one of the
 * aliases of package.json's `imports` (`#src/…`, `#server/…`, `#tests/…`, `#scripts/…`). The tests
 * that follow imports (the feature graph, each screen's words) resolve through this one function.
 */
import { posix } from 'node:path';
import packageJson from '#package.json' with { type: 'json' };

/** `#src/` → `src/`, from package.json's `"#src/*": "./src/*"` entries. */
const ALIASES: [prefix: string, folder: string][] = Object.entries(packageJson.imports)
  .filter(([key, target]) => key.endsWith('/*') && target.startsWith('./') && target.endsWith('/*'))
  .map(([key, target]) => [key.slice(0, -1), target.slice(2, -1)]);

/**
 * The repository path (with `/`, relative to its root like `fromFile`) that `specifier`, written
 * in `fromFile`, names; undefined for a package.
 */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  for (const [prefix, folder] of ALIASES) {
    if (specifier.startsWith(prefix)) return posix.normalize(folder + specifier.slice(prefix.length));
  }
  if (!specifier.startsWith('.')) return undefined;
  return posix.normalize(posix.join(posix.dirname(fromFile), specifier));
}
