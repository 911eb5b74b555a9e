import { useTranslation } from 'react-i18next';
import { BUILD_MAP_STYLE } from '#src/api/maps/buildMapStyle.ts';
import { formatDateTime } from '#src/domain/format.ts';
import { DEFAULT_STREET_STYLE, defaultBaseMap, type MapTilesSetting } from '#src/domain/schemas/mapTiles.ts';
import { intlLocale, shownLanguage } from '#src/ui/intlLocale.ts';
import { CurrentSetting } from './CurrentSetting.tsx';

const megabytes = (bytes: number) =>
  new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(bytes / 1_000_000);

/** The org's base map in words: its own choice, or the deployment's default when it chose none. */
export function CurrentBaseMap({ setting }: { setting: MapTilesSetting | null }) {
  const { t } = useTranslation('admin');
  const shown = setting ?? defaultBaseMap(BUILD_MAP_STYLE);
  let text: string;
  switch (shown.kind) {
    case 'upload':
      text = t('baseMap.currentUpload', {
        size: megabytes(shown.size),
        min: shown.min_zoom,
        max: shown.max_zoom,
        date: formatDateTime(shown.uploaded_at, shownLanguage()),
      });
      break;
    case 'url':
      text = t('baseMap.currentUrl', { url: shown.url });
      break;
    case 'style':
      if (setting) text = t('baseMap.currentStyle', { url: shown.url });
      else if (shown.url === DEFAULT_STREET_STYLE) text = t('baseMap.currentDefault');
      else text = t('baseMap.currentDefaultStyle', { url: shown.url });
      break;
    case 'builtin':
      text = t('baseMap.currentBuiltIn');
      break;
  }
  return <CurrentSetting label={t('baseMap.current')}>{text}</CurrentSetting>;
}
