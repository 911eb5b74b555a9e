import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useMapImagery } from '#src/device/hooks/useMapImagery.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { type MapImagerySetting, mapImagerySettingSchema } from '#src/domain/schemas/mapImagery.ts';
import { showToast } from '#src/ui/toasts.tsx';

/**
 * The org's aerial imagery, changed on the server only (devices learn of it through sync). A
 * change answers the error to show, if any; offline it says a connection is needed. Until the next
 * pull brings the setting, the server's own answer is shown.
 */
export function useImageryAdmin() {
  const { t } = useTranslation('admin');
  const pulled = useMapImagery();
  const [answered, setAnswered] = useState<{ setting: MapImagerySetting }>();
  const action = useServerAction({ offline: t('imagery.needsConnection'), failed: t('imagery.error') });

  /** Checks the choice here first (the server checks again), so a wrong address is refused at once. */
  async function save(choice: MapImagerySetting): Promise<string | undefined> {
    if (!mapImagerySettingSchema.safeParse(choice).success) return t('imagery.badUrl');
    const outcome = await action.run(async () => {
      const answer = await api.request<{ data: MapImagerySetting }>('/api/v2/map/imagery', {
        method: 'PUT',
        body: choice,
      });
      return answer.data;
    });
    if (!outcome.ok) return outcome.error;
    setAnswered({ setting: outcome.value });
    showToast({ message: t('imagery.saved') });
    return undefined;
  }

  return {
    /** The org's setting: null when it has none (the public USGS imagery). */
    current: answered ? answered.setting : pulled,
    loading: !answered && pulled === undefined,
    saving: action.busy,
    save,
  };
}
