import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#src/ui/toasts.tsx';
import type { BaseMap } from './chooseBaseMap.ts';
import { probeStyle, type Reachability } from './reachability.ts';

/** Each unreachable style is reported once per page, not at every map opened. */
const reported = new Set<string>();
/** A style's answer holds for the page: every map opened after the first draws at once. */
const known = new Map<string, Reachability>();
/** The maps that draw a style, told when it is given up after it answered. */
const listeners = new Set<() => void>();

/**
 * Gives up a style that answered but whose tiles cannot be drawn (watchStreetTiles.ts): every map
 * of the page draws the built-in geography instead, and says so once.
 */
export function giveUpStyle(styleUrl: string): void {
  known.set(styleUrl, 'unreachable');
  for (const listener of listeners) listener();
}

/**
 * The chosen base map, or the built-in one when the chosen style cannot be reached, or its tiles
 * cannot (said once);
 * undefined while the style is being tried, so the map is not drawn twice.
 */
export function useReachableBaseMap(chosen: BaseMap | undefined): BaseMap | undefined {
  const { t } = useTranslation('map');
  const styleUrl = chosen?.kind === 'style' ? chosen.styleUrl : undefined;
  const [, setAnswered] = useState(0);

  useEffect(() => {
    const answered = () => setAnswered((n) => n + 1);
    listeners.add(answered);
    return () => {
      listeners.delete(answered);
    };
  }, []);

  useEffect(() => {
    if (!styleUrl || known.has(styleUrl)) return;
    let live = true;
    void probeStyle(styleUrl).then((answer) => {
      known.set(styleUrl, answer);
      if (live) setAnswered((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [styleUrl]);

  const answer = styleUrl ? known.get(styleUrl) : undefined;
  useEffect(() => {
    if (!styleUrl || answer !== 'unreachable' || reported.has(styleUrl)) return;
    reported.add(styleUrl);
    showToast({ message: t('map.baseMapUnreachable'), color: 'yellow' });
  }, [styleUrl, answer, t]);

  if (!styleUrl) return chosen;
  if (!answer) return undefined;
  return answer === 'reachable' ? chosen : { kind: 'builtin' };
}
