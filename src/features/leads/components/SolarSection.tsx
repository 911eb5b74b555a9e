import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { positionOf } from '#src/device/hooks/usePinView.ts';
import { useSolarEstimate } from '../hooks/useSolarEstimate.ts';
import { Section } from './Section.tsx';

/** The solar sidebar: what the roof at the lead's position could carry and make in a year. */
export function SolarSection({ lead }: { lead: LeadRow }) {
  const { t, i18n } = useTranslation('leads');
  const position = positionOf(lead);
  const solar = useSolarEstimate(position ? { lng: position[0], lat: position[1] } : undefined);
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Section title={t('mapServices.solar.title')}>
      {solar.state === 'found' ? (
        <Stack gap="xs">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="xs" m={0}>
            <Figure label={t('mapServices.solar.panels')} value={number(solar.estimate.panels)} />
            <Figure
              label={t('mapServices.solar.kwh')}
              value={t('mapServices.solar.kwhValue', { value: number(solar.estimate.kwhPerYear) })}
            />
            <Figure
              label={t('mapServices.solar.sunshine')}
              value={t('mapServices.solar.hoursValue', {
                value: number(solar.estimate.sunshineHoursPerYear),
              })}
            />
          </SimpleGrid>
          {solar.estimate.quality && (
            <Text size="xs" c="dimmed">
              {t('mapServices.solar.quality', { quality: solar.estimate.quality })}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" role={solar.state === 'failed' ? 'alert' : undefined}>
          {solar.state === 'failed'
            ? t('mapServices.solar.failed', { reason: solar.reason })
            : t(`mapServices.solar.${solar.state}`)}
        </Text>
      )}
    </Section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="lg" fw={600} m={0}>
        {value}
      </Text>
    </div>
  );
}
