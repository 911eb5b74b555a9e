import { Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveProducts } from '#src/device/hooks/useProposals.ts';
import { FINANCING_OPTIONS } from '#src/domain/proposals/index.ts';
import { useFieldError } from '../hooks/useFieldError.ts';
import type { Guide } from '../hooks/useGuide.ts';

/** Step 4: the products (from the device) and the financing: financer, option and amount. */
export function ProductsStep({ guide }: { guide: Guide }) {
  const { t } = useTranslation('proposals');
  const { draft, change } = guide;
  const error = useFieldError(guide);
  const products = useActiveProducts() ?? [];
  return (
    <Stack>
      <Checkbox.Group
        label={t('proposals.products')}
        value={draft.productIds}
        onChange={(ids) => change('productIds', ids)}
      >
        {products.length ? (
          <Stack gap="xs" mt="xs">
            {products.map((p) => (
              <Checkbox key={p._id} value={String(p._id)} label={String(p.name ?? '')} />
            ))}
          </Stack>
        ) : (
          <Text size="sm">{t('proposals.noProducts')}</Text>
        )}
      </Checkbox.Group>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('proposals.financer')}
          value={draft.financer}
          onChange={(e) => change('financer', e.currentTarget.value)}
          error={error('financer')}
          miw={160}
        />
        <Select
          label={t('proposals.option')}
          data={FINANCING_OPTIONS.map((o) => ({ value: o, label: t(`proposals.options.${o}`) }))}
          value={draft.option || null}
          onChange={(value) => change('option', value ?? '')}
          error={error('option')}
          withAsterisk
          miw={160}
        />
        <TextInput
          label={t('proposals.amount')}
          inputMode="decimal"
          value={draft.amount}
          onChange={(e) => change('amount', e.currentTarget.value)}
          error={error('amount')}
          miw={160}
        />
      </Group>
    </Stack>
  );
}
