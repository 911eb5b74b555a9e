import { Alert, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeocodeResult } from '#src/api/geocoder.ts';
import type { PinService } from '../pins/usePinService.ts';
import { type AddressHit, placeOf, searchAddresses } from './useGeocoder.ts';
import { useRemoteGeocoder } from './useRemoteGeocoder.ts';

/**
 * Search box on the map: own leads first, then address suggestions or the org's geocoder when
 * online, with the credit its terms ask for under the results.
 */
export function AddressSearch({
  service,
  near,
  onPick,
}: {
  service: PinService | undefined;
  near: () => { lng: number; lat: number };
  onPick: (result: GeocodeResult) => void;
}) {
  const { t } = useTranslation(['map', 'leads']);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AddressHit[]>([]);
  const [error, setError] = useState<string | undefined>();
  const geocoder = useRemoteGeocoder();

  // biome-ignore lint/correctness/useExhaustiveDependencies: searches when the query settles
  useEffect(() => {
    if (!service || query.trim().length < 2) {
      setResults([]);
      setError(undefined);
      return;
    }
    let live = true;
    const timer = setTimeout(
      () =>
        void searchAddresses(service, geocoder, query, near()).then((answer) => {
          if (!live) return;
          setResults(answer.results);
          setError(answer.error);
        }),
      300,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [service, geocoder, query]);

  return (
    <Stack gap={4} w={260}>
      <TextInput
        size="xs"
        aria-label={t('map.search')}
        placeholder={t('map.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {(results.length > 0 || error || (query.trim().length >= 2 && service)) && (
        <Paper shadow="sm" p={4} withBorder>
          <Stack gap={2}>
            {results.map((r) => (
              <UnstyledButton
                key={'placeId' in r ? r.placeId : `${r.source}:${r.leadId ?? ''}:${r.lng}:${r.lat}`}
                onClick={() => {
                  // A suggestion is placed first; one the maps service cannot place says so.
                  void placeOf(r).then((place) => {
                    if (!place) return setError(t('leads:mapServices.placeNotFound'));
                    onPick(place);
                    setQuery('');
                  });
                }}
                px={6}
                py={4}
              >
                <Text size="xs">{r.address || '—'}</Text>
                <Text size="xs" c="dimmed">
                  {t(`map.searchSource.${r.source}`)}
                </Text>
              </UnstyledButton>
            ))}
            {!results.length && !error && (
              <Text size="xs" c="dimmed" px={6}>
                {t('common.noResults', { query })}
              </Text>
            )}
            {error && (
              <Alert color="orange" p={4}>
                <Text size="xs">{error}</Text>
              </Alert>
            )}
            {geocoder && (
              <Text size="xs" c="dimmed" px={6}>
                {t(`map.geocoderCredit.${geocoder.provider}`)}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
