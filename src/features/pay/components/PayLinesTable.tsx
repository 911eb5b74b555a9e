import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fromCents } from '#src/domain/deal.ts';
import { formatCurrency } from '#src/domain/format.ts';
import type { PayLine } from '#src/domain/pay.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

/** Each deal's projected pay, what is released and pending, its milestone and this month's part. */
export function PayLinesTable({ lines }: { lines: readonly PayLine[] }) {
  const { t } = useTranslation('pay');
  const language = shownLanguage();
  const money = (cents: number) => formatCurrency(fromCents(cents), language);
  if (!lines.length) return <Text c="dimmed">{t('pay.noDeals')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pay.columns.deal')}</Table.Th>
            <Table.Th>{t('pay.columns.status')}</Table.Th>
            <Table.Th>{t('pay.columns.milestone')}</Table.Th>
            <Table.Th>{t('pay.columns.projected')}</Table.Th>
            <Table.Th>{t('pay.columns.released')}</Table.Th>
            <Table.Th>{t('pay.columns.pending')}</Table.Th>
            <Table.Th>{t('pay.columns.month')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.dealId}>
              <Table.Td>{line.dealName}</Table.Td>
              <Table.Td>{line.status ?? ''}</Table.Td>
              <Table.Td>
                {line.milestone ?? ''}
                {line.milestoneState ? ` (${t(`pay.states.${line.milestoneState}`)})` : ''}
              </Table.Td>
              <Table.Td>{money(line.projectedCents)}</Table.Td>
              <Table.Td>{money(line.releasedCents)}</Table.Td>
              <Table.Td>{money(line.pendingCents)}</Table.Td>
              <Table.Td>{money(line.monthCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
