import { ActionIcon, Checkbox, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  type ColumnDef,
  columnResizingFeature,
  columnSizingFeature,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '../../db/rows.ts';
import { groupRows } from '../../domain/tables/query.ts';
import type { ColumnDefinition, TableDefinition, ViewProperties } from '../../domain/tables/registry.ts';
import type { DisplayValue } from './useDisplay.ts';

const features = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  rowSelectionFeature,
});
type Features = typeof features;

const ROW_HEIGHT = 41;
const NO_ROWS: EntityRow[] = [];
const SELECT_WIDTH = 44;

/** A group's header line; rows are the rows themselves (no wrapper per row for 100,000 rows). */
interface GroupHeader {
  groupHeader: true;
  key: string;
  count: number;
}
type Item = GroupHeader | EntityRow;
const isGroup = (item: Item): item is GroupHeader => (item as GroupHeader).groupHeader === true;

export interface DataTableProps {
  table: TableDefinition;
  /** The rows of the view, filtered and sorted. */
  rows: EntityRow[];
  properties: ViewProperties;
  readOnly: boolean;
  display: DisplayValue;
  /** The table's accessible name. */
  label: string;
  /** Where the grid was scrolled to, kept by the screen so a kept-alive screen comes back there. */
  scrollTop: { current: number };
  selection: RowSelectionState;
  onSelectionChange(selection: RowSelectionState): void;
  onChange(patch: Partial<ViewProperties>): void;
  openRow(id: string): void;
  /** Cells a table shows its own way (a lead's name link, its status select). */
  renderCell?: (column: ColumnDefinition, row: EntityRow) => ReactNode | undefined;
}

function apply<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

