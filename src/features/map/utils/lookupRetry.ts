/** How long to wait before the next address lookup round after `failures` rounds in a row could not ask the geocoder. */
export function lookupRetryDelay(failures: number): number {
  return Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, failures - 1));
}
