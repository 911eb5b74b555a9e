import type { OptionTable } from '#src/db/queries/tableRows.ts';
import type { TableRow } from '#src/db/rows.ts';
import { useOptionRows } from '#src/device/hooks/useTableRows.ts';
import { rowOptions, type SelectOption } from './selectOptions.ts';

/** Live options from one device table (reads the device only: works offline). */
export function useDeviceOptions(
  table: OptionTable,
  labelFields: readonly string[],
  keywordFields: readonly string[] = [],
  where?: (row: TableRow) => boolean,
): SelectOption[] {
  return (
    useOptionRows(
      table,
      (rows) => rowOptions(rows, labelFields, keywordFields),
      [labelFields.join(), keywordFields.join()],
      where,
    ) ?? []
  );
}
