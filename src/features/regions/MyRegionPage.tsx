import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { RegionView } from './components/RegionView.tsx';

/** `/region` and `/region/profile`: the profile of the signed-in user's region (their team's). */
export function MyRegionPage() {
  const { t } = useTranslation('regions');
  const region = useActor().region_ids[0];
  if (region) return <RegionView regionId={region} profileOnly />;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('regions.myTitle')}
      </Title>
      <Text>{t('regions.noneMine')}</Text>
    </Stack>
  );
}
