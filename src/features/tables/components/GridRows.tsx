import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';
import {
  cellStyle,
  cellTextStyle,
  type DataTableProps,
  type GroupHeader,
  ROW_HEIGHT,
  rowCheckboxStyle,
} from '../utils/dataTableParts.ts';

/** A group's line: its value and count, and a toggle that folds its rows away. */
export function GroupRow({
  item,
  open,
  span,
  groupBy,
  onToggle,
}: {
  item: GroupHeader;
  open: boolean;
  span: number;
  groupBy: ColumnDefinition | undefined;
  onToggle(): void;
}) {
  const { t } = useTranslation('tables');
  return (
    <tr data-group={item.key} style={{ height: ROW_HEIGHT }}>
      <td colSpan={span} style={{ ...cellStyle, background: 'var(--mantine-color-default-hover)' }}>
        <UnstyledButton aria-expanded={open} onClick={onToggle}>
          <Text span fw={600} size="sm">
            {open ? '▾ ' : '▸ '}
            {groupBy?.label}: {item.key || t('tables.emptyGroup')} ({item.count})
          </Text>
        </UnstyledButton>
      </td>
    </tr>
  );
}

/** One row of the grid: its checkbox and its cells; a click beside the controls opens it. */
export function DataRow({
  row,
  shown,
  props,
}: {
  row: TableRow;
  shown: ColumnDefinition[];
  props: Pick<
    DataTableProps,
    'table' | 'display' | 'selection' | 'onSelectionChange' | 'openRow' | 'renderCell'
  >;
}) {
  const { t } = useTranslation('tables');
  const { selection, onSelectionChange, display } = props;
  const selected = !!selection[row._id];
  return (
    <tr
      data-id={row._id}
      aria-selected={selected}
      onClick={(e) => {
        // Controls inside the row do their own thing.
        if ((e.target as HTMLElement).closest('a,button,input,select,label')) return;
        props.openRow(row._id);
      }}
      style={{ height: ROW_HEIGHT, cursor: 'pointer' }}
      className={selected ? 'hs-row-selected' : undefined}
    >
      <td style={cellStyle}>
        <input
          type="checkbox"
          style={rowCheckboxStyle}
          aria-label={t('tables.selectRow', { name: String(row[props.table.titleField] ?? row._id) })}
          checked={selected}
          onChange={() => {
            const next = { ...selection };
            if (selected) delete next[row._id];
            else next[row._id] = true;
            onSelectionChange(next);
          }}
        />
      </td>
      {shown.map((c) => (
        <td key={c.key} style={cellStyle}>
          {props.renderCell?.(c, row) ?? <span style={cellTextStyle}>{display(c, row[c.key])}</span>}
        </td>
      ))}
    </tr>
  );
}
