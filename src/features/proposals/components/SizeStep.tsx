import { Alert, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useFieldError } from '../hooks/useFieldError.ts';
import type { Guide } from '../hooks/useGuide.ts';
import { sizeOf } from '../utils/draft.ts';

/** Step 3: the system size from the usage, with the formula stated and its result live. */
export function SizeStep({ guide }: { guide: Guide }) {
  const { t } = useTranslation('proposals');
  const { draft, change } = guide;
  const error = useFieldError(guide);
  const size = sizeOf(draft);
  const kw = (value: number) => t('proposals.kw', { value: formatNumber(value, shownLanguage()) });
  return (
    <Stack>
      <Alert variant="light" title={t('proposals.formulaTitle')}>
        {t('proposals.formula')}
      </Alert>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('proposals.sunHours')}
          inputMode="decimal"
          value={draft.sunHours}
          onChange={(e) => change('sunHours', e.currentTarget.value)}
          error={error('sunHours')}
          withAsterisk
          miw={160}
        />
        <TextInput
          label={t('proposals.panelWattage')}
          inputMode="numeric"
          value={draft.panelWattage}
          onChange={(e) => change('panelWattage', e.currentTarget.value)}
          error={error('panelWattage')}
          withAsterisk
          miw={160}
        />
      </Group>
      <section aria-live="polite" aria-label={t('proposals.systemKw')}>
        {size ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Result label={t('proposals.requiredKw')} value={kw(size.requiredKw)} />
            <Result label={t('proposals.panels')} value={String(size.panels)} />
            <Result label={t('proposals.systemKw')} value={kw(size.systemKw)} />
          </SimpleGrid>
        ) : (
          <Text size="sm">{t('proposals.sizeWaiting')}</Text>
        )}
      </section>
    </Stack>
  );
}

function Result({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm">{label}</Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </div>
  );
}
