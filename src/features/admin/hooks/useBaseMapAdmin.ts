import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useMapTiles } from '#src/device/hooks/useMapTiles.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { PMTILES_HEADER_BYTES, readPmtilesHeader } from '#src/domain/pmtilesHeader.ts';
import {
  type BaseMapChoice,
  MAP_TILES_MAX_BYTES,
  MAP_TILES_PATH,
  MAP_TILES_TOO_LARGE,
  type MapTilesSetting,
} from '#src/domain/schemas/mapTiles.ts';
import { showToast } from '#src/ui/toasts.tsx';

/**
 * The org's base map, changed on the server only (the file goes straight there; devices learn of
 * it through sync). Each change answers the error to show, if any; offline it says a connection
 * is needed. Until the next pull brings the setting, the server's own answer is shown.
 */
export function useBaseMapAdmin() {
  const { t } = useTranslation('admin');
  const pulled = useMapTiles();
  const [answered, setAnswered] = useState<{ setting: MapTilesSetting | null }>();
  const action = useServerAction({ offline: t('baseMap.needsConnection'), failed: t('baseMap.error') });

  async function change(work: () => Promise<MapTilesSetting | null>): Promise<string | undefined> {
    const outcome = await action.run(work);
    if (!outcome.ok) return outcome.error;
    setAnswered({ setting: outcome.value });
    showToast({ message: t('baseMap.saved') });
    return undefined;
  }

  /** Checks the file here first (the server checks again), so a wrong file is refused at once. */
  async function upload(file: File): Promise<string | undefined> {
    if (file.size > MAP_TILES_MAX_BYTES) return MAP_TILES_TOO_LARGE;
    const head = new Uint8Array(await file.slice(0, PMTILES_HEADER_BYTES).arrayBuffer());
    const check = readPmtilesHeader(head);
    if (!check.ok) return check.message;
    return change(async () => {
      const body = new Blob([file], { type: 'application/octet-stream' });
      const answer = await api.request<{ data: MapTilesSetting }>(MAP_TILES_PATH, { method: 'PUT', body });
      return answer.data;
    });
  }

  const chooseUrl = (url: string) =>
    change(async () => {
      const answer = await api.request<{ data: MapTilesSetting }>('/api/v2/map/tiles-url', {
        method: 'PUT',
        body: { url: url.trim() },
      });
      return answer.data;
    });

  const chooseBase = (choice: BaseMapChoice) =>
    change(async () => {
      const answer = await api.request<{ data: MapTilesSetting }>('/api/v2/map/base', {
        method: 'PUT',
        body: choice,
      });
      return answer.data;
    });
  const chooseStyle = (url: string) => chooseBase({ kind: 'style', url: url.trim() });
  const chooseBuiltIn = () => chooseBase({ kind: 'builtin' });

  /** Back to the deployment's default, the public street map unless the build says otherwise. */
  const chooseDefault = () =>
    change(async () => {
      await api.request('/api/v2/map/tiles', { method: 'DELETE' });
      return null;
    });

  const current = answered ? answered.setting : pulled;
  return {
    current,
    loading: !answered && pulled === undefined,
    saving: action.busy,
    upload,
    chooseUrl,
    chooseStyle,
    chooseBuiltIn,
    chooseDefault,
  };
}
