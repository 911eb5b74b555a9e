import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEAL_DATE_FIELDS, type DealForm, type DealProblem, FINANCING_OPTIONS } from '#src/domain/deal.ts';

/**
 * The signed deal as a form: amount, system size, price per watt (two of them give the third on
 * save), financing and the contract dates. `problems` are shown under their fields.
 */
export function DealFields({
  value,
  onChange,
  problems,
  legend,
}: {
  value: DealForm;
  onChange: (next: DealForm) => void;
  problems: Partial<Record<keyof DealForm, DealProblem>>;
  legend?: string;
}) {
  const { t } = useTranslation('leads');
  const set = (key: keyof DealForm, typed: string) => onChange({ ...value, [key]: typed });
  const problem = (key: keyof DealForm) => {
    const found = problems[key];
    return found ? t(`deal.problems.${found}`) : undefined;
  };
  const number = (key: 'contract_amount' | 'system_size_kw' | 'price_per_watt', placeholder: string) => (
    <TextInput
      label={t(`leadDetail.fields.${key}`)}
      description={key === 'price_per_watt' ? t('deal.hint') : undefined}
      inputMode="decimal"
      placeholder={placeholder}
      value={value[key]}
      error={problem(key)}
      onChange={(e) => set(key, e.currentTarget.value)}
    />
  );
  return (
    <Fieldset legend={legend ?? t('leadDetail.sections.deal')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {number('contract_amount', '42000.00')}
        {number('system_size_kw', '8.4')}
        {number('price_per_watt', '5.00')}
        <Select
          label={t('leadDetail.fields.financing')}
          data={FINANCING_OPTIONS.map((o) => ({ value: o, label: t(`deal.financing.${o}`) }))}
          clearable
          value={value.financing || null}
          error={problem('financing')}
          onChange={(v) => set('financing', v ?? '')}
        />
        {DEAL_DATE_FIELDS.map((key) => (
          <TextInput
            key={key}
            type="date"
            label={t(`leadDetail.fields.${key}`)}
            value={value[key]}
            error={problem(key)}
            onChange={(e) => set(key, e.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
