import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TableRow } from '#src/db/rows.ts';
import { formatDateTime } from '#src/domain/format.ts';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { timeAgo, useTimeAgoNow } from '#src/ui/timeAgo.ts';

/** A time as how long ago it was, kept fresh by the shared clock; the exact time on hover. */
export function TimeAgoCell({ iso }: { iso: string }) {
  const now = useTimeAgoNow();
  return (
    <Text span size="sm" truncate style={{ display: 'block' }} title={formatDateTime(iso, shownLanguage())}>
      {timeAgo(iso, now)}
    </Text>
  );
}

/** A time column shown as how long ago ('2 min ago'), as on the row's own page; else the usual cell. */
export function relativeTimeCell(column: ColumnDefinition, row: TableRow): ReactNode | undefined {
  const value = row[column.key];
  return column.relative && typeof value === 'string' && value ? <TimeAgoCell iso={value} /> : undefined;
}
