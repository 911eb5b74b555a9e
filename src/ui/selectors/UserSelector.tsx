import { useTranslation } from 'react-i18next';
import { useDeviceOptions } from './deviceOptions.ts';
import {
  SearchableMultiSelect,
  type SearchableMultiSelectProps,
  SearchableSelect,
  type SearchableSelectProps,
} from './SearchableSelect.tsx';

const LABEL = ['name', 'email'] as const;
const KEYWORDS = ['email'] as const;

type Single = Omit<SearchableSelectProps, 'options' | 'label'> & { multiple?: false; label?: string };
type Multi = Omit<SearchableMultiSelectProps, 'options' | 'label'> & { multiple: true; label?: string };

/** One user, or several (`multiple`), of those on this device; searchable by name or email. */
export function UserSelector(props: Single | Multi) {
  const { t } = useTranslation();
  const options = useDeviceOptions('users', LABEL, KEYWORDS);
  const label = props.label ?? t(props.multiple ? 'selectors.users' : 'selectors.user');
  if (props.multiple) {
    const { multiple: _m, ...rest } = props;
    return <SearchableMultiSelect {...rest} label={label} options={options} />;
  }
  const { multiple: _m, ...rest } = props;
  return <SearchableSelect {...rest} label={label} options={options} />;
}
