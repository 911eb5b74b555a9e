import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useFieldError } from '../hooks/useFieldError.ts';
import type { Guide } from '../hooks/useGuide.ts';
import { annualKwhOf } from '../utils/draft.ts';

/** Step 2: the utility and the usage, typed as annual kWh or worked out from the monthly bill. */
export function UsageStep({ guide }: { guide: Guide }) {
  const { t } = useTranslation('proposals');
  const { draft, change } = guide;
  const error = useFieldError(guide);
  const derived = draft.usageSource === 'bill' ? annualKwhOf(draft) : undefined;
  return (
    <Stack>
      <TextInput
        label={t('proposals.utility')}
        value={draft.utility}
        onChange={(e) => change('utility', e.currentTarget.value)}
        error={error('utility')}
      />
      <Radio.Group
        label={t('proposals.usageSource')}
        value={draft.usageSource}
        onChange={(value) => change('usageSource', value === 'bill' ? 'bill' : 'annual')}
      >
        <Group mt="xs">
          <Radio value="annual" label={t('proposals.usageAnnual')} />
          <Radio value="bill" label={t('proposals.usageBill')} />
        </Group>
      </Radio.Group>
      {draft.usageSource === 'annual' ? (
        <TextInput
          label={t('proposals.annualKwh')}
          inputMode="decimal"
          value={draft.annualKwh}
          onChange={(e) => change('annualKwh', e.currentTarget.value)}
          error={error('annualKwh')}
          withAsterisk
        />
      ) : (
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('proposals.monthlyBill')}
            inputMode="decimal"
            value={draft.monthlyBill}
            onChange={(e) => change('monthlyBill', e.currentTarget.value)}
            error={error('monthlyBill')}
            withAsterisk
            miw={160}
          />
          <TextInput
            label={t('proposals.rate')}
            inputMode="decimal"
            value={draft.rate}
            onChange={(e) => change('rate', e.currentTarget.value)}
            error={error('rate')}
            withAsterisk
            miw={160}
          />
        </Group>
      )}
      {derived !== undefined && (
        <Text size="sm" aria-live="polite">
          {t('proposals.derivedUsage', { kwh: formatNumber(derived, shownLanguage()) })}
        </Text>
      )}
    </Stack>
  );
}
