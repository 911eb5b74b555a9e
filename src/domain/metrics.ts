/**
 * The figures the dashboard and the leaderboard both show — leads added, appointments set, knocks,
 * and the sales (closed won), their revenue and kW sold — each with one definition: the
 * leaderboard's rule (METRIC_RULES of ./leaderboard.ts) over one period on the device's clock
 * (today, this week from Monday to Sunday, this month). A dashboard card of a metric and the
 * leaderboard count the same rows the same way, so the same question gives the same number on both
 * screens; the sales are those of ./sales.ts, as the user and team pages count them.
 */
import { type LeaderboardRows, metricTotals, periodRange } from './leaderboard.ts';

export const SHARED_METRICS = [
  'leads_added',
  'appointments_set',
  'knocks',
  'closed_won',
  'revenue',
  'sold_kw',
] as const;
export type SharedMetric = (typeof SHARED_METRICS)[number];

export const METRIC_PERIODS = ['today', 'week', 'month'] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];

/** A card's figure: which metric, over which period. */
export interface CardMetric {
  key: SharedMetric;
  period: MetricPeriod;
}

/** The period's bounds: events at or after `start` and before `end` count. */
export function metricPeriodRange(period: MetricPeriod, now: Date): { start: Date; end: Date } {
  return periodRange({ kind: period }, now) as { start: Date; end: Date };
}

/** Each person's figure of the metric in [start, end), and everyone's total (to the cent, the watt). */
export function metricFigures(
  rows: LeaderboardRows,
  metric: SharedMetric,
  range: { start: Date; end: Date },
): { total: number; byPerson: Map<string, number> } {
  const byPerson = metricTotals(rows, { metric, scope: 'org', board: 'all', ...range });
  let total = 0;
  for (const value of byPerson.values()) total += value;
  return { total: Math.round(total * 1000) / 1000, byPerson };
}
