import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImageryUnavailable } from '../basemap/imageryLayer.ts';

export interface ImageryChoiceProps {
  /** Satellite is shown. */
  on: boolean;
  onChange: (on: boolean) => void;
  /** Why Satellite cannot be chosen (the org turned imagery off). */
  unavailable: ImageryUnavailable | undefined;
}

/** Map or Satellite, above the overlay layers; Satellite says why when the org turned it off. */
export function ImageryChoice({ on, onChange, unavailable }: ImageryChoiceProps) {
  const { t } = useTranslation('map');
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t('map.imagery.label')}
        value={on && !unavailable ? 'satellite' : 'map'}
        onChange={(value) => onChange(value === 'satellite')}
        data={[
          { value: 'map', label: t('map.imagery.map') },
          { value: 'satellite', label: t('map.imagery.satellite'), disabled: !!unavailable },
        ]}
      />
      {unavailable && (
        <Text size="xs" c="dimmed">
          {t(unavailable)}
        </Text>
      )}
    </Stack>
  );
}
