import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLead, useLeadSearch } from '#src/device/hooks/useLeads.ts';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect.tsx';
import { filterOptions, rowOptions } from './selectOptions.ts';

const SHOWN = 50;
const LABEL = ['name', 'address'];
const KEYWORDS = ['address', 'phone', 'email'];

/**
 * A customer (lead) of the device. A device may hold 100,000 leads, so the list holds the first
 * matches of what is typed (name, address, phone, email), not every lead.
 */
export function CustomerSelector(
  props: Omit<SearchableSelectProps, 'options' | 'label'> & { label?: string },
) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const chosen = useLead(props.value || undefined);
  // Stops reading as soon as enough leads match.
  const found = useLeadSearch(
    (row) => rowOptions([row], LABEL, KEYWORDS).some((o) => filterOptions([o], query).length > 0),
    SHOWN,
    [query],
  );
  const options = useMemo(() => {
    if (!found) return [];
    const matches = rowOptions(found.rows, LABEL, KEYWORDS);
    return chosen && !matches.some((m) => m.value === chosen._id)
      ? [...rowOptions([chosen], LABEL, KEYWORDS), ...matches]
      : matches;
  }, [found, chosen]);
  return (
    <SearchableSelect
      {...props}
      label={props.label ?? t('selectors.customer')}
      options={options}
      total={found?.total ?? 0}
      onSearch={setQuery}
    />
  );
}
