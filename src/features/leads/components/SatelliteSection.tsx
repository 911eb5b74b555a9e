import { Image, SimpleGrid, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MAP_IMAGE_SIZE, satelliteImageUrl, streetViewImageUrl } from '#src/api/maps/images.ts';
import { MAP_SERVICE_SETTINGS } from '#src/api/maps/settings.ts';
import type { LeadRow } from '#src/db/rows.ts';
import { positionOf } from '#src/device/hooks/usePinView.ts';
import { Section } from './Section.tsx';

/** The satellite sidebar: the roof from above at the lead's position and the house from the street (400x400). */
export function SatelliteSection({ lead }: { lead: LeadRow }) {
  const { t } = useTranslation('leads');
  const { online } = useNetwork();
  const key = MAP_SERVICE_SETTINGS.googleMapsKey;
  const position = positionOf(lead);
  const roof = position ? satelliteImageUrl(key, { lng: position[0], lat: position[1] }) : undefined;
  const street = streetViewImageUrl(key, lead.address ?? '');
  return (
    <Section title={t('mapServices.satellite.title')}>
      {!key ? (
        <Text size="sm" c="dimmed">
          {t('mapServices.needsSetting', { setting: 'VITE_GOOGLE_MAPS_KEY' })}
        </Text>
      ) : !roof && !street ? (
        <Text size="sm" c="dimmed">
          {t('mapServices.satellite.noPlace')}
        </Text>
      ) : !online ? (
        <Text size="sm" c="dimmed">
          {t('mapServices.satellite.offline')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {roof && <MapImage src={roof} alt={t('mapServices.satellite.roof')} />}
          {street && <MapImage src={street} alt={t('mapServices.satellite.street')} />}
        </SimpleGrid>
      )}
    </Section>
  );
}

function MapImage({ src, alt }: { src: string; alt: string }) {
  return <Image src={src} alt={alt} w="100%" maw={MAP_IMAGE_SIZE} radius="sm" loading="lazy" />;
}
