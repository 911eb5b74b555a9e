import { Image, SimpleGrid, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_IMAGE_SIZE, satelliteImageUrl, streetViewImageUrl } from '#src/api/maps/images.ts';
import { MAP_SERVICE_SETTINGS } from '#src/api/maps/settings.ts';
import type { LeadRow } from '#src/db/rows.ts';
import { useMapImagery } from '#src/device/hooks/useMapImagery.ts';
import { positionOf } from '#src/device/hooks/usePinView.ts';
import { imagerySource } from '#src/domain/schemas/mapImagery.ts';
import { RoofImagery } from './RoofImagery.tsx';
import { Section } from './Section.tsx';

/**
 * The satellite sidebar: the roof from above at the lead's position and the house from the street
 * (400x400), from Google when this build has its key; otherwise the roof from the org's aerial
 * imagery (the USGS public imagery unless an admin chose another or turned it off).
 */
export function SatelliteSection({ lead }: { lead: LeadRow }) {
  const { t } = useTranslation('leads');
  const { online } = useNetwork();
  const imagery = useMapImagery();
  const key = MAP_SERVICE_SETTINGS.googleMapsKey;
  const position = positionOf(lead);
  const at = position ? { lng: position[0], lat: position[1] } : undefined;
  const roof = at ? satelliteImageUrl(key, at) : undefined;
  const street = streetViewImageUrl(key, lead.address ?? '');
  // Without Google: the org's imagery, once its setting is read (none while it is turned off).
  const source = key || imagery === undefined ? undefined : imagerySource(imagery);
  const dimmed = (text: string) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
  let body: ReactNode;
  if (!key && !source) {
    body = imagery !== undefined && (
      <>
        {dimmed(t('mapServices.needsSetting', { setting: 'VITE_GOOGLE_MAPS_KEY' }))}
        {dimmed(t('mapServices.satellite.imageryOff'))}
      </>
    );
  } else if (source ? !at : !roof && !street) body = dimmed(t('mapServices.satellite.noPlace'));
  else if (!online) body = dimmed(t('mapServices.satellite.offline'));
  else if (source && at) {
    body = <RoofImagery position={at} source={source} alt={t('mapServices.satellite.roof')} />;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {roof && <MapImage src={roof} alt={t('mapServices.satellite.roof')} />}
        {street && <MapImage src={street} alt={t('mapServices.satellite.street')} />}
      </SimpleGrid>
    );
  }
  return <Section title={t('mapServices.satellite.title')}>{body}</Section>;
}

function MapImage({ src, alt }: { src: string; alt: string }) {
  return <Image src={src} alt={alt} w="100%" maw={MAP_IMAGE_SIZE} radius="sm" loading="lazy" />;
}
