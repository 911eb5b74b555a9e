import { describe, expect, it, vi } from 'vitest';
import { ICON_TIMEOUT_MS, iconService } from './icons.ts';

const SET = {
  prefix: 'tabler',
  width: 24,
  height: 24,
  icons: { door: { body: '<path d="M1 1h2"/>' }, home: { body: '<path d="M2 2"/>', width: 20 } },
};

describe('icon service', () => {
  it('asks for the set by prefix with an icons query and gives data: SVG addresses', async () => {
    const fetcher = vi.fn(async (_url: string, _init: { signal: AbortSignal }) => ({
      ok: true,
      status: 200,
      json: async () => SET,
    }));
    const icons = iconService('https://icons.example/', { fetcher });
    const found = await icons.iconSet('tabler', ['door', 'home', 'missing']);
    expect(fetcher.mock.calls[0]?.[0]).toBe('https://icons.example/tabler.json?icons=door%2Chome%2Cmissing');
    expect([...found.keys()]).toEqual(['door', 'home']);
    const svg = decodeURIComponent(found.get('home')?.replace('data:image/svg+xml;charset=utf-8,', '') ?? '');
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 24" width="20" height="24"><path d="M2 2"/></svg>',
    );
    // The same icons again come from memory.
    await icons.iconSet('tabler', ['missing', 'home', 'door']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('gives up after 1,500 ms and only logs it', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const fetcher = vi.fn(
        (_url: string, init: { signal: AbortSignal }) =>
          new Promise<never>((_resolve, reject) => {
            signal = init.signal;
            init.signal.addEventListener('abort', () => reject(init.signal.reason));
          }),
      );
      const log = vi.fn();
      const pending = iconService('https://icons.example', { fetcher, log }).iconSet('tabler', ['door']);
      await vi.advanceTimersByTimeAsync(ICON_TIMEOUT_MS - 1);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toEqual(new Map());
      expect(signal?.aborted).toBe(true);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed answer and asks again next time', async () => {
    const fetcher = vi.fn(async () => ({ ok: false, status: 503, json: async () => ({}) }));
    const log = vi.fn();
    const icons = iconService('https://icons.example', { fetcher, log });
    await expect(icons.iconSet('tabler', ['door'])).resolves.toEqual(new Map());
    expect(String(log.mock.calls[0]?.[1])).toContain('503');
    await icons.iconSet('tabler', ['door']);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
