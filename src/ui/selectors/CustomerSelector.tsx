import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSync } from '../../features/sync/SyncProvider.tsx';
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
  const { db } = useSync();
  const [query, setQuery] = useState('');
  const found = useLiveQuery(async () => {
    const chosen = props.value ? await db.contacts.get(props.value) : undefined;
    // Stops reading as soon as enough leads match.
    const rows = await db.contacts
      .filter((row) => rowOptions([row], LABEL, KEYWORDS).some((o) => filterOptions([o], query).length > 0))
      .limit(SHOWN)
      .toArray();
    const matches = rowOptions(rows, LABEL, KEYWORDS);
    const withChosen =
      chosen && !matches.some((m) => m.value === chosen._id)
        ? [...rowOptions([chosen], LABEL, KEYWORDS), ...matches]
        : matches;
    return { options: withChosen, total: await db.contacts.count() };
  }, [db, query, props.value]);
  return (
    <SearchableSelect
      {...props}
      label={props.label ?? t('selectors.customer')}
      options={found?.options ?? []}
      total={found?.total ?? 0}
      onSearch={setQuery}
    />
  );
}
