/**
 * Of overlapping requests, keeps only the latest one's answer: `next()` starts a request and gives
 * a check that stays true until a later request starts or `cancel()` is called.
 */
export function latestOnly(): { next(): () => boolean; cancel(): void } {
  let latest = 0;
  return {
    next() {
      latest += 1;
      const mine = latest;
      return () => mine === latest;
    },
    cancel() {
      latest += 1;
    },
  };
}
