import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestRow } from '#src/device/hooks/useContests.ts';
import {
  CONTEST_QUALIFIERS,
  CONTEST_TYPES,
  type ContestQualifier,
  type ContestType,
} from '#src/domain/contests.ts';
import { RegionSelector } from '#src/ui/selectors/RegionSelector.tsx';
import { TeamSelector } from '#src/ui/selectors/TeamSelector.tsx';
import { useContestActions } from '../hooks/useContestActions.ts';
import {
  type ContestDraft,
  contestChanges,
  DESCRIPTION_MAX,
  draftOf,
  draftProblems,
} from '../utils/draft.ts';

/**
 * Creates a contest (`contest` undefined) or edits one; admins only. Problems show on their fields
 * and what was typed stays; a decided contest only lets its description change.
 */
export function ContestForm({ contest, onClose }: { contest: ContestRow | undefined; onClose(): void }) {
  const { t } = useTranslation('contests');
  const actions = useContestActions();
  const [draft, setDraft] = useState<ContestDraft>(() => draftOf(contest, new Date()));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = checked ? draftProblems(draft) : {};
  const locked = !!contest?.decided_at;
  const set = (changes: Partial<ContestDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const error = (key: keyof typeof problems) => {
    const problem = problems[key];
    return problem ? t(`contests.errors.${problem}`, { max: DESCRIPTION_MAX }) : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(draftProblems(draft)).length) return;
    setSaving(true);
    const kept = await actions.save(contest, contestChanges(draft, contest));
    setSaving(false);
    if (kept) onClose();
  }

  return (
    <Modal opened onClose={onClose} size="lg" title={contest ? t('contests.edit') : t('contests.new')}>
      <Stack component="form" onSubmit={submit}>
        <TextInput
          label={t('contests.nameField')}
          withAsterisk
          maxLength={200}
          value={draft.name}
          disabled={locked}
          error={error('name')}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('contests.startDate')}
            withAsterisk
            value={draft.start_date}
            disabled={locked}
            error={error('start_date')}
            onChange={(e) => set({ start_date: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('contests.endDate')}
            withAsterisk
            value={draft.end_date}
            disabled={locked}
            error={error('end_date')}
            onChange={(e) => set({ end_date: e.currentTarget.value })}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t('contests.type')}
            data={CONTEST_TYPES.map((v) => ({ value: v, label: t(`contests.types.${v}`) }))}
            value={draft.contest_type}
            allowDeselect={false}
            disabled={locked}
            onChange={(v) => v && set({ contest_type: v as ContestType })}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('contests.qualifier')}
            data={CONTEST_QUALIFIERS.map((v) => ({ value: v, label: t(`contests.qualifiers.${v}`) }))}
            value={draft.contest_qualifier}
            allowDeselect={false}
            disabled={locked}
            onChange={(v) => v && set({ contest_qualifier: v as ContestQualifier })}
            comboboxProps={{ withinPortal: false }}
          />
        </Group>
        <TeamSelector
          multiple
          label={t('contests.teams')}
          value={draft.team_ids}
          disabled={locked}
          onChange={(team_ids) => set({ team_ids })}
        />
        <RegionSelector
          multiple
          label={t('contests.regions')}
          description={t('contests.scopeHint')}
          value={draft.region_ids}
          disabled={locked}
          onChange={(region_ids) => set({ region_ids })}
        />
        <Textarea
          label={t('contests.description')}
          autosize
          minRows={3}
          value={draft.description}
          error={error('description')}
          description={locked ? t('contests.lockedHint') : undefined}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
