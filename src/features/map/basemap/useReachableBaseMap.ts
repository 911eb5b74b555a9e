import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#src/ui/toasts.tsx';
import type { BaseMap } from './chooseBaseMap.ts';
import { probeStyle, type Reachability } from './reachability.ts';

/** Each unreachable style is reported once per page, not at every map opened. */
const reported = new Set<string>();
/** A style's answer holds for the page: every map opened after the first draws at once. */
const known = new Map<string, Reachability>();

/**
 * The chosen base map, or the built-in one when the chosen style cannot be reached (said once);
 * undefined while the style is being tried, so the map is not drawn twice.
 */
export function useReachableBaseMap(chosen: BaseMap | undefined): BaseMap | undefined {
  const { t } = useTranslation('map');
  const styleUrl = chosen?.kind === 'style' ? chosen.styleUrl : undefined;
  const [, setAnswered] = useState(0);

  useEffect(() => {
    if (!styleUrl || known.has(styleUrl)) return;
    let live = true;
    void probeStyle(styleUrl).then((answer) => {
      known.set(styleUrl, answer);
      if (answer === 'unreachable' && !reported.has(styleUrl)) {
        reported.add(styleUrl);
        showToast({ message: t('map.baseMapUnreachable'), color: 'yellow' });
      }
      if (live) setAnswered((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [styleUrl, t]);

  if (!styleUrl) return chosen;
  const answer = known.get(styleUrl);
  if (!answer) return undefined;
  return answer === 'reachable' ? chosen : { kind: 'builtin' };
}
