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
