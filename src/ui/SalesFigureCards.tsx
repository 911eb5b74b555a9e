import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromCents } from '#src/domain/deal.ts';
import { formatCurrency, formatNumber } from '#src/domain/format.ts';
import type { SalesFigures, SalesTotal } from '#src/domain/sales.ts';
import { shownLanguage } from './intlLocale.ts';

/** One figure: its name, its value large ('…' while counting) and an optional line under it. */
export function FigureCard({ label, value, detail }: { label: string; value: ReactNode; detail?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      {/* Not paragraphs: a large bold line over another reads to assistive tools as a heading. */}
      <Text component="div" fz={typeof value === 'number' ? 24 : 'sm'} fw={700}>
        {value === undefined ? '…' : typeof value === 'number' ? formatNumber(value, shownLanguage()) : value}
      </Text>
      {detail ? (
        <Text component="div" size="sm">
          {detail}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * A person's or a team's pipeline as the sales definition counts it (`src/domain/sales.ts`): leads,
 * active deals, this month's sales and all sales, each sale figure with its value and size.
 * `children` are further cards in the same grid.
 */
export function SalesFigureCards({
  figures,
  children,
}: {
  figures: SalesFigures | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = shownLanguage();
  const detail = (total: SalesTotal | undefined) =>
    total && total.count > 0
      ? t('sales.detail', {
          value: formatCurrency(fromCents(total.cents), language),
          kw: formatNumber(total.kw, language),
        })
      : undefined;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }}>
      <FigureCard label={t('sales.leads')} value={figures?.leads} />
      <FigureCard label={t('sales.activeDeals')} value={figures?.activeDeals} />
      <FigureCard
        label={t('sales.monthlySales')}
        value={figures?.period.count}
        detail={detail(figures?.period)}
      />
      <FigureCard
        label={t('sales.totalSales')}
        value={figures?.total.count}
        detail={detail(figures?.total)}
      />
      {children}
    </SimpleGrid>
  );
}
