import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { type DealStage, statusColor } from '#src/domain/dealStages.ts';
import { formatDate } from '#src/domain/format.ts';
import {
  type BoardColumn,
  boardColumnSpecs,
  boardFields,
  boardMove,
  groupBoard,
  resolveBoardField,
} from '#src/domain/tables/board.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { useCanEditRows } from '../hooks/useCanEditRows.ts';
import { useViewProperties } from '../hooks/useViewProperties.ts';
import { useViewRendered } from '../hooks/useViewRendered.ts';
import { rowTitle } from '../utils/rowTitle.ts';
import type { TableViewProps } from '../utils/viewProps.ts';

/** Cards drawn per column at first and per 'Show more': the rest are counted, not drawn. */
const PAGE = 20;

/** Rows in columns by deal stage or status (contacts) or a select column; drag a card to change it. */
export default function BoardView({ table, rows, view, readOnly, updateView, openRow }: TableViewProps) {
  const { t } = useTranslation('tableViews');
  const { writeRow } = useCommands();
  const stages = useDealStages();
  const [properties, setProperties] = useViewProperties(view, updateView);
  const field = resolveBoardField(table, properties.boardField);
  const [limits, setLimits] = useState<Record<string, number>>({});
  const [dragging, setDragging] = useState<TableRow | undefined>();
  const canMove = useCanEditRows(table.key);
  useViewRendered();

  const maxLimit = Math.max(PAGE, ...Object.values(limits));
  const columns = useMemo(
    () =>
      field
        ? groupBoard(
            boardColumnSpecs(table, field, stages, { yes: t('tableViews.yes'), no: t('tableViews.no') }),
            rows,
            field,
            maxLimit,
            t('tableViews.noValue'),
          )
        : [],
    [table, field, stages, rows, maxLimit, t],
  );
  const targets = useMemo(() => columns.map((c) => ({ value: c.value, label: c.label })), [columns]);

  const move = useCallback(
    async (row: TableRow, target: string) => {
      if (!field) return;
      const changes = boardMove(table, field, row, target, stages);
      if (!changes) return;
      try {
        await writeRow(table.key, row._id, changes);
      } catch (err) {
        showToast({
          color: 'red',
          title: t('tableViews.moveError'),
          message: err instanceof Error ? err.message : String(err),
        });
      }
    },
    [writeRow, table, field, stages, t],
  );

  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so clicks on a card still click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const onDragStart = (event: DragStartEvent) => setDragging(event.active.data.current?.row as TableRow);
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(undefined);
    const row = event.active.data.current?.row as TableRow | undefined;
    if (row && event.over) void move(row, String(event.over.id));
  };

  if (!field) return <Text c="dimmed">{t('tableViews.noBoardField')}</Text>;
  const fields = boardFields(table);
  return (
    <Stack gap="sm">
      {table.key === 'contacts' ? (
        <SegmentedControl
          aria-label={t('tableViews.boardBy')}
          w="fit-content"
          value={field}
          disabled={readOnly}
          onChange={(value) => setProperties({ boardField: value })}
          data={[
            { value: 'deal_stage', label: t('tableViews.stage') },
            { value: 'deal_stage_status', label: t('tableViews.status') },
          ]}
        />
      ) : fields.length > 1 ? (
        <SegmentedControl
          aria-label={t('tableViews.boardBy')}
          w="fit-content"
          value={field}
          disabled={readOnly}
          onChange={(value) => setProperties({ boardField: value })}
          data={fields.map((key) => ({
            value: key,
            label: table.columns.find((c) => c.key === key)?.label ?? key,
          }))}
        />
      ) : null}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(undefined)}
      >
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ overflowX: 'auto' }} pb="sm">
          {columns.map((column) => (
            <BoardColumnBox
              key={column.value}
              column={column}
              limit={limits[column.value] ?? PAGE}
              onMore={() => setLimits((l) => ({ ...l, [column.value]: (l[column.value] ?? PAGE) + PAGE }))}
              table={table}
              stages={stages}
              targets={canMove ? targets : undefined}
              onMove={move}
              onOpen={openRow}
            />
          ))}
        </Group>
        <DragOverlay>
          {dragging ? <CardBody row={dragging} table={table} stages={stages} /> : null}
        </DragOverlay>
      </DndContext>
    </Stack>
  );
}

