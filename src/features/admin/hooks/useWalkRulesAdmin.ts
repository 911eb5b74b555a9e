import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { useWalkRules } from '#src/device/hooks/useWalk.ts';
import type { WalkRules } from '#src/domain/doorEligibility.ts';
import { showToast } from '#src/ui/toasts.tsx';

export const WALK_RULES_PATH = '/api/v2/map/walk-rules';

/**
 * The org's walk rules, changed on the server only (devices learn of them through sync). Until the
 * next pull brings them, the server's own answer is shown; offline, saving says a connection is needed.
 */
export function useWalkRulesAdmin() {
  const { t } = useTranslation('admin');
  const pulled = useWalkRules();
  const statuses = useDealStages().flatMap((stage) => stage.options.map((o) => o.value));
  const [answered, setAnswered] = useState<WalkRules>();
  const action = useServerAction({ offline: t('walkRules.needsConnection'), failed: t('walkRules.error') });

  async function save(rules: WalkRules): Promise<string | undefined> {
    const outcome = await action.run(async () => {
      const answer = await api.request<{ data: WalkRules }>(WALK_RULES_PATH, { method: 'PUT', body: rules });
      return answer.data;
    });
    if (!outcome.ok) return outcome.error;
    setAnswered(outcome.value);
    showToast({ message: t('walkRules.saved') });
    return undefined;
  }

  return { current: answered ?? pulled, statuses, saving: action.busy, save };
}
