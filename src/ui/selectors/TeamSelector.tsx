import { useTranslation } from 'react-i18next';
import { useDeviceOptions } from './deviceOptions.ts';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect.tsx';

const LABEL = ['name'] as const;
const KEYWORDS = [] as const;

/** Choose a team of the org. */
export function TeamSelector(props: Omit<SearchableSelectProps, 'options' | 'label'> & { label?: string }) {
  const { t } = useTranslation();
  const options = useDeviceOptions('teams', LABEL, KEYWORDS);
  return <SearchableSelect {...props} label={props.label ?? t('selectors.team')} options={options} />;
}
