import { useTranslation } from 'react-i18next';
import { useDeviceOptions } from './deviceOptions.ts';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect.tsx';

const LABEL = ['name'] as const;
const KEYWORDS = [] as const;

/** Choose a sales channel. */
export function SalesChannelSelector(
  props: Omit<SearchableSelectProps, 'options' | 'label'> & { label?: string },
) {
  const { t } = useTranslation();
  const options = useDeviceOptions('sales_channels', LABEL, KEYWORDS);
  return <SearchableSelect {...props} label={props.label ?? t('selectors.salesChannel')} options={options} />;
}
