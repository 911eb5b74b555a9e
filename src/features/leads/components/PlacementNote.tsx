import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUILD_GEOCODER } from '#src/api/geocoding/buildGeocoder.ts';
import type { LeadRow } from '#src/db/rows.ts';
import { useGeocoderSetting } from '#src/device/hooks/useGeocoderSetting.ts';
import { placementShown } from '#src/domain/leadPlacement.ts';
import { defaultGeocoder } from '#src/domain/schemas/geocoder.ts';

/**
 * For a lead with an address and no position: the server is placing it on the map from its
 * address, or could not find the address (src/domain/leadPlacement.ts). The pin can still be
 * dropped by hand.
 */
export function PlacementNote({ lead }: { lead: LeadRow }) {
  const { t } = useTranslation('leads');
  const setting = useGeocoderSetting();
  if (setting === undefined) return null;
  const off = (setting ?? defaultGeocoder(BUILD_GEOCODER.nominatimUrl)).kind === 'off';
  const shown = placementShown(lead, off);
  if (!shown) return null;
  return (
    <Text size="sm" c={shown === 'failed' ? 'orange.8' : 'dimmed'} role="status">
      {t(shown === 'failed' ? 'leadDetail.placement.failed' : 'leadDetail.placement.pending')}
    </Text>
  );
}
