import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { regionGeometryProblem } from '#src/domain/regionGeometry.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';
import { changedRegionFields, draftOf, type RegionDraft, teamChanges } from '../utils/regionDraft.ts';

/**
 * A region's form: its fields as typed and drawn, checked with the shared outline rule, saved and
 * deleted through the record commands (offline first). A team's region is the team's own field,
 * so assigning teams saves those teams.
 */
export function useRegionEditor(
  regionId: string | null,
  row: Record<string, unknown> | undefined,
  teamIds: string[],
) {
  const { t } = useTranslation('regions');
  const navigate = useNavigate();
  const { saveRecord, deleteRecord } = useCommands();
  const creating = regionId === null;
  const [before] = useState(() => draftOf(row, teamIds));
  const [draft, setDraft] = useState<RegionDraft>(before);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const problem = draft.geometry ? regionGeometryProblem(draft.geometry) : undefined;

  const change = (patch: Partial<RegionDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(undefined);
  };

  // The spec's red toast ('There was an error adding the region…'), the rule's reason under it.
  const failed = (title: string, err: unknown) => {
    setError(title);
    toastError(title, err);
  };

  async function save() {
    if (!draft.name.trim()) return setError(t('regions.nameRequired'));
    if (problem) return setError(t(`regions.geometry.${problem}`));
    if (creating && !draft.geometry) return setError(t('regions.outlineRequired'));
    setSaving(true);
    try {
      const saved = await saveRecord(
        'regions',
        regionId ?? undefined,
        changedRegionFields(before, draft, creating),
      );
      const teams = teamChanges(before.team_ids, draft.team_ids);
      for (const team of teams.added) await saveRecord('teams', team, { region_id: saved });
      for (const team of teams.removed) await saveRecord('teams', team, { region_id: null });
      showToast({
        title: t(creating ? 'regions.added' : 'regions.edited'),
        message: draft.name.trim(),
      });
      if (creating) navigate(`/regions/${saved}`, { replace: true });
    } catch (err) {
      failed(t(creating ? 'regions.addError' : 'regions.editError'), err);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!regionId) return;
    try {
      // Teams of a deleted region have none.
      for (const team of before.team_ids) await saveRecord('teams', team, { region_id: null });
      await deleteRecord('regions', regionId);
      showToast({ title: t('regions.deleted'), message: before.name });
      navigate('/regions');
    } catch (err) {
      failed(t('regions.deleteError'), err);
    }
  }

  return { draft, change, problem, error, saving, save, remove, creating };
}
