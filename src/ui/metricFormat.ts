import { useTranslation } from 'react-i18next';
import { numberFormat } from '#src/domain/format.ts';
import {
  CURRENCY_METRICS,
  compactCurrency,
  compactNumber,
  KW_METRICS,
  type LeaderboardMetric,
} from '#src/domain/leaderboard.ts';
import { intlLocale, shownLanguage } from './intlLocale.ts';

export interface MetricFormat {
  /** Short, for a board or a card: $12.3K, 8.4 kW, 1.2K. */
  compact(value: number): string;
  /** Exact, for a hover title and screen readers: $12,345.67, 8.415 kW, 1,234. */
  full(value: number): string;
}

/**
 * How a metric's values read wherever they are shown (the leaderboard, dashboard cards): money in
 * the currency, kW sold with one decimal and its unit, other figures as compact numbers. A figure
 * that is not a metric (a card's own count or sum) reads as a number.
 */
export function useMetricFormat(metric: LeaderboardMetric | string | null | undefined): MetricFormat {
  const { t } = useTranslation();
  const language = shownLanguage();
  const locale = intlLocale();
  const money = CURRENCY_METRICS.has(metric as LeaderboardMetric);
  const kw = KW_METRICS.has(metric as LeaderboardMetric);
  const exact = numberFormat(
    language,
    money ? { style: 'currency', currency: 'USD' } : { maximumFractionDigits: 3 },
  );
  const oneDecimal = numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    compact: (value) =>
      money
        ? compactCurrency(value, locale)
        : kw
          ? t('metric.kw', { value: oneDecimal.format(value) })
          : compactNumber(value, locale),
    full: (value) => (kw ? t('metric.kw', { value: exact.format(value) }) : exact.format(value)),
  };
}
