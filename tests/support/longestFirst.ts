/**
 * Test files in the order the sequencers hand them to the workers: the ones named in `order`
 * first, in its order, then the others in the order they came. A clean checkout (CI) has no
 * timings of earlier runs, so the files measured longest are named, and the workers finish
 * together instead of one running a long file alone at the end. A name without a file is skipped.
 */
export function longestFirst<T>(
  files: readonly T[],
  name: (file: T) => string,
  order: readonly string[],
): T[] {
  const rank = (file: T) => {
    const at = order.indexOf(name(file));
    return at < 0 ? order.length : at;
  };
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
    .map(({ file }) => file);
}

/**
 * The test environment a file asks for (`// @vitest-environment jsdom`), if any, read as vitest
 * reads it: the first such comment anywhere in the file.
 */
export function requestedEnvironment(source: string): string | undefined {
  return /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(source)?.[1];
}

/**
 * The files of each other environment than `main` together, after the first `lead` files and
 * before the rest of `main`'s, each group and the rest in the order they came. A worker that
 * shared its loaded modules between files keeps them only while the environment stays the same:
 * vitest starts a fresh worker, which loads every module again, when the next file asks for
 * another environment. Interleaved, the screen tests (jsdom) cost a fresh worker almost each.
 */
export function environmentsTogether<T>(
  files: readonly T[],
  environment: (file: T) => string,
  main: string,
  lead: number,
): T[] {
  const groups = new Map<string, T[]>();
  for (const file of files.slice(lead)) {
    const env = environment(file);
    const group = groups.get(env);
    if (group) group.push(file);
    else groups.set(env, [file]);
  }
  const others = [...groups].filter(([env]) => env !== main).flatMap(([, group]) => group);
  return [...files.slice(0, lead), ...others, ...(groups.get(main) ?? [])];
}
