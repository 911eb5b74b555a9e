import { ActionIcon, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColumnDefinition, ViewProperties } from '#src/domain/tables/registry.ts';
import type { GridHeader } from '../hooks/useDataTable.ts';
import { cellStyle } from '../utils/dataTableParts.ts';

/** One column's header cell: sort on click, a menu to move, group by or hide it, a resize grip. */
export function GridColumnHeader({
  header: h,
  column,
  index,
  count,
  properties,
  readOnly,
  onChange,
  move,
  endResize,
}: {
  header: GridHeader;
  column: ColumnDefinition;
  index: number;
  /** How many columns are shown (the last cannot move right). */
  count: number;
  properties: ViewProperties;
  readOnly: boolean;
  onChange(patch: Partial<ViewProperties>): void;
  move(key: string, by: -1 | 1): void;
  /** The drag is over: the view's saved widths apply again. */
  endResize(): void;
}) {
  const { t } = useTranslation('tables');
  const sorted = h.column.getIsSorted();
  const order = properties.query.sort.length > 1 ? h.column.getSortIndex() + 1 : 0;
  return (
    <th
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
              <Menu.Item disabled={index === count - 1} onClick={() => move(column.key, 1)}>
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
                {properties.query.groupBy === column.key ? t('tables.ungroup') : t('tables.groupBy')}
              </Menu.Item>
              <Menu.Item
                disabled={properties.columns.length <= 1}
                onClick={() => onChange({ columns: properties.columns.filter((k) => k !== column.key) })}
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
          onMouseUp={endResize}
          onTouchEnd={endResize}
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
}
