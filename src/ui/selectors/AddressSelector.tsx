import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeocodeResult, RemoteGeocoder } from '../../api/geocoder.ts';
import { useLeadSearch } from '../../device/hooks/useLeads.ts';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect.tsx';
import { filterOptions, type SelectOption } from './selectOptions.ts';

const SHOWN = 20;
/** Phoenix: where the demo org works; the geocoder only uses it to rank nearby answers first. */
const NEAR = { lng: -112.074, lat: 33.448 };

/**
 * An address: those of the device's leads (offline too), and the geocoder's answers when online
 * (the build's geocoder, handed in by the screen; none: the device's addresses only).
 * The value is the address text itself.
 */
export function AddressSelector({
  geocoder: remoteGeocoder,
  ...props
}: Omit<SearchableSelectProps, 'options' | 'label'> & { label?: string; geocoder?: RemoteGeocoder }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [remote, setRemote] = useState<GeocodeResult[]>([]);
  const own = useLeadSearch(
    (row) =>
      typeof row.address === 'string' &&
      row.address.trim() !== '' &&
      filterOptions([{ value: '', label: row.address }], query).length > 0,
    SHOWN,
    [query],
  )?.rows;
  useEffect(() => {
    if (!remoteGeocoder || !navigator.onLine || query.trim().length < 4) {
      setRemote([]);
      return;
    }
    let live = true;
    // Waits for a pause in typing so the geocoder is not asked on every key.
    const timer = setTimeout(() => {
      remoteGeocoder
        ?.search(query, NEAR)
        .then((found) => live && setRemote(found))
        .catch(() => live && setRemote([]));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, remoteGeocoder]);
  const seen = new Set<string>();
  const options: SelectOption[] = [];
  for (const address of [
    ...(props.value ? [props.value] : []),
    ...(own ?? []).map((r) => String(r.address)),
    ...remote.map((r) => r.address),
  ]) {
    if (seen.has(address)) continue;
    seen.add(address);
    options.push({ value: address, label: address });
  }
  return (
    <SearchableSelect
      {...props}
      label={props.label ?? t('selectors.address')}
      options={options}
      onSearch={setQuery}
    />
  );
}
