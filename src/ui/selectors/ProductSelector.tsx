import { useTranslation } from 'react-i18next';
import { useDeviceOptions } from './deviceOptions.ts';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect.tsx';

const LABEL = ['name'] as const;
const KEYWORDS = ['category'] as const;

/** Choose a product. */
export function ProductSelector(
  props: Omit<SearchableSelectProps, 'options' | 'label'> & { label?: string },
) {
  const { t } = useTranslation();
  const options = useDeviceOptions('products', LABEL, KEYWORDS);
  return <SearchableSelect {...props} label={props.label ?? t('selectors.product')} options={options} />;
}
