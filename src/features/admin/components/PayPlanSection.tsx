import { ActionIcon, Alert, Button, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayBasis } from '#src/domain/pay.ts';
import { usePayPlanAdmin } from '../hooks/usePayPlanAdmin.ts';
import { closerPercent, type PayPlanForm, payPlanFormOf, payPlanOf } from '../utils/payPlanForm.ts';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

/**
 * Settings → pay plan: the one plan of the whole org that 'My pay' projects reps' pay with — the
 * rate per watt or per deal, the setter's and closer's split, the milestones (statuses) that
 * release it and the clawback days.
 */
export function PayPlanSection() {
  const { t } = useTranslation('admin');
  const admin = usePayPlanAdmin();
  const [edited, setForm] = useState<PayPlanForm>();
  const [error, setError] = useState<string>();
  const form = edited ?? (admin.current ? payPlanFormOf(admin.current) : undefined);
  const change = (next: Partial<PayPlanForm>) => form && setForm({ ...form, ...next });
  const milestone = (i: number, next: Partial<PayPlanForm['milestones'][number]>) =>
    form && change({ milestones: form.milestones.map((m, j) => (j === i ? { ...m, ...next } : m)) });

  async function save() {
    if (!form) return;
    const made = payPlanOf(form);
    if ('problem' in made) {
      setError(t(`payPlan.problems.${made.problem}`));
      return;
    }
    setError(await admin.save(made.plan));
  }

  return (
    <SettingsSectionFrame title={t('payPlan.title')}>
      <Text size="sm">{t('payPlan.intro')}</Text>
      {error && (
        <Alert color="red" role="alert" title={t('payPlan.notSaved')}>
          {error}
        </Alert>
      )}
      {form && (
        <TitledSettingsForm
          title={t('payPlan.edit')}
          submitLabel={t('payPlan.save')}
          canSubmit
          saving={admin.saving}
          onSubmit={() => void save()}
        >
          <TextInput
            label={t('payPlan.name')}
            value={form.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
          />
          <SegmentedControl
            aria-label={t('payPlan.basis')}
            value={form.basis}
            onChange={(value) => change({ basis: value as PayBasis })}
            data={[
              { value: 'per_watt', label: t('payPlan.perWatt') },
              { value: 'per_deal', label: t('payPlan.perDeal') },
            ]}
          />
          <TextInput
            label={form.basis === 'per_watt' ? t('payPlan.rateWatt') : t('payPlan.rateDeal')}
            value={form.rate}
            onChange={(e) => change({ rate: e.currentTarget.value })}
          />
          <Group grow>
            <TextInput
              label={t('payPlan.setter')}
              value={form.setter}
              onChange={(e) => change({ setter: e.currentTarget.value })}
            />
            <TextInput label={t('payPlan.closer')} value={closerPercent(form.setter)} readOnly />
          </Group>
          <Text fw={600} size="sm">
            {t('payPlan.milestones')}
          </Text>
          {form.milestones.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a milestone row has no identity but its place; its inputs are controlled
            <Group key={i} align="end">
              <Select
                label={t('payPlan.status')}
                data={[...new Set([...admin.statuses, m.status].filter(Boolean))]}
                value={m.status || null}
                onChange={(value) => milestone(i, { status: value ?? '' })}
              />
              <TextInput
                label={t('payPlan.share')}
                value={m.share}
                onChange={(e) => milestone(i, { share: e.currentTarget.value })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('payPlan.removeMilestone')}
                disabled={form.milestones.length < 2}
                onClick={() => change({ milestones: form.milestones.filter((_, j) => j !== i) })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              onClick={() => change({ milestones: [...form.milestones, { status: '', share: '0' }] })}
            >
              {t('payPlan.addMilestone')}
            </Button>
          </Group>
          <TextInput
            label={t('payPlan.clawbackDays')}
            description={t('payPlan.clawbackHelp')}
            value={form.clawbackDays}
            onChange={(e) => change({ clawbackDays: e.currentTarget.value })}
          />
        </TitledSettingsForm>
      )}
    </SettingsSectionFrame>
  );
}
