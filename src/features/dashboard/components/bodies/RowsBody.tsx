import { ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardResult } from '#src/domain/dashboard/cards.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import { useLocalizedTable } from '#src/ui/localizedTable.ts';
import type { DashboardCard } from '../../hooks/useDashboardPage.ts';

type Groups = Extract<CardResult, { kind: 'groups' }>;
type Rows = Extract<CardResult, { kind: 'rows' }>;

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') return '';
  return String(value);
};

/** A table card: the groups and their values, or the first rows in the chosen columns. */
export function RowsBody({ card, groups, rows }: { card: DashboardCard; groups?: Groups; rows?: Rows }) {
  const { t } = useTranslation('dashboard');
  const table = useLocalizedTable(TABLES[card.config.table]);
  const label = (key: string) => table.columns.find((c) => c.key === key)?.label ?? key;
  const head = groups
    ? [label(card.config.group_by ?? ''), t('dashboard.card.value')]
    : (rows?.columns ?? []).map(label);
  const body = groups
    ? groups.groups.map((g) => ({
        key: g.key,
        cells: [g.label || t('dashboard.card.none'), String(g.value)],
      }))
    : (rows?.rows ?? []).map((row, i) => ({
        key: String(row._id ?? i),
        cells: (rows?.columns ?? []).map((c) => shown(row[c])),
      }));
  return (
    <ScrollArea h="100%" type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
      <Table striped fz="sm" aria-label={card.title}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((r) => (
            <Table.Tr key={r.key}>
              {r.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
