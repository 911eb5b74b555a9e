import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useGeocoderSetting } from '#src/device/hooks/useGeocoderSetting.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import type { GeocoderSetting } from '#src/domain/schemas/geocoder.ts';
import { showToast } from '#src/ui/toasts.tsx';

export const GEOCODER_PATH = '/api/v2/map/geocoder';

/**
 * The org's address search, changed on the server only (devices learn of it through sync). A
 * change answers the error to show, if any; offline it says a connection is needed. Until the
 * next pull brings the setting, the server's own answer is shown.
 */
export function useGeocoderAdmin() {
  const { t } = useTranslation('admin');
  const pulled = useGeocoderSetting();
  const [answered, setAnswered] = useState<GeocoderSetting>();
  const action = useServerAction({ offline: t('geocoder.needsConnection'), failed: t('geocoder.error') });

  async function choose(choice: GeocoderSetting): Promise<string | undefined> {
    const outcome = await action.run(async () => {
      const answer = await api.request<{ data: GeocoderSetting }>(GEOCODER_PATH, {
        method: 'PUT',
        body: choice,
      });
      return answer.data;
    });
    if (!outcome.ok) return outcome.error;
    setAnswered(outcome.value);
    showToast({ message: t('geocoder.saved') });
    return undefined;
  }

  return {
    current: answered ?? pulled,
    loading: !answered && pulled === undefined,
    saving: action.busy,
    choose,
  };
}
