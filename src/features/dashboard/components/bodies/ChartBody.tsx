import '@mantine/charts/styles.css';
import { BarChart, LineChart, PieChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardResult, ChartKind } from '#src/domain/dashboard/cards.ts';

type Groups = Extract<CardResult, { kind: 'groups' }>;

const PIE_COLORS = [
  'blue.7',
  'teal.7',
  'orange.7',
  'grape.7',
  'red.7',
  'cyan.8',
  'lime.8',
  'pink.7',
  'indigo.7',
  'yellow.8',
];

/** A chart card (@mantine/charts): bars, a line or a pie of the groups; the figures also as a list. */
export function ChartBody({ result, kind, title }: { result: Groups; kind: ChartKind; title: string }) {
  const { t } = useTranslation('dashboard');
  const data = result.groups.map((g) => ({ label: g.label || t('dashboard.card.none'), value: g.value }));
  const series = [{ name: 'value', label: t('dashboard.card.value'), color: 'blue.7' }];
  const chart =
    kind === 'pie' ? (
      <PieChart
        data={data.map((d, i) => ({
          name: d.label,
          value: d.value,
          color: PIE_COLORS[i % PIE_COLORS.length] as string,
        }))}
        withTooltip
        size={140}
        mx="auto"
      />
    ) : kind === 'line' ? (
      <LineChart h="100%" data={data} dataKey="label" series={series} curveType="monotone" />
    ) : (
      <BarChart h="100%" data={data} dataKey="label" series={series} />
    );
  return (
    <div style={{ height: '100%' }} role="img" aria-label={t('dashboard.card.chartLabel', { title })}>
      {chart}
      <VisuallyHidden>
        <ul>
          {data.map((d) => (
            <li key={d.label}>
              {d.label}: {d.value}
            </li>
          ))}
        </ul>
      </VisuallyHidden>
    </div>
  );
}
