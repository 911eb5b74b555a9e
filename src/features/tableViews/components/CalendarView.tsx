import {
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import { formatDate } from '#src/domain/format.ts';
import {
  addDays,
  addMonths,
  calendarFields,
  dateOfDayKey,
  dayKeyOfDate,
  monthGrid,
  resolveCalendarField,
  rowsByDay,
  weekGrid,
} from '#src/domain/tables/calendar.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useViewProperties } from '../hooks/useViewProperties.ts';
import { useViewRendered } from '../hooks/useViewRendered.ts';
import { rowTitle } from '../utils/rowTitle.ts';
import type { TableViewProps } from '../utils/viewProps.ts';

/** Events drawn in a month day before '+N more'. */
const MONTH_DAY_EVENTS = 3;
const WEEK_DAY_EVENTS = 20;

/** Rows on a month or week calendar by one of the table's date fields. */
export default function CalendarView({ table, rows, view, readOnly, updateView, openRow }: TableViewProps) {
  const { t } = useTranslation('tableViews');
  const [properties, setProperties] = useViewProperties(view, updateView);
  const field = resolveCalendarField(table, properties.calendarField);
  const [anchor, setAnchor] = useState(() => dayKeyOfDate(new Date()));
  const [mode, setMode] = useState<'month' | 'week'>('month');
  useViewRendered();

  const days = useMemo(() => (mode === 'month' ? monthGrid(anchor) : weekGrid(anchor)), [mode, anchor]);
  const first = days[0] ?? anchor;
  const last = days[days.length - 1] ?? anchor;
  const byDay = useMemo(
    () => (field ? rowsByDay(rows, field, first, last) : new Map<string, TableRow[]>()),
    [rows, field, first, last],
  );
  const today = dayKeyOfDate(new Date());
  const month = dateOfDayKey(anchor).getMonth();
  const heading = formatDate(dateOfDayKey(mode === 'week' ? first : anchor), shownLanguage(), {
    month: 'long',
    year: 'numeric',
    ...(mode === 'week' ? { day: 'numeric' } : {}),
  });
  const weekdays = days
    .slice(0, 7)
    .map((d) => formatDate(dateOfDayKey(d), shownLanguage(), { weekday: 'short' }));

  if (!field) return <Text c="dimmed">{t('tableViews.noDateField')}</Text>;
  const step = (direction: -1 | 1) =>
    setAnchor((a) => (mode === 'month' ? addMonths(a, direction) : addDays(a, 7 * direction)));
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <NativeSelect
            label={t('tableViews.dateField')}
            value={field}
            disabled={readOnly}
            onChange={(e) => setProperties({ calendarField: e.currentTarget.value })}
            data={calendarFields(table).map((f) => ({ value: f.key, label: f.label }))}
          />
          <SegmentedControl
            aria-label={t('tableViews.calendarMode')}
            mt="lg"
            value={mode}
            onChange={(value) => setMode(value === 'week' ? 'week' : 'month')}
            data={[
              { value: 'month', label: t('tableViews.month') },
              { value: 'week', label: t('tableViews.week') },
            ]}
          />
        </Group>
        <Group gap="xs" mt="lg">
          <Button variant="default" size="xs" onClick={() => step(-1)}>
            {t('tableViews.previous')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setAnchor(today)}>
            {t('tableViews.today')}
          </Button>
          <Button variant="default" size="xs" onClick={() => step(1)}>
            {t('tableViews.next')}
          </Button>
        </Group>
      </Group>
      <Title order={3} size="h4" aria-live="polite">
        {heading}
      </Title>
      <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}>
        {weekdays.map((w) => (
          <Text key={w} size="xs" fw={600} c="dimmed" ta="center" aria-hidden>
            {w}
          </Text>
        ))}
        {days.map((day) => (
          <CalendarDay
            key={day}
            day={day}
            rows={byDay.get(day) ?? []}
            limit={mode === 'month' ? MONTH_DAY_EVENTS : WEEK_DAY_EVENTS}
            outside={mode === 'month' && dateOfDayKey(day).getMonth() !== month}
            today={day === today}
            table={table}
            onOpen={openRow}
            tall={mode === 'week'}
          />
        ))}
      </Box>
    </Stack>
  );
}

function CalendarDay({
  day,
  rows,
  limit,
  outside,
  today,
  table,
  onOpen,
  tall,
}: {
  day: string;
  rows: TableRow[];
  limit: number;
  outside: boolean;
  today: boolean;
  table: TableDefinition;
  onOpen: (id: string) => void;
  tall: boolean;
}) {
  const { t } = useTranslation('tableViews');
  const date = dateOfDayKey(day);
  const label = formatDate(date, shownLanguage(), { dateStyle: 'full' });
  const event = (row: TableRow) => (
    <Anchor
      key={row._id}
      component="button"
      type="button"
      size="xs"
      ta="left"
      display="block"
      w="100%"
      style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      onClick={() => onOpen(row._id)}
    >
      {rowTitle(row, table) || t('tableViews.untitled')}
    </Anchor>
  );
  return (
    <Paper
      component="section"
      aria-label={label}
      data-day={day}
      withBorder
      p={4}
      mih={tall ? 240 : 96}
      bg={outside ? 'var(--mantine-color-default-hover)' : undefined}
      style={today ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Text size="xs" fw={today ? 700 : 400} c={outside ? 'dimmed' : undefined}>
        {date.getDate()}
      </Text>
      {rows.slice(0, limit).map(event)}
      {rows.length > limit && (
        <Popover position="bottom" withinPortal shadow="md">
          <Popover.Target>
            <Button variant="subtle" size="compact-xs">
              {t('tableViews.moreOnDay', { count: rows.length - limit })}
            </Button>
          </Popover.Target>
          <Popover.Dropdown
            aria-label={t('tableViews.eventsOn', { day: label })}
            mah={300}
            style={{ overflowY: 'auto' }}
          >
            {rows.map(event)}
          </Popover.Dropdown>
        </Popover>
      )}
    </Paper>
  );
}
