// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installChunkReloadGuard } from './serviceWorker.ts';

describe('a lazily loaded chunk that fails to load', () => {
  const reload = vi.fn();
  const realLocation = window.location;
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
    vi.restoreAllMocks();
    sessionStorage.clear();
    reload.mockReset();
  });

  function failChunk(online: boolean): Event {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    return event;
  }

  installChunkReloadGuard();

  it('reloads the page once online (a chunk of an older build is gone), not again right after', () => {
    expect(failChunk(true).defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(failChunk(true).defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the failure to the screen offline: a reload would show the browser’s error page', () => {
    expect(failChunk(false).defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
