import { useTranslation } from 'react-i18next';
import type { OptionTable } from '#src/db/queries/tableRows.ts';
import type { MessageKey } from '../messages.ts';
import { useDeviceOptions } from './deviceOptions.ts';
import {
  SearchableMultiSelect,
  type SearchableMultiSelectProps,
  SearchableSelect,
  type SearchableSelectProps,
} from './SearchableSelect.tsx';

type Single = Omit<SearchableSelectProps, 'options' | 'label'> & { multiple?: false; label?: string };
type Multi = Omit<SearchableMultiSelectProps, 'options' | 'label'> & { multiple: true; label?: string };
export type RecordSelectorProps = Single | Multi;

interface RecordSelectorSpec {
  table: OptionTable;
  labelFields: readonly string[];
  keywordFields?: readonly string[];
  /** Catalogue keys of the label for one record and for a group of them (SPEC section 2's group selectors). */
  one: MessageKey;
  group: MessageKey;
}

/**
 * A selector of the device's records of one table: one record, or a group of them (`multiple`),
 * searchable, read from the device only so it works offline.
 */
export function recordSelector({ table, labelFields, keywordFields = [], one, group }: RecordSelectorSpec) {
  return function RecordSelector(props: RecordSelectorProps) {
    const { t } = useTranslation();
    const options = useDeviceOptions(table, labelFields, keywordFields);
    const label = props.label ?? t(props.multiple ? group : one);
    if (props.multiple) {
      const { multiple: _m, ...rest } = props;
      return <SearchableMultiSelect {...rest} label={label} options={options} />;
    }
    const { multiple: _m, ...rest } = props;
    return <SearchableSelect {...rest} label={label} options={options} />;
  };
}
