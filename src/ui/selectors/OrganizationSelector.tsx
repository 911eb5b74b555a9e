import { useTranslation } from 'react-i18next';
import { useDeviceOptions } from './deviceOptions.ts';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect.tsx';

const LABEL = ['name'] as const;
const KEYWORDS = [] as const;

/** Choose an organisation (the caller's own, as devices see it). */
export function OrganizationSelector(
  props: Omit<SearchableSelectProps, 'options' | 'label'> & { label?: string },
) {
  const { t } = useTranslation();
  const options = useDeviceOptions('orgs', LABEL, KEYWORDS);
  return <SearchableSelect {...props} label={props.label ?? t('selectors.organization')} options={options} />;
}
