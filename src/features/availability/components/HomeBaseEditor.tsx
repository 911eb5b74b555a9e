import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKnockPosition } from '#src/device/hooks/useKnockPosition.ts';
import type { LastPosition } from '#src/domain/availability.ts';
import { formatDateTime } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { HomeDraft } from '../utils/availabilityDraft.ts';

interface Props {
  home: HomeDraft;
  lastPosition: LastPosition | null | undefined;
  problem: boolean;
  readOnly: boolean;
  onChange(home: HomeDraft): void;
}

const round = (n: number) => String(Math.round(n * 1e5) / 1e5);

/** Where the 'nearest' rule measures from: an address, and its position typed or taken from the phone. */
export function HomeBaseEditor({ home, lastPosition, problem, readOnly, onChange }: Props) {
  const { t } = useTranslation('availability');
  const locate = useKnockPosition();
  const [unavailable, setUnavailable] = useState(false);

  async function takeHere() {
    const here = await locate();
    setUnavailable(!here);
    if (here) onChange({ ...home, lat: round(here.lat), lng: round(here.lng) });
  }

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('availability.homeBaseHint')}
      </Text>
      <TextInput
        label={t('availability.address')}
        value={home.address}
        readOnly={readOnly}
        maxLength={300}
        onChange={(e) => onChange({ ...home, address: e.currentTarget.value })}
      />
      <Group gap="xs" align="start">
        <TextInput
          label={t('availability.latitude')}
          inputMode="decimal"
          value={home.lat}
          readOnly={readOnly}
          error={problem ? t('availability.problems.position') : undefined}
          onChange={(e) => onChange({ ...home, lat: e.currentTarget.value })}
        />
        <TextInput
          label={t('availability.longitude')}
          inputMode="decimal"
          value={home.lng}
          readOnly={readOnly}
          onChange={(e) => onChange({ ...home, lng: e.currentTarget.value })}
        />
      </Group>
      {!readOnly && (
        <Group gap="xs">
          <Button variant="light" onClick={() => void takeHere()}>
            {t('availability.useHere')}
          </Button>
          <Button variant="subtle" onClick={() => onChange({ address: '', lat: '', lng: '' })}>
            {t('availability.clearHomeBase')}
          </Button>
        </Group>
      )}
      {unavailable && (
        <Text size="sm" c="red" role="alert">
          {t('availability.noPosition')}
        </Text>
      )}
      {lastPosition && (
        <Text size="sm" c="dimmed">
          {t('availability.lastPosition', { when: formatDateTime(lastPosition.at, shownLanguage()) })}
        </Text>
      )}
    </Stack>
  );
}
