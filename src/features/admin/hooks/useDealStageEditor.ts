import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useLoadedDealStages } from '#src/device/hooks/useDealStages.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { useLiveRows } from '#src/device/hooks/useTableRows.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import { dealStageConfigSchema } from '#src/domain/schemas/dealStages.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { moveTargets, orphanedStatuses } from '../utils/stageEditing.ts';

const STATUS_COLUMN = ['deal_stage_status'];

/** How many contacts on the device are on each status (live: a sync moves them). */
function useContactsOnStatus(): ReadonlyMap<string, number> | undefined {
  return useLiveRows(
    'contacts',
    STATUS_COLUMN,
    async (read) => {
      const counts = new Map<string, number>();
      for (const row of await read()) {
        const status = String(row.deal_stage_status ?? '');
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
      return counts;
    },
    [],
  );
}

/**
 * The deal-stage editor's state: a working copy of the org's stages (from the device), checked
 * with the rule the server applies, and saved through interfaces/edit. Saving needs a connection
 * and refuses to leave contacts on a status that no longer exists.
 */
export function useDealStageEditor() {
  const { t } = useTranslation('admin');
  const saved = useLoadedDealStages();
  const contactsOn = useContactsOnStatus();
  const [draft, setDraft] = useState<DealStage[]>();
  const action = useServerAction({
    offline: t('admin.stages.needsConnection'),
    failed: t('admin.stages.saveFailed'),
  });
  const stages = draft ?? saved;

  const problems = useMemo(() => {
    if (!stages) return [];
    const parsed = dealStageConfigSchema.safeParse(stages);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  }, [stages]);
  const orphans = useMemo(
    () => (saved && stages && contactsOn ? orphanedStatuses(saved, stages, contactsOn) : []),
    [saved, stages, contactsOn],
  );

  const targets = useMemo(() => (saved && stages ? moveTargets(saved, stages) : []), [saved, stages]);

  async function save() {
    if (!stages || problems.length || orphans.length) return;
    const outcome = await action.run(() =>
      api.request('/api/v2/interfaces/edit', {
        method: 'POST',
        body: { key: 'deal_stage', type: 'config', data: stages },
      }),
    );
    if (outcome.ok) {
      showToast({ title: t('admin.stages.saved'), message: t('admin.stages.savedMessage') });
    } else if (outcome.sent) {
      showToast({ color: 'red', title: t('common.error'), message: t('admin.stages.saveFailed') });
    }
  }

  return {
    stages,
    edit: (change: (s: DealStage[]) => DealStage[]) => stages && setDraft(change(stages)),
    changed: draft !== undefined,
    reset: () => setDraft(undefined),
    contactsOn,
    problems,
    orphans,
    moveTargets: targets,
    saving: action.busy,
    error: action.error,
    save,
  };
}
