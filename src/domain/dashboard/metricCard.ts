/** A dashboard card of a shared metric (src/domain/metrics.ts): the leaderboard's figures, as a card shows them. */
import type { CardResult, CardType } from './cards.ts';

/**
 * A metric card's answer: a number card shows the total; a chart, table or leaderboard card the
 * people, largest first (ties by name), at most `limit`. A map card has no metric answer.
 */
export function metricCardResult(
  type: CardType,
  figures: { total: number; byPerson: ReadonlyMap<string, number> },
  nameOf: (userId: string) => string,
  limit: number,
): CardResult | undefined {
  if (type === 'map') return undefined;
  if (type === 'number') return { kind: 'number', value: figures.total, rows: figures.total };
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  const groups = [...figures.byPerson]
    .filter(([, value]) => value > 0)
    .map(([key, value]) => ({ key, label: nameOf(key) || key, value, rows: value }))
    .sort((a, b) => b.value - a.value || collator.compare(a.label, b.label) || (a.key < b.key ? -1 : 1))
    .slice(0, limit);
  return { kind: 'groups', groups, rows: figures.total };
}
