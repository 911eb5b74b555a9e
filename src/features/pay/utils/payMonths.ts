/** The months 'My pay' offers, as YYYY-MM, newest first. */

/** The month `now` is in on the device's clock. */
export function currentMonth(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The `count` months up to the one `now` is in, newest first. */
export function recentMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    currentMonth(new Date(now.getFullYear(), now.getMonth() - i, 1)),
  );
}
