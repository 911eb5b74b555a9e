import i18n from 'i18next';
import { useSyncExternalStore } from 'react';
import { elapsedSince } from '#src/domain/lastActive.ts';

/** 'just now' under 60 s (SPEC section 9), then minutes, hours, days — in the language shown. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = elapsedSince(iso, now);
  if (elapsed.unit === 'now') return i18n.t('time.justNow');
  if (elapsed.unit === 'minutes') return i18n.t('time.minutesAgo', { count: elapsed.count });
  if (elapsed.unit === 'hours') return i18n.t('time.hoursAgo', { count: elapsed.count });
  return i18n.t('time.daysAgo', { count: elapsed.count });
}

/** SPEC section 9: time-ago labels are refreshed every 30 s. */
export const TIME_AGO_REFRESH_MS = 30_000;

type Listener = () => void;

/**
 * One clock for every time-ago label on screen: a single 30 s timer runs while at least one label
 * is shown (and the time is re-read when the page becomes visible again), not one timer per label.
 */
export function createTicker(every: number = TIME_AGO_REFRESH_MS) {
  const listeners = new Set<Listener>();
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    now = Date.now();
    for (const listener of listeners) listener();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      if (!timer) {
        now = Date.now();
        timer = setInterval(tick, every);
        if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
          if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
        }
      };
    },
    getSnapshot: () => now,
  };
}

const ticker = createTicker();

/** The shared clock's time, re-rendering the caller every 30 s: pass it to `timeAgo`. */
export function useTimeAgoNow(): number {
  return useSyncExternalStore(ticker.subscribe, ticker.getSnapshot);
}
