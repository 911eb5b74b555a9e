import { Checkbox, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';
import { useDataTable } from '../hooks/useDataTable.ts';
import { cellStyle, type DataTableProps, type Item, isGroup, SELECT_WIDTH } from '../utils/dataTableParts.ts';
import { GridColumnHeader } from './GridColumnHeader.tsx';
import { DataRow, GroupRow } from './GridRows.tsx';

export type { DataTableProps } from '../utils/dataTableParts.ts';

/** The grid view: virtualised rows in a real table, sortable and resizable columns, groups, selection. */
export function DataTable(props: DataTableProps) {
  const { rows, properties, readOnly, onChange, onSelectionChange } = props;
  const { t } = useTranslation('tables');
  const grid = useDataTable(props);
  const { headers, items, collapsed, span, allSelected } = grid;

  return (
    <div
      ref={grid.scrollRef}
      onScroll={grid.onScroll}
      style={{ height: 'calc(100dvh - 250px)', minHeight: 320, overflow: 'auto', position: 'relative' }}
    >
      <table
        aria-label={props.label}
        aria-rowcount={items.length + 1}
        style={{ tableLayout: 'fixed', borderCollapse: 'collapse', width: grid.totalWidth }}
        className="hs-data-table"
      >
        <colgroup>
          <col style={{ width: SELECT_WIDTH }} />
          {headers.map((h) => (
            <col key={h.id} style={{ width: h.getSize() }} />
          ))}
        </colgroup>
        <thead style={{ position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-body)' }}>
          <tr>
            <th style={cellStyle}>
              <Checkbox
                size="xs"
                aria-label={t('tables.selectAll')}
                checked={allSelected}
                indeterminate={grid.someSelected && !allSelected}
                onChange={() =>
                  onSelectionChange(allSelected ? {} : Object.fromEntries(rows.map((r) => [r._id, true])))
                }
              />
            </th>
            {headers.map((h, index) => (
              <GridColumnHeader
                key={h.id}
                header={h}
                column={grid.byKey.get(h.column.id) as ColumnDefinition}
                index={index}
                count={headers.length}
                properties={properties}
                readOnly={readOnly}
                onChange={onChange}
                move={grid.move}
                endResize={() => grid.setLiveWidths(null)}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.before > 0 && (
            <tr>
              <td colSpan={span} style={{ height: grid.before, padding: 0, border: 0 }} />
            </tr>
          )}
          {grid.virtual.map((v) => {
            const item = items[v.index] as Item;
            if (isGroup(item)) {
              const open = !collapsed[item.key];
              return (
                <GroupRow
                  key={`g:${item.key}`}
                  item={item}
                  open={open}
                  span={span}
                  groupBy={grid.groupBy}
                  onToggle={() => grid.setCollapsed((c) => ({ ...c, [item.key]: open }))}
                />
              );
            }
            return <DataRow key={item._id} row={item} shown={grid.shown} props={props} />;
          })}
          {grid.after > 0 && (
            <tr>
              <td colSpan={span} style={{ height: grid.after, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {items.length === 0 && (
        <Text c="dimmed" size="sm" p="md">
          {t('tables.noRows')}
        </Text>
      )}
    </div>
  );
}
