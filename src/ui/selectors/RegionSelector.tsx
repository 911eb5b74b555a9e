import { useTranslation } from 'react-i18next';
import { useDeviceOptions } from './deviceOptions.ts';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect.tsx';

const LABEL = ['name'] as const;
const KEYWORDS = [] as const;

/** Choose a region of the org. */
export function RegionSelector(props: Omit<SearchableSelectProps, 'options' | 'label'> & { label?: string }) {
  const { t } = useTranslation();
  const options = useDeviceOptions('regions', LABEL, KEYWORDS);
  return <SearchableSelect {...props} label={props.label ?? t('selectors.region')} options={options} />;
}