/** The grid view: virtualised rows in a real table, sortable and resizable columns, groups, selection. */
export function DataTable(props: DataTableProps) {
  const { table: def, rows, properties, readOnly, display, onChange, selection, onSelectionChange } = props;
  const { t } = useTranslation();
  const byKey = useMemo(() => new Map(def.columns.map((c) => [c.key, c])), [def]);
  const shown = useMemo(
    () => properties.columns.map((key) => byKey.get(key)).filter((c): c is ColumnDefinition => !!c),
    [properties.columns, byKey],
  );
  const columns = useMemo<ColumnDef<Features, EntityRow>[]>(
    () =>
      shown.map((c) => ({
        id: c.key,
        accessorFn: (row: EntityRow) => row[c.key] as never,
        header: c.label,
        size: c.width ?? 150,
        minSize: 60,
        maxSize: 800,
      })),
    [shown],
  );
  const sorting = useMemo<SortingState>(
    () => properties.query.sort.map((s) => ({ id: s.field, desc: s.desc })),
    [properties.query.sort],
  );
  const [liveWidths, setLiveWidths] = useState<Record<string, number> | null>(null);
  const columnSizing = liveWidths ?? properties.widths;

  const table = useTable({
    features,
    columns,
    // Rows are virtualised by the grid itself: the table model holds none, so 100,000 rows cost
    // no row objects (selection is kept by the screen, by row id).
    data: NO_ROWS,
    getRowId: (row: EntityRow) => row._id,
    // Rows come sorted by the view's query; the table only keeps the sort state and handlers.
    manualSorting: true,
    enableSorting: !readOnly,
    enableMultiSort: true,
    // The table holds no rows to guess a first direction from: a first click sorts ascending.
    sortDescFirst: false,
    isMultiSortEvent: (e: unknown) => !!(e as MouseEvent).shiftKey,
    enableColumnResizing: !readOnly,
    columnResizeMode: 'onChange',
    enableRowSelection: true,
    state: { sorting, columnSizing, rowSelection: selection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = apply(updater, sorting);
      onChange({
        query: { ...properties.query, sort: next.map((s) => ({ field: s.id, desc: s.desc })) },
      });
    },
    onColumnSizingChange: (updater: Updater<Record<string, number>>) => {
      const next = apply(updater, columnSizing);
      setLiveWidths(next);
      onChange({ widths: next });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      onSelectionChange(apply(updater, selection)),
  });

  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const groupBy = properties.query.groupBy ? byKey.get(properties.query.groupBy) : undefined;
  const items = useMemo<Item[]>(() => {
    if (!groupBy) return rows;
    const out: Item[] = [];
    for (const g of groupRows(rows, groupBy, { display })) {
      out.push({ groupHeader: true, key: g.key, count: g.rows.length });
      if (!collapsed[g.key]) for (const row of g.rows) out.push(row);
    }
    return out;
  }, [rows, groupBy, display, collapsed]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialOffset: () => props.scrollTop.current,
  });
  const scrollTop = props.scrollTop;
  // Back on a kept-alive screen: the grid opens where the user left it, once it has its height
  // (scroll events before that would record the clamped offset).
  const restored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    const saved = scrollTop.current;
    const frame = requestAnimationFrame(() => {
      if (scrollRef.current) scrollRef.current.scrollTop = saved;
      restored.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const virtual = virtualizer.getVirtualItems();
  const before = virtual[0]?.start ?? 0;
  const after = virtual.length ? virtualizer.getTotalSize() - (virtual[virtual.length - 1]?.end ?? 0) : 0;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const totalWidth = SELECT_WIDTH + headers.reduce((sum, h) => sum + h.getSize(), 0);
  const span = headers.length + 1;

  const move = useCallback(
    (key: string, by: -1 | 1) => {
      const cols = [...properties.columns];
      const i = cols.indexOf(key);
      const j = i + by;
      if (i < 0 || j < 0 || j >= cols.length) return;
      [cols[i], cols[j]] = [cols[j] as string, cols[i] as string];
      onChange({ columns: cols });
    },
    [properties.columns, onChange],
  );

  const selectedCount = Object.keys(selection).length;
  const allSelected = rows.length > 0 && selectedCount >= rows.length && rows.every((r) => selection[r._id]);
  const someSelected = selectedCount > 0;

  return (
    <div
      ref={scrollRef}
      onScroll={(e) => {
        if (restored.current) scrollTop.current = e.currentTarget.scrollTop;
      }}
      style={{ height: 'calc(100dvh - 250px)', minHeight: 320, overflow: 'auto', position: 'relative' }}
    >
      <table
        aria-label={props.label}
        aria-rowcount={items.length + 1}
        style={{ tableLayout: 'fixed', borderCollapse: 'collapse', width: totalWidth }}
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
                indeterminate={someSelected && !allSelected}
                onChange={() =>
                  onSelectionChange(allSelected ? {} : Object.fromEntries(rows.map((r) => [r._id, true])))
                }
              />
            </th>
            {headers.map((h, index) => {
              const column = byKey.get(h.column.id) as ColumnDefinition;
              const sorted = h.column.getIsSorted();
              const order = properties.query.sort.length > 1 ? h.column.getSortIndex() + 1 : 0;
              return (
                <th
                  key={h.id}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  style={{ ...cellStyle, position: 'relative', textAlign: 'left' }}
                >
                  <Group gap={2} wrap="nowrap">
                    <UnstyledButton
                      onClick={h.column.getToggleSortingHandler()}
                      disabled={readOnly}
                      title={readOnly ? undefined : t('tables.sortHint')}
                      style={{ flex: 1, minWidth: 0, fontWeight: 600, fontSize: 14 }}
                    >
                      <Text span fw={600} size="sm" truncate>
                        {column.label}
                        {sorted ? (sorted === 'asc' ? ' ▲' : ' ▼') : ''}
                        {order ? ` ${order}` : ''}
                      </Text>
                    </UnstyledButton>
                    {!readOnly && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            size="xs"
                            variant="subtle"
                            aria-label={t('tables.columnMenu', { column: column.label })}
                          >
                            ⋮
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item disabled={index === 0} onClick={() => move(column.key, -1)}>
                            {t('tables.moveLeft')}
                          </Menu.Item>
                          <Menu.Item
                            disabled={index === headers.length - 1}
                            onClick={() => move(column.key, 1)}
                          >
                            {t('tables.moveRight')}
                          </Menu.Item>
                          <Menu.Item
                            onClick={() =>
                              onChange({
                                query: {
                                  ...properties.query,
                                  groupBy: properties.query.groupBy === column.key ? undefined : column.key,
                                },
                              })
                            }
                          >
                            {properties.query.groupBy === column.key
                              ? t('tables.ungroup')
                              : t('tables.groupBy')}
                          </Menu.Item>
                          <Menu.Item
                            disabled={properties.columns.length <= 1}
                            onClick={() =>
                              onChange({ columns: properties.columns.filter((k) => k !== column.key) })
                            }
                          >
                            {t('tables.hideColumn')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                  {!readOnly && (
                    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only resize grip; widths also come from the view
                    <div
                      onMouseDown={h.getResizeHandler()}
                      onTouchStart={h.getResizeHandler()}
                      onMouseUp={() => setLiveWidths(null)}
                      onTouchEnd={() => setLiveWidths(null)}
                      onDoubleClick={() => h.column.resetSize()}
                      title={t('tables.resize')}
                      style={{
                        position: 'absolute',
                        right: 0,
                        top: 0,
                        height: '100%',
                        width: 6,
                        cursor: 'col-resize',
                        userSelect: 'none',
                        touchAction: 'none',
                        background: h.column.getIsResizing() ? 'var(--mantine-color-blue-5)' : undefined,
                      }}
                    />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr>
              <td colSpan={span} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          )}
          {virtual.map((v) => {
            const item = items[v.index] as Item;
            if (isGroup(item)) {
              const open = !collapsed[item.key];
              return (
                <tr key={`g:${item.key}`} data-group={item.key} style={{ height: ROW_HEIGHT }}>
                  <td
                    colSpan={span}
                    style={{ ...cellStyle, background: 'var(--mantine-color-default-hover)' }}
                  >
                    <UnstyledButton
                      aria-expanded={open}
                      onClick={() => setCollapsed((c) => ({ ...c, [item.key]: open }))}
                    >
                      <Text span fw={600} size="sm">
                        {open ? '▾ ' : '▸ '}
                        {groupBy?.label}: {item.key || t('tables.emptyGroup')} ({item.count})
                      </Text>
                    </UnstyledButton>
                  </td>
                </tr>
              );
            }
            const row = item;
            const selected = !!selection[row._id];
            return (
              <tr
                key={row._id}
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
                  <Checkbox
                    size="xs"
                    aria-label={t('tables.selectRow', { name: String(row[def.titleField] ?? row._id) })}
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
                    {props.renderCell?.(c, row) ?? (
                      <Text span size="sm" truncate style={{ display: 'block' }}>
                        {display(c, row[c.key])}
                      </Text>
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && (
            <tr>
              <td colSpan={span} style={{ height: after, padding: 0, border: 0 }} />
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

const cellStyle = {
  padding: '6px 8px',
  borderBottom: '1px solid var(--mantine-color-default-border)',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
} as const;