function BoardColumnBox({
  column,
  limit,
  onMore,
  table,
  stages,
  targets,
  onMove,
  onOpen,
}: {
  column: BoardColumn<TableRow>;
  limit: number;
  onMore: () => void;
  table: TableDefinition;
  stages: DealStage[];
  /** Where a card may go; none when the user may not move cards. */
  targets: { value: string; label: string }[] | undefined;
  onMove: (row: TableRow, target: string) => Promise<void>;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('tableViews');
  const { setNodeRef, isOver } = useDroppable({ id: column.value });
  const shown = column.rows.slice(0, limit);
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={column.label}
      withBorder
      p="xs"
      w={280}
      miw={280}
      bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ borderTop: `4px solid ${column.color}` }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4} size="h6">
          {column.label}
        </Title>
        <Badge
          color={column.color}
          variant="light"
          aria-label={t('tableViews.cardCount', { count: column.count })}
        >
          {column.count}
        </Badge>
      </Group>
      <Stack gap={6} role="list" mih={40}>
        {shown.map((row) => (
          <BoardCard
            key={row._id}
            row={row}
            table={table}
            stages={stages}
            targets={targets}
            current={column.value}
            onMove={onMove}
            onOpen={onOpen}
          />
        ))}
      </Stack>
      {column.count > shown.length && (
        <Button variant="subtle" size="xs" fullWidth mt="xs" onClick={onMore}>
          {t('tableViews.showMore')}
        </Button>
      )}
    </Paper>
  );
}

const BoardCard = memo(function BoardCard({
  row,
  table,
  stages,
  targets,
  current,
  onMove,
  onOpen,
}: {
  row: TableRow;
  table: TableDefinition;
  stages: DealStage[];
  targets: { value: string; label: string }[] | undefined;
  current: string;
  onMove: (row: TableRow, target: string) => Promise<void>;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('tableViews');
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: row._id,
    data: { row },
    disabled: !targets,
  });
  const name = rowTitle(row, table) || t('tableViews.untitled');
  return (
    <Paper
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="listitem"
      aria-roledescription={attributes['aria-roledescription']}
      aria-label={name}
      data-id={row._id}
      withBorder
      p="xs"
      shadow="xs"
      style={{ cursor: targets ? 'grab' : undefined, opacity: isDragging ? 0.4 : 1, touchAction: 'none' }}
    >
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          ta="left"
          onClick={() => onOpen(row._id)}
          {...stop}
        >
          {name}
        </Anchor>
        {targets && (
          <MoveMenu name={name} targets={targets} current={current} onPick={(v) => void onMove(row, v)} />
        )}
      </Group>
      <CardDetails row={row} table={table} stages={stages} />
    </Paper>
  );
});

// Controls inside a card keep their own clicks and keys instead of starting a drag.
const stop = {
  onPointerDown: (e: React.PointerEvent) => e.stopPropagation(),
  onKeyDown: (e: React.KeyboardEvent) => e.stopPropagation(),
};

/**
 * The card's 'Move to…' menu, for keyboards and anyone who would rather not drag. A closed menu is
 * a plain button: a board draws a hundred cards, and a menu each would slow the switch to it.
 */
function MoveMenu({
  name,
  targets,
  current,
  onPick,
}: {
  name: string;
  targets: { value: string; label: string }[];
  current: string;
  onPick: (value: string) => void;
}) {
  const { t } = useTranslation('tableViews');
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      variant="subtle"
      size="compact-xs"
      aria-label={t('tableViews.moveToOf', { name })}
      aria-haspopup="menu"
      onClick={open ? undefined : () => setOpen(true)}
      {...stop}
    >
      {t('tableViews.moveTo')}
    </Button>
  );
  if (!open) return button;
  return (
    <Menu position="bottom-end" withinPortal opened onChange={setOpen}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {targets
          .filter((target) => target.value !== current)
          .map((target) => (
            <Menu.Item key={target.value} onClick={() => onPick(target.value)}>
              {target.label}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function CardBody({ row, table, stages }: { row: TableRow; table: TableDefinition; stages: DealStage[] }) {
  const { t } = useTranslation('tableViews');
  return (
    <Paper withBorder p="xs" shadow="md" w={260} style={{ cursor: 'grabbing' }}>
      <Text size="sm" fw={600}>
        {rowTitle(row, table) || t('tableViews.untitled')}
      </Text>
      <CardDetails row={row} table={table} stages={stages} />
    </Paper>
  );
}

function CardDetails({ row, table, stages }: { row: TableRow; table: TableDefinition; stages: DealStage[] }) {
  const { t } = useTranslation('tableViews');
  if (table.key === 'contacts') {
    const status = String(row.deal_stage_status ?? '');
    const touched = typeof row.last_touched_at === 'string' ? Date.parse(row.last_touched_at) : Number.NaN;
    return (
      <Box>
        {row.address ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {String(row.address)}
          </Text>
        ) : null}
        {status && (
          <Badge size="xs" mt={4} color={statusColor(stages, status)} variant="light">
            {status}
          </Badge>
        )}
        <Text size="xs" c="dimmed" mt={2}>
          {Number.isNaN(touched)
            ? t('tableViews.neverTouched')
            : t('tableViews.lastTouched', {
                when: formatDate(touched, shownLanguage()),
              })}
        </Text>
      </Box>
    );
  }
  const details = table.defaultColumns.filter((key) => key !== table.titleField).slice(0, 2);
  return (
    <Box>
      {details.map((key) =>
        row[key] === null || row[key] === undefined || row[key] === '' ? null : (
          <Text key={key} size="xs" c="dimmed" lineClamp={1}>
            {table.columns.find((c) => c.key === key)?.label ?? key}: {String(row[key])}
          </Text>
        ),
      )}
    </Box>
  );
}
