import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../app/i18n.ts';
import { createTicker, TIME_AGO_REFRESH_MS, timeAgo } from './timeAgo.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  beforeAll(async () => {
    const i18n = (await import('i18next')).default;
    await i18n.changeLanguage('en');
  });

  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 min ago'],
    [3599, '59 min ago'],
    [3600, '1 h ago'],
    [86_400 * 3, '3 d ago'],
    [-30, 'just now'],
  ])('%s s ago reads %s', (seconds, label) => {
    expect(timeAgo(ago(seconds), now)).toBe(label);
  });
});

describe('the shared ticker', () => {
  afterEach(() => vi.useRealTimers());

  it('runs one timer for every label and ticks every 30 s', () => {
    vi.useFakeTimers();
    const ticker = createTicker();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = ticker.subscribe(first);
    const stopSecond = ticker.subscribe(second);
    expect(vi.getTimerCount()).toBe(1);
    const before = ticker.getSnapshot();
    vi.advanceTimersByTime(TIME_AGO_REFRESH_MS - 1);
    expect(first).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(ticker.getSnapshot()).toBe(before + TIME_AGO_REFRESH_MS);
    stopFirst();
    expect(vi.getTimerCount()).toBe(1);
    stopSecond();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the same time between ticks', () => {
    const ticker = createTicker();
    expect(ticker.getSnapshot()).toBe(ticker.getSnapshot());
  });
});
