import { Alert, MultiSelect, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalkRulesAdmin } from '../hooks/useWalkRulesAdmin.ts';
import {
  closableStatuses,
  type WalkRulesForm,
  walkRulesFormOf,
  walkRulesOf,
} from '../utils/walkRulesForm.ts';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

/**
 * Settings → walk planning: which doors a rep's 'Plan my walk' leaves out — the closed statuses,
 * customers, and the days a door rests after a knock. Reps' devices apply them offline.
 */
export function WalkRulesSection() {
  const { t } = useTranslation('admin');
  const admin = useWalkRulesAdmin();
  const [edited, setForm] = useState<WalkRulesForm>();
  const [error, setError] = useState<string>();
  const form = edited ?? (admin.current ? walkRulesFormOf(admin.current) : undefined);
  const change = (next: Partial<WalkRulesForm>) => form && setForm({ ...form, ...next });

  async function save() {
    if (!form) return;
    const made = walkRulesOf(form);
    if ('problem' in made) {
      setError(t('walkRules.problems.days'));
      return;
    }
    setError(await admin.save(made.rules));
  }

  return (
    <SettingsSectionFrame title={t('walkRules.title')}>
      <Text size="sm">{t('walkRules.intro')}</Text>
      {error && (
        <Alert color="red" role="alert" title={t('walkRules.notSaved')}>
          {error}
        </Alert>
      )}
      {form && (
        <TitledSettingsForm
          title={t('walkRules.edit')}
          submitLabel={t('walkRules.save')}
          canSubmit
          saving={admin.saving}
          onSubmit={() => void save()}
        >
          <MultiSelect
            label={t('walkRules.closedStatuses')}
            description={t('walkRules.closedHelp')}
            searchable
            data={closableStatuses(admin.statuses, form.closedStatuses)}
            value={form.closedStatuses}
            onChange={(closedStatuses) => change({ closedStatuses })}
          />
          <Switch
            label={t('walkRules.customersClosed')}
            description={t('walkRules.customersHelp')}
            checked={form.customersClosed}
            onChange={(e) => change({ customersClosed: e.currentTarget.checked })}
          />
          <TextInput
            label={t('walkRules.cooldownDays')}
            description={t('walkRules.cooldownHelp')}
            inputMode="numeric"
            value={form.cooldownDays}
            onChange={(e) => change({ cooldownDays: e.currentTarget.value })}
          />
        </TitledSettingsForm>
      )}
    </SettingsSectionFrame>
  );
}
